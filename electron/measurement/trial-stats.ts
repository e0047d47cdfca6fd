import type { Stat, TestResult, TrialsRecord } from '../contract/contract.js';

/** Median of N with min and max; the median of an even count is the mean of the middle two. */
export function summarize(values: number[]): Stat {
  const v = values.filter((x) => Number.isFinite(x)).sort((a, b) => a - b);
  if (v.length === 0) throw new Error('summarize: no finite values');
  const mid = Math.floor(v.length / 2);
  const median = v.length % 2 === 1 ? v[mid] : (v[mid - 1] + v[mid]) / 2;
  return { median, min: v[0], max: v[v.length - 1], n: v.length };
}

/** Rounds to the given number of decimals (a time in seconds to the millisecond: 3): the one rounding of stored figures. */
export function roundTo(x: number, decimals: number): number {
  const f = 10 ** decimals;
  return Math.round(x * f) / f;
}

/** Rounds a figure for display: 3 significant digits below 100, integers above. */
export function roundFigure(x: number): number {
  if (!Number.isFinite(x)) return x;
  const a = Math.abs(x);
  if (a >= 100) return Math.round(x);
  if (a >= 10) return Math.round(x * 10) / 10;
  return Math.round(x * 100) / 100;
}

/** The adaptive-trials record of a result whose primary metric stayed unstable (the suite's maximum or the time cap reached, its target not met), else null. */
export function unmetTarget(r: Pick<TestResult, 'trials'>): TrialsRecord | null {
  return r.trials?.stop === 'max-reached' || r.trials?.stop === 'time-cap' ? r.trials : null;
}

/**
 * hyperfine's outlier threshold on the modified Z-score (x − median) / MAD: 14.826, i.e. ten median absolute deviations
 * scaled to a normal's σ (1.4826 × 10). A run past it is far from the others: hyperfine's warnings, and vmbench's.
 */
export const OUTLIER_THRESHOLD = 14.826;

/** Each value's modified Z-score, (x − median) / MAD as hyperfine computes it (a MAD of 0 counts as the smallest positive double). */
export function modifiedZScores(values: readonly number[]): number[] {
  const median = summarize([...values]).median;
  const mad = summarize(values.map((x) => Math.abs(x - median))).median;
  const scale = mad > 0 ? mad : Number.EPSILON;
  return values.map((x) => (x - median) / scale);
}

/** What hyperfine warns of in a set of runs (in run order): a first run far slower than the rest (cold caches), else runs far from the others. */
export type RunsWarning = { kind: 'slow-first'; first: number; median: number } | { kind: 'outliers'; count: number; n: number };

/** The warning of a set of timed runs (wall seconds, in run order), as hyperfine gives it; null when there is none or fewer than 3 runs. */
export function runsWarning(values: readonly number[]): RunsWarning | null {
  const v = values.filter((x) => Number.isFinite(x));
  if (v.length < 3) return null;
  const z = modifiedZScores(v);
  if (z[0] > OUTLIER_THRESHOLD) return { kind: 'slow-first', first: v[0], median: summarize([...v]).median };
  const count = z.filter((s) => Math.abs(s) > OUTLIER_THRESHOLD).length;
  return count > 0 ? { kind: 'outliers', count, n: v.length } : null;
}
