import type { RunSummary } from '../../electron/contract';

/** Runs newest first (by startedAt, then id). */
export function newestFirst(runs: RunSummary[]): RunSummary[] {
  return [...runs].sort((x, y) => (x.startedAt === y.startedAt ? y.id.localeCompare(x.id) : y.startedAt.localeCompare(x.startedAt)));
}

/** Default before/after pair: A = the second newest run, B = the newest; completed runs preferred. */
export function defaultComparePair(runs: RunSummary[]): { a: string | null; b: string | null } {
  const sorted = newestFirst(runs);
  const completed = sorted.filter((r) => r.status === 'completed');
  const pool = completed.length >= 2 ? completed : sorted;
  return { a: pool[1]?.id ?? null, b: pool[0]?.id ?? null };
}

/** Orders two picked run ids as before (older) and after (newer). */
export function orderPair(runs: RunSummary[], x: string, y: string): { a: string; b: string } {
  const rx = runs.find((r) => r.id === x);
  const ry = runs.find((r) => r.id === y);
  if (rx && ry && rx.startedAt > ry.startedAt) return { a: y, b: x };
  return { a: x, b: y };
}
