/**
 * The one ratio to native: which result a run's numbers are divided by, and the ratio beside a median.
 * Every face (the CLI table, the Markdown/CSV exports, the share card, the UI's tables and charts, the
 * headline sentences and the team table) takes its baseline from here, so a run with several targets, a
 * run without This machine and an imported run are read by one rule:
 *
 * - The baseline target is the run's This machine (target id `local`), else a target of the `local`
 *   runtime, else the first target with a native result (an imported run whose ids were renamed).
 *   A run without any native result has no baseline, and no ratios.
 * - A test's baseline is that target's native result of the same test that has the metric.
 * - The baseline itself gets no ratio (it is 1× by definition); every other result, native places of
 *   other targets included, is divided by it.
 *
 * Two estimators, each named for what it is shown beside:
 * - `medianRatio`: median ÷ native median, the ratio beside a median in tables and exports (so the
 *   ratio matches the two figures shown);
 * - a verdict's ratio (headline, team table, Compare) is of geometric means with its interval
 *   (verdict-stats.ts), computed from `nativeResult`'s trials.
 * Dependency-free like contract.ts.
 */
import type { Place, Run, TargetRun, TestId, TestResult } from '../contract/contract.js';

/** The target whose native results are the run's baseline, or undefined when the run has none. */
export function baselineTarget(run: Pick<Run, 'targets'>): TargetRun | undefined {
  const hasNative = (t: TargetRun): boolean => t.results.some((r) => r.place === 'native');
  return (
    run.targets.find((t) => t.id === 'local' && hasNative(t)) ?? run.targets.find((t) => t.runtime === 'local' && hasNative(t)) ?? run.targets.find(hasNative)
  );
}

/** The baseline's native result of a test that reports the metric (any metric when none is named). */
export function nativeResult(run: Pick<Run, 'targets'>, test: TestId, metric?: string): TestResult | undefined {
  return baselineTarget(run)?.results.find((r) => r.test === test && r.place === 'native' && (metric === undefined || r.metrics[metric] !== undefined));
}

/** The baseline's native median of a test's metric: a finite number above 0, else null (nothing to divide by). */
export function nativeMedian(run: Pick<Run, 'targets'>, test: TestId, metric: string): number | null {
  const m = nativeResult(run, test, metric)?.metrics[metric]?.median;
  return m !== undefined && Number.isFinite(m) && m > 0 ? m : null;
}

/** True when this target's place is the baseline itself (shown as the baseline, without a ratio). */
export function isBaseline(run: Pick<Run, 'targets'>, target: Pick<TargetRun, 'id'>, place: Place): boolean {
  return place === 'native' && baselineTarget(run)?.id === target.id;
}

/** value ÷ the baseline's native median of the same test and metric; null for the baseline itself, without a baseline, or for a value that is not a finite number. */
export function medianRatio(
  run: Pick<Run, 'targets'>,
  target: Pick<TargetRun, 'id'>,
  place: Place,
  test: TestId,
  metric: string,
  value: number,
): number | null {
  if (isBaseline(run, target, place) || !Number.isFinite(value)) return null;
  const n = nativeMedian(run, test, metric);
  return n === null ? null : value / n;
}
