/** Before/after comparison types of the contract (re-exported by contract.ts). */
import type { Place, RunSummary, TestId } from './contract-base.js';

/** Whether a larger value of a metric is better. */
export type Direction = 'higher' | 'lower';

/** One metric of one test/place/target in both runs. */
export interface CompareRow {
  target: string;
  test: TestId;
  place: Place;
  metric: string;
  direction: Direction;
  /**
   * Geometric means of the trials: the figures `ratio` is the ratio of (b / a), shown as before and after on every face
   * (a side of one trial: that trial). The change is `ratio`, not their difference.
   */
  a: number | null;
  b: number | null;
  /** Medians of the trials (what Results shows of each run), for readers that want them; not the figures of `ratio`. */
  medianA: number | null;
  medianB: number | null;
  /** (ratio − 1) × 100: the ratio as a percentage, derived from it so that the two never disagree; null without a ratio. */
  pct: number | null;
  /** true for the one metric of its test and place that votes (see `Comparison.method`); the others are shown, not voting. */
  primary: boolean;
  /** true when the verdict is better, false when worse, null otherwise (kept for older readers). */
  improved: boolean | null;
  verdict: CompareVerdict;
  /** after / before (geometric means of the trials) with its interval at `method.level`; null when not both measured. */
  ratio: number | null;
  ci: [number, number] | null;
  /**
   * The test's run-to-run drift (the catalogue's `drift`: the standard deviation, on the log scale, of a run's geometric mean
   * across runs of the same setup beyond what its trials show), which widens `ci`: two runs differ by more than their trials.
   */
  drift: number;
  /** Trials on each side and their min–max. */
  nA: number;
  nB: number;
  spreadA: [number, number] | null;
  spreadB: [number, number] | null;
  /** Why no verdict could be given (e.g. too few trials). */
  reason?: string;
  /** Across machines: this place / its own machine's native (geometric means of the trials) on each side; the verdict compares the two. */
  nativeA?: number | null;
  nativeB?: number | null;
}

/** How a metric changed between two runs, by the method in `Comparison.method`. */
export type CompareVerdict = 'better' | 'worse' | 'noise' | 'undecided' | 'supporting' | 'only-before' | 'only-after';

/** Counts of the verdicts of a comparison, for its summary line. */
export interface CompareSummary {
  better: number;
  worse: number;
  noise: number;
  undecided: number;
  onlyOne: number;
  /** Metrics measured in both runs that are shown but do not vote (latency percentiles, …). */
  supporting: number;
  /** "3 better, 1 worse, 9 within noise, 2 only in one run" */
  line: string;
}

/** The statistics that decided the verdicts, stated with every comparison. */
export interface VerdictMethod {
  name: string;
  /** Family-wise rate: the chance that pure noise flags any metric of the comparison. */
  alpha: number;
  /** How the family is controlled ("bonferroni-primary": one voting metric per test and place, Bonferroni across them). */
  correction: string;
  /** Voting metrics that could be decided in this comparison (k). */
  family: number;
  /** Level of each voting test, alpha / k. */
  perTestAlpha: number;
  /** Level of every interval shown, 1 − alpha / k. */
  level: number;
  minEffect: number;
  minTrials: number;
  text: string;
}

/** A setting of a target that differs between two runs (what an apply changed). */
export interface SettingChange {
  target: string;
  setting: string;
  a: unknown;
  b: unknown;
}

/** Before/after of two runs. */
export interface Comparison {
  a: RunSummary;
  b: RunSummary;
  rows: CompareRow[];
  /** Settings that differ between the two runs, per target present in both. */
  settings: SettingChange[];
  summary: CompareSummary;
  method: VerdictMethod;
  /** Present when the runs come from different machines: their labels ("This machine" for local runs); the verdicts are then on each place's ratio to its own native. */
  machines?: { a: string; b: string };
  /** Present when both runs timed the user's own command and the commands differ: each side's command text (their times do not compare). */
  commands?: { a: string; b: string };
}
