import type { CompareRow, Comparison, Run, RunSummary, SettingChange } from '../contract.js';
import { metricInfo } from '../metrics.js';
import { summarizeRun } from './store/summary.js';

/** Relative change below which two medians count as equal (measurement noise). */
const NOISE_PCT = 1;

/** Before/after of two runs: every metric of every target/test/place present in either. */
export function compareRuns(a: Run, b: Run): Comparison {
  const rows: CompareRow[] = [];
  const key = (t: string, test: string, place: string, m: string): string => `${t}\u0000${test}\u0000${place}\u0000${m}`;
  const values = new Map<string, { target: string; test: CompareRow['test']; place: CompareRow['place']; metric: string; a: number | null; b: number | null }>();
  const add = (run: Run, side: 'a' | 'b'): void => {
    for (const t of run.targets) {
      for (const r of t.results) {
        for (const [metric, stat] of Object.entries(r.metrics)) {
          const k = key(t.id, r.test, r.place, metric);
          const row = values.get(k) ?? { target: t.id, test: r.test, place: r.place, metric, a: null, b: null };
          row[side] = stat.median;
          values.set(k, row);
        }
      }
    }
  };
  add(a, 'a');
  add(b, 'b');
  for (const v of values.values()) {
    const direction = metricInfo(v.metric).direction;
    const delta = v.a !== null && v.b !== null ? v.b - v.a : null;
    const pct = delta !== null && v.a !== 0 && v.a !== null ? (delta / Math.abs(v.a)) * 100 : null;
    let improved: boolean | null = null;
    if (pct !== null && Math.abs(pct) >= NOISE_PCT) improved = direction === 'higher' ? pct > 0 : pct < 0;
    rows.push({ ...v, direction, delta, pct, improved });
  }
  return { a: summarizeRun(a), b: summarizeRun(b), rows, settings: settingChanges(a, b) };
}

/** Settings whose values differ between the two runs, for targets measured in both. */
export function settingChanges(a: Run, b: Run): SettingChange[] {
  const out: SettingChange[] = [];
  for (const tb of b.targets) {
    const ta = a.targets.find((t) => t.id === tb.id);
    if (!ta) continue;
    for (const setting of [...new Set([...Object.keys(ta.settings), ...Object.keys(tb.settings)])]) {
      const [va, vb] = [ta.settings[setting], tb.settings[setting]];
      if (JSON.stringify(va) !== JSON.stringify(vb)) out.push({ target: tb.id, setting, a: va ?? null, b: vb ?? null });
    }
  }
  return out;
}

/** Convenience for callers that only hold summaries. */
export type { RunSummary };
