import type { MeasuredValue, Place, Run, TestId } from '../../contract/contract.js';
import type { Measurements } from './rule-kit/types.js';

function newestFirst(runs: Run[]): Run[] {
  return [...runs].filter((r) => r && Array.isArray(r.targets)).sort((a, b) => String(b.startedAt ?? '').localeCompare(String(a.startedAt ?? '')));
}

function pick(run: Run, match: (runtime: string) => boolean, test: TestId, place: Place, metric: string, setting?: string): MeasuredValue | undefined {
  for (const t of run.targets ?? []) {
    if (!match(t.runtime)) continue;
    for (const r of t.results ?? []) {
      const median = r.test === test && r.place === place ? r.metrics?.[metric]?.median : undefined;
      if (typeof median === 'number' && Number.isFinite(median)) {
        return { runId: run.id, target: t.id, test, place, metric, median, ...(setting ? { settingValue: t.settings?.[setting] } : {}) };
      }
    }
  }
  return undefined;
}

/** The user's own numbers for one runtime, from stored runs (any order). */
export function measurementsFor(runtimeId: string, runs: Run[]): Measurements {
  const sorted = newestFirst(runs);
  const mine = (id: string): boolean => id === runtimeId;
  return {
    latest: (test, place, metric) => {
      for (const run of sorted) {
        const v = pick(run, mine, test, place, metric);
        if (v) return v;
      }
      return undefined;
    },
    native: (test, metric, sameRun) => {
      const same = sorted.find((r) => r.id === sameRun);
      const first = same ? pick(same, (id) => id === 'local', test, 'native', metric) : undefined;
      if (first) return first;
      for (const run of sorted) {
        const v = pick(run, (id) => id === 'local', test, 'native', metric);
        if (v) return v;
      }
      return undefined;
    },
    bySetting: (setting, test, place, metric) => {
      const seen = new Map<string, MeasuredValue>();
      for (const run of sorted) {
        const v = pick(run, mine, test, place, metric, setting);
        const key = v ? String(v.settingValue) : undefined;
        if (v && v.settingValue !== undefined && key && !seen.has(key)) seen.set(key, v);
      }
      return [...seen.values()];
    },
    has: (test) => sorted.some((run) => run.targets.some((t) => mine(t.runtime) && (t.results ?? []).some((r) => r.test === test))),
    latestResult: (test, place) => {
      for (const run of sorted) {
        for (const t of run.targets ?? []) {
          const result = mine(t.runtime) ? (t.results ?? []).find((r) => r.test === test && r.place === place) : undefined;
          if (result) return { result, errors: (t.errors ?? []).filter((e) => e.test === test && e.place === place), target: t.id, runId: run.id };
        }
      }
      return undefined;
    },
  };
}

/** No stored runs: every lookup answers undefined. */
export const NO_MEASUREMENTS: Measurements = measurementsFor('', []);
