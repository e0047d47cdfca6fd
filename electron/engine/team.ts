/**
 * The team table: N runs, local or imported, as one row per machine × runtime × place with each headline
 * metric's ratio to that machine's own native (the baseline of electron/measurement/native-ratio.ts; same
 * estimator and family rule as Compare), sortable by a score, and the settings that differ between the best
 * and the worst row. Each machine's native is a row of its own, the baseline (1×, with its medians).
 */
import type { Run, TeamRow, TeamTable } from '../contract/contract.js';
import { HEADLINE_METRIC, metricInfo, metricRank } from '../measurement/metrics.js';
import { isBaseline, nativeResult } from '../measurement/native-ratio.js';
import { decideFamily } from '../measurement/verdict-family.js';
import { trialsOf } from './compare.js';
import { machineOf } from './compare-machines.js';

/** A run's machine for a table: its label, or "This machine". */
export function machineName(run: Run): string {
  return machineOf(run) ?? 'This machine';
}

/** The team table of the runs given (in that order of rows before sorting by score, best first). */
export function teamTable(runs: Run[]): TeamTable {
  type Cell = { row: TeamRow; metric: string; native: number[]; place: number[] };
  const cells: Cell[] = [];
  const rows: TeamRow[] = [];
  const metrics = new Set<string>();
  for (const run of runs) {
    for (const t of run.targets) {
      const places = [...new Set(t.results.map((r) => r.place))];
      for (const place of places) {
        // The baseline itself is a row too (1× by definition, with its own numbers): a run that measured only
        // This machine still shows each machine's native beside the others'.
        const baseline = isBaseline(run, t, place);
        const row: TeamRow = {
          runId: run.id,
          machine: machineName(run),
          imported: !!run.origin,
          target: t.id,
          runtime: t.runtime,
          place,
          baseline,
          ratios: {},
          medians: {},
          score: null,
          settings: t.settings,
        };
        rows.push(row);
        for (const r of t.results.filter((x) => x.place === place)) {
          const metric = HEADLINE_METRIC[r.test];
          if (!metric || !r.metrics[metric]) continue;
          metrics.add(metric);
          row.medians[metric] = r.metrics[metric].median;
          if (baseline) continue;
          const native = nativeResult(run, r.test, metric);
          if (native) cells.push({ row, metric, native: trialsOf(native, metric), place: trialsOf(r, metric) });
          else row.ratios[metric] = null;
        }
        if (baseline) for (const m of Object.keys(row.medians)) row.ratios[m] = { ratio: 1, ci: null };
      }
    }
  }
  const decision = decideFamily(cells.map((c) => ({ a: c.native, b: c.place, primary: true })));
  cells.forEach((c, i) => {
    const { call, estimate } = decision.calls[i];
    c.row.ratios[c.metric] = estimate ? { ratio: estimate.ratio, ci: call === 'undecided' ? null : [estimate.lo, estimate.hi] } : null;
  });
  for (const row of rows.filter((r) => !r.baseline)) {
    // Better is larger for the score: a time (lower is better) counts by its inverse.
    const logs = Object.entries(row.ratios).flatMap(([m, v]) => (v ? [Math.log(v.ratio) * (metricInfo(m).direction === 'lower' ? -1 : 1)] : []));
    row.score = logs.length ? Math.exp(logs.reduce((s, x) => s + x, 0) / logs.length) : null;
  }
  rows.sort((x, y) => (y.score ?? -Infinity) - (x.score ?? -Infinity));
  const scored = rows.filter((r) => r.score !== null);
  let fastest: TeamTable['fastest'] = null;
  if (scored.length >= 2) {
    const [best, worst] = [scored[0], scored[scored.length - 1]];
    const keys = [...new Set([...Object.keys(best.settings), ...Object.keys(worst.settings)])];
    const differ = keys
      .filter((k) => JSON.stringify(best.settings[k]) !== JSON.stringify(worst.settings[k]))
      .map((k) => ({ setting: k, best: best.settings[k] ?? null, worst: worst.settings[k] ?? null }));
    if (best.place !== worst.place) differ.unshift({ setting: 'place', best: best.place, worst: worst.place });
    if (best.runtime !== worst.runtime) differ.unshift({ setting: 'runtime', best: best.runtime, worst: worst.runtime });
    fastest = { best: 0, worst: rows.indexOf(worst), settings: differ };
  }
  return { metrics: [...metrics].sort((a, b) => metricRank(a) - metricRank(b)), rows, fastest, level: decision.level };
}
