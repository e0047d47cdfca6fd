import type { MsgRef } from '../../../contract.js';
import { conflictError, sourceHashOf } from '../plan-book.js';

/** Options of one apply. */
export interface ApplyOptions {
  /** The data directory (VMBENCH_HOME); backups go to <dataDir>/backups/. */
  dataDir: string;
  signal?: AbortSignal;
  /** Environment of the subprocesses (HOME, PATH, LIBVIRT_DEFAULT_URI); defaults to process.env. */
  env?: NodeJS.ProcessEnv;
  /** Called after the change and before verification; a throw counts as a failed apply (tests inject failures here). */
  afterChange?: () => Promise<void>;
  /** Fixed clock for the backup folder name. */
  now?: Date;
  /** The sourceHash of the confirmed plan: the file or XML read just before the write must still match it. */
  expectSourceHash?: string;
}

/** Refuses to write when what was just read is not what the confirmed plan was computed from. */
export function checkSource(what: string | MsgRef, text: string, opts: ApplyOptions): void {
  if (opts.expectSourceHash !== undefined && sourceHashOf(text) !== opts.expectSourceHash) {
    throw conflictError(what);
  }
}

/** Time limit of every subprocess an apply runs. */
export const APPLY_TIMEOUT_MS = 60_000;
