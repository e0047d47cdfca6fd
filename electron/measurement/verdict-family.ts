/**
 * The family-wise verdict, the one place that decides which metric carries a test's verdict and at
 * what level every comparison of a pair is tested. One metric per test and place votes (the
 * test's headline metric: MB/s, IOPS, creates/s, …); the others (latency percentiles, stat/read/
 * delete of small files, …) are shown with their ratio but do not vote, because they measure the
 * same job again. The k voting comparisons share the family-wise rate alpha by Bonferroni: each is
 * tested, and its interval drawn, at alpha / k, so a verdict and its interval never disagree and
 * pure noise calls anything better or worse in at most alpha of comparisons.
 */
import type { TestId } from '../contract/contract.js';
import { HEADLINE_METRIC, metricRank } from './metrics.js';
import { callRatio, VERDICT_METHOD, type Baselines, type RatioCall, type RatioEstimate } from './verdict-stats.js';

/** The metric of a test that votes: its headline metric, else (a result without it) the first known metric it has. */
export function primaryMetric(test: TestId, metrics: readonly string[]): string | null {
  const head = HEADLINE_METRIC[test];
  if (head && metrics.includes(head)) return head;
  return [...metrics].sort((x, y) => metricRank(x) - metricRank(y))[0] ?? null;
}

/** One comparison of a family: the trials of both sides and whether it votes. */
export interface FamilyItem {
  a: number[];
  b: number[];
  primary: boolean;
  /** Across machines: each side's own native trials, so that the ratios to them are compared. */
  base?: Baselines;
  /** a and b are from two runs: the test's run-to-run drift (the catalogue's `drift`), which widens the interval. */
  drift?: number;
}

/** The family's decision: its size k, the per-test level, and one call per item (in order). */
export interface FamilyDecision {
  family: number;
  perTestAlpha: number;
  level: number;
  calls: { call: RatioCall; estimate: RatioEstimate | null; reason?: string }[];
}

/** Whether a comparison has enough trials on both sides to be decided (and so counts in the family). */
export function decidable(a: readonly number[], b: readonly number[]): boolean {
  return a.length >= VERDICT_METHOD.minTrials && b.length >= VERDICT_METHOD.minTrials;
}

/** Bonferroni: the level of each of k voting tests for a family-wise rate alpha. */
export function perTestAlpha(k: number, alpha: number = VERDICT_METHOD.alpha): number {
  return alpha / Math.max(1, k);
}

/** Decides a family: every item is estimated at alpha / k (k = its decidable voting items); callers read a call as a verdict only for voting items. */
export function decideFamily(items: readonly FamilyItem[], alpha: number = VERDICT_METHOD.alpha): FamilyDecision {
  const family = items.filter((x) => x.primary && decidable(x.a, x.b) && (!x.base || decidable(x.base.a, x.base.b))).length;
  const level = perTestAlpha(family, alpha);
  return { family, perTestAlpha: level, level: 1 - level, calls: items.map((x) => callRatio(x.a, x.b, level, x.base, x.drift)) };
}
