import type { TrialInterval } from '../../electron/measurement/verdict-stats.js';
import type { PairTrials } from './perf-abab.mjs';

/** What a place's pairs are pooled by (with the fingerprint). */
export interface LedgerKey {
  place: string;
  test: string;
  metric: string;
  transport: string;
  emulated: boolean;
  /** The by-hand tool's version (fio's unless `tool` names another). */
  fio: string;
  /** The by-hand tool when it is not fio (absent: fio). */
  tool?: string;
  /** What the pairs timed, when the test has no fixed job (the command section's command and project). */
  workload?: string;
}
/** One line of the ledger: one pair of one round. */
export interface LedgerEntry extends LedgerKey {
  v: number;
  round: string;
  at: string;
  commit: string | null;
  dirty: boolean | null;
  fingerprint: string;
  pair: number;
  app: number[];
  byHand: number[];
}
/** A key's pooled figures. */
export interface Pooled {
  n: number;
  interval: TrialInterval | null;
  spread: number | null;
  rounds: number;
  commits: string[];
  setAside: number;
  setAsideFingerprints: string[];
}
export const LEDGER_VERSION: number;
export const POOL_LEVEL: number;
export const MIN_PAIRS: number;
export const FIDELITY_GOAL: { native: { lo: number; hi: number }; emulated: { lo: number; hi: number } };
export function ledgerPath(env?: Record<string, string | undefined>, uid?: number): string;
export function fingerprintFiles(place: { transport: string; test: string }, root?: string): string[];
export function placeFingerprint(place: { transport: string; test: string }, root?: string): string;
export function checkoutCommit(root?: string): { commit: string | null; dirty: boolean | null };
export function parseLedger(text: string, warn?: (s: string) => void): LedgerEntry[];
export function readLedger(file: string, warn?: (s: string) => void): LedgerEntry[];
export function appendLedger(file: string, entries: object[]): Promise<void>;
export function keyOf(e: LedgerKey): string;
export function poolPlace(entries: LedgerEntry[], key: LedgerKey, fingerprint: string): Promise<Pooled>;
export function goalFor(emulated: boolean): { lo: number; hi: number };
export function fidelityGoalText(p: Pooled, emulated: boolean): string;
export function pooledLine(label: string, p: Pooled, emulated: boolean): string;
export function recordRound(o: {
  results: Record<string, { pairTrials: PairTrials[] }>;
  places: Record<string, LedgerKey>;
  say: (line: string) => void;
  file?: string;
  root?: string;
  round?: string;
  at?: string;
}): Promise<void>;
export function roundId(): string;
export function ledgerSummary(o?: { file?: string; say?: (line: string) => void; root?: string }): Promise<void>;
