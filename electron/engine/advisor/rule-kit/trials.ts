import type { MeasuredValue, Place, TestId } from '../../../contract/contract.js';
import { metricInfo } from '../../../measurement/metrics.js';
import { decideFamily } from '../../../measurement/verdict-family.js';
import { levelText } from '../../../measurement/verdict-stats.js';
import type { Measurements } from './types.js';

/** One place's trials of a metric in the newest stored result that has them, with its median as a citation. */
export interface Trials {
  value: MeasuredValue;
  trials: number[];
}

/** The shared folder and another place of this runtime, measured by the same test in the same run. */
export interface PlacePair {
  test: TestId;
  metric: string;
  runId: string;
  shared: Trials;
  other: Trials;
  /** The result's params (the command test: commandText). */
  params: Record<string, string | number | boolean>;
}

/** How much faster the other place is than the shared folder, as the verdicts read it (Compare's rule: verdict-family.ts). */
export interface Speed {
  /** faster: the other place is clearly faster; slower: the shared folder is; noise: the interval includes 1× (or the change is under 5%); undecided: too few trials. */
  call: 'faster' | 'slower' | 'noise' | 'undecided';
  /** The other place's speed as a multiple of the shared folder's (2.4 = 2.4× as fast), with its interval; null without an estimate. */
  x: number | null;
  lo: number | null;
  hi: number | null;
  /** The interval's level ("95%", "97.5%" with two comparisons). */
  level: string;
}

/** Trials of a test's metric in one place: the newest result of this runtime there, with the run it is from. */
function trialsIn(m: Measurements, test: TestId, place: Place, metric: string): (Trials & { runId: string; params: PlacePair['params'] }) | undefined {
  const got = m.latestResult(test, place);
  const trials = got?.result.samples?.[metric];
  const median = got?.result.metrics?.[metric]?.median;
  if (!got || !Array.isArray(trials) || trials.length === 0 || typeof median !== 'number' || !Number.isFinite(median)) return undefined;
  return { value: { runId: got.runId, target: got.target, test, place, metric, median }, trials, runId: got.runId, params: got.result.params ?? {} };
}

/**
 * The shared folder and another place measured by one test in the newest run that has both (the same run, so the
 * same command and conditions); `otherMetric` when the other side is another metric of the shared place's result
 * (dev-tree's mixed layout). Undefined when either is missing or they come from different runs.
 */
export function placePair(m: Measurements, test: TestId, metric: string, other: Place, otherMetric?: { place: Place; metric: string }): PlacePair | undefined {
  const shared = trialsIn(m, test, 'shared', metric);
  const there = otherMetric ? trialsIn(m, test, otherMetric.place, otherMetric.metric) : trialsIn(m, test, other, metric);
  if (!shared || !there || shared.runId !== there.runId) return undefined;
  return {
    test,
    metric,
    runId: shared.runId,
    shared: { value: shared.value, trials: shared.trials },
    other: { value: there.value, trials: there.trials },
    params: shared.params,
  };
}

/** The user's own command (`vmbench run --command`) timed in the shared folder and in another place, in the newest run that has both. */
export function commandPair(m: Measurements, other: Place): PlacePair | undefined {
  return placePair(m, 'command', 'wall_s', other);
}

/**
 * Each pair's verdict as one family (Bonferroni across them, as Compare decides a comparison): the ratio of the
 * geometric means with its interval, turned into "the other place is x× as fast" whatever the metric's direction.
 */
export function speeds(pairs: readonly PlacePair[]): Speed[] {
  const family = decideFamily(pairs.map((p) => ({ a: p.other.trials, b: p.shared.trials, primary: true })));
  return family.calls.map(({ call, estimate }, i) => {
    // The estimate is shared ÷ other: for a time (lower is better) that is how many times faster the other place is; for a rate, its inverse.
    const time = metricInfo(pairs[i].metric).direction === 'lower';
    const level = levelText(family.level);
    const x = estimate ? (time ? estimate.ratio : 1 / estimate.ratio) : null;
    const lo = estimate ? (time ? estimate.lo : 1 / estimate.hi) : null;
    const hi = estimate ? (time ? estimate.hi : 1 / estimate.lo) : null;
    const faster = time ? call === 'higher' : call === 'lower';
    const slower = time ? call === 'lower' : call === 'higher';
    return { call: faster ? 'faster' : slower ? 'slower' : call === 'undecided' ? 'undecided' : 'noise', x, lo, hi, level };
  });
}
