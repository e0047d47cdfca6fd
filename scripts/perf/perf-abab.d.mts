import type { RatioEstimate } from '../../electron/measurement/verdict-stats.js';

/** A settle's report: how long it took, whether Dirty+Writeback fell under the limit, and what was left (KiB; null without /proc/meminfo). */
export interface SettleReport {
  ms: number;
  settled: boolean;
  leftKiB: number | null;
}
/** One pair of a place: its number in the round, the per-trial values of each side, and app ÷ by hand (geometric means). */
export interface PairTrials {
  pair: number;
  app: number[];
  byHand: number[];
  ratio: number;
}
export const ORDER_TEXT: string;
/** A new folder's path under `parent` for one by-hand run (not created). */
export function byHandFolder(parent: string): string;
export const DEFAULT_PAIRS: number;
export const GOAL_TOLERANCE: number;
export const GOAL_TEXT: string;
/** The standard deviation of the logs of the pairs' ratios; null under two pairs. */
export function pairSpread(ratios: number[]): number | null;
/** About how many pairs (even) pin the ratio to ±GOAL_TOLERANCE at this spread. */
export function pairsForGoal(spread: number): number;
/** The verdict text of a place's estimate: meets the goal, misses (the interval excludes 1), or misses undecided. */
export function goalText(e: RatioEstimate | null, spread: number | null): string;
export function settleScript(): string;
export function parseSettle(text: string): SettleReport;
export function settle(): SettleReport;
export function abab(o: {
  places: string[];
  pairs?: number;
  app: (i: number, place?: string) => Record<string, number[]> | Promise<Record<string, number[]>>;
  byHand: (i: number, place: string) => number[] | Promise<number[]>;
  settleIn?: () => SettleReport | Promise<SettleReport>;
  say: (line: string) => void;
  appPerPlace?: boolean;
  /** One trial's value as printed (default: a whole number). */
  format?: (x: number) => string;
}): Promise<Record<string, { app: number[]; byHand: number[]; pairRatios: number[]; pairTrials: PairTrials[]; estimate: RatioEstimate | null }>>;
/** A by-hand program run in a session of its own, as the app's scripts are: [file, args] for execFileSync (setsid --wait on Linux). */
export function ownSession(file: string, args: string[]): [string, string[]];
