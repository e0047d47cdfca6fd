import type { MsgRef } from '../../../shared/contract.js';
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
  /** The backup folder the confirmed plan showed (computed once, when the plan was made): the apply writes exactly there. */
  backupDir?: string;
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

/** A restart offered after a change: the commands, and why (English, and as a reference into the errors catalogue). */
export interface RestartOffer {
  argv: string[];
  why: string;
  whyRef?: MsgRef;
}

/** A plan's notes from messages: the English notes, and noteRefs when every note has its reference (none when there are no notes). */
export function withNoteRefs(messages: { message: string; messageRef?: MsgRef }[]): { notes: string[]; noteRefs?: MsgRef[] } {
  const notes = messages.map((m) => m.message);
  const refs = messages.map((m) => m.messageRef).filter((r): r is MsgRef => r !== undefined);
  return notes.length && refs.length === notes.length ? { notes, noteRefs: refs } : { notes };
}
