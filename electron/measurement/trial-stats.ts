import type { Stat, TestResult, TrialsRecord } from '../contract/contract.js';

/** Median of N with min and max; the median of an even count is the mean of the middle two. */
export function summarize(values: number[]): Stat {
  const v = values.filter((x) => Number.isFinite(x)).sort((a, b) => a - b);
  if (v.length === 0) throw new Error('summarize: no finite values');
  const mid = Math.floor(v.length / 2);
  const median = v.length % 2 === 1 ? v[mid] : (v[mid - 1] + v[mid]) / 2;
  return { median, min: v[0], max: v[v.length - 1], n: v.length };
}

/** Rounds a figure for display: 3 significant digits below 100, integers above. */
export function roundFigure(x: number): number {
  if (!Number.isFinite(x)) return x;
  const a = Math.abs(x);
  if (a >= 100) return Math.round(x);
  if (a >= 10) return Math.round(x * 10) / 10;
  return Math.round(x * 100) / 100;
}

/** The adaptive-trials record of a result whose primary metric stayed unstable (the suite's maximum reached, its target not met), else null. */
export function unmetTarget(r: Pick<TestResult, 'trials'>): TrialsRecord | null {
  return r.trials?.stop === 'max-reached' ? r.trials : null;
}
