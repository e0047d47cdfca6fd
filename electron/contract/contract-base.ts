/**
 * The contract's base vocabulary (tests, places, run states, a history line), which the advice and
 * comparison parts of the contract build on. contract.ts re-exports it: import from contract.ts.
 */
import { testsOfKind, type TestId } from './test-catalogue.js';

/** Benchmark presets, in the order every face lists them: quick (about a minute per target), standard, thorough. */
export const SUITES = ['quick', 'standard', 'thorough'] as const;
/** A benchmark preset (one of SUITES). */
export type Suite = (typeof SUITES)[number];

/** The languages vmbench speaks (messages/i18n.ts loads their catalogues). */
export const LANGS = ['en', 'ja'] as const;
/** One of LANGS. */
export type Lang = (typeof LANGS)[number];

/** The tests of the suite: the ids of the test catalogue (test-catalogue.ts). */
export type { TestId };
/** Disk tests available in this version. */
export const DISK_TESTS: readonly TestId[] = testsOfKind('disk');
/** Every place a test runs in, in the order every face lists them: the host itself, the host-shared folder, the guest disk, a Docker volume. */
export const PLACES = ['native', 'shared', 'guest', 'volume'] as const;
/** Where a test runs (one of PLACES). */
export type Place = (typeof PLACES)[number];

/** How one target of a run ended. */
export type TargetStatus = 'ok' | 'partial' | 'failed';

/** Final state of a run: completed only when every target is ok; partial when some measured and some did not. */
export type RunStatus = 'completed' | 'partial' | 'cancelled' | 'failed';

/** A line of the history list. */
export interface RunSummary {
  id: string;
  startedAt: string;
  status: RunStatus;
  suite: Suite;
  targets: string[];
  tests: TestId[];
  /** How each target ended (same order as targets). */
  targetStatus: Record<string, TargetStatus>;
  /** A few headline numbers for the list (metric -> median), from the first target. */
  headline: Record<string, number>;
  name?: string;
  note?: string;
  /** Present on imported runs only: kept apart from this machine's runs in History. */
  origin?: { kind: 'imported'; machine: string };
  /** The user's own command a command run timed (its text only), so a list and Compare can name it. */
  command?: string;
}

/** A language-neutral message: a key of the advice catalogue and its parameters (numbers, setting values, names, or nested messages). */
export interface MsgRef {
  key: string;
  params?: Record<string, string | number | MsgRef>;
}

/** Error codes that cross the boundary; the renderer keys behaviour on them. */
export type ErrorCode = 'invalid-input' | 'not-found' | 'busy' | 'tool-missing' | 'timeout' | 'cancelled' | 'corrupt' | 'conflict' | 'internal';

/** A failed request: the code, the message in English, and for the messages users meet the same message as a reference into the errors catalogue (common.json errors.*), for a face to show in its language. */
export interface EnvelopeError {
  code: ErrorCode;
  message: string;
  ref?: MsgRef;
}
