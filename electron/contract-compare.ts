/** Before/after comparison types of the contract (re-exported by contract.ts). */
import type { Place, RunSummary, TestId } from './contract.js';

/** Whether a larger value of a metric is better. */
export type Direction = 'higher' | 'lower';

/** One metric of one test/place/target in both runs. */
export interface CompareRow {
  target: string;
  test: TestId;
  place: Place;
  metric: string;
  direction: Direction;
  a: number | null;
  b: number | null;
  delta: number | null;
  pct: number | null;
  /** true when the verdict is better, false when worse, null otherwise (kept for older readers). */
  improved: boolean | null;
  verdict: CompareVerdict;
  /** after / before (geometric means of the trials) with its 95% interval; null when not both measured. */
  ratio: number | null;
  ci: [number, number] | null;
  /** Trials on each side and their min–max. */
  nA: number;
  nB: number;
  spreadA: [number, number] | null;
  spreadB: [number, number] | null;
  /** Why no verdict could be given (e.g. too few trials). */
  reason?: string;
}

/** How a metric changed between two runs, by the method in `Comparison.method`. */
export type CompareVerdict = 'better' | 'worse' | 'noise' | 'undecided' | 'only-before' | 'only-after';

/** Counts of the verdicts of a comparison, for its summary line. */
export interface CompareSummary {
  better: number;
  worse: number;
  noise: number;
  undecided: number;
  onlyOne: number;
  /** "3 better, 1 worse, 9 within noise, 2 only in one run" */
  line: string;
}

/** The statistics that decided the verdicts, stated with every comparison. */
export interface VerdictMethod {
  name: string;
  alpha: number;
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
}
