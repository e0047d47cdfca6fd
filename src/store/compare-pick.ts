import type { RunSummary } from '../../electron/contract/contract.js';

/** Runs newest first (by startedAt, then id). */
export function newestFirst(runs: RunSummary[]): RunSummary[] {
  return [...runs].sort((x, y) => (x.startedAt === y.startedAt ? y.id.localeCompare(x.id) : y.startedAt.localeCompare(x.startedAt)));
}

const sameSet = (x: string[], y: string[]): boolean => x.length === y.length && x.every((v) => y.includes(v));

/** Whether two runs measured at least one test on one target in common (otherwise Compare is a wall of "—"). */
export function sharesMetrics(x: Pick<RunSummary, 'targets' | 'tests'>, y: Pick<RunSummary, 'targets' | 'tests'>): boolean {
  return x.targets.some((t) => y.targets.includes(t)) && x.tests.some((t) => y.tests.includes(t));
}

/**
 * Default before/after pair: B = the newest run that measured something, A = the latest earlier run with the
 * same targets and tests; failing that, the latest earlier one that shares a metric with B.
 */
export function defaultComparePair(runs: RunSummary[]): { a: string | null; b: string | null } {
  const sorted = newestFirst(runs);
  const usable = sorted.filter((r) => r.status !== 'failed');
  const pool = usable.length >= 2 ? usable : sorted;
  const b = pool[0];
  if (!b) return { a: null, b: null };
  const earlier = pool.slice(1);
  const a = earlier.find((r) => sameSet(r.targets, b.targets) && sameSet(r.tests, b.tests)) ?? earlier.find((r) => sharesMetrics(r, b)) ?? earlier[0];
  return { a: a?.id ?? null, b: b.id };
}

/** Orders two picked run ids as before (older) and after (newer). */
export function orderPair(runs: RunSummary[], x: string, y: string): { a: string; b: string } {
  const rx = runs.find((r) => r.id === x);
  const ry = runs.find((r) => r.id === y);
  if (rx && ry && rx.startedAt > ry.startedAt) return { a: y, b: x };
  return { a: x, b: y };
}
