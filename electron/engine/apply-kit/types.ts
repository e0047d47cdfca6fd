import type { ApplyPlan, ApplyResult, Finding, MsgRef, RuntimeInfo } from '../../contract/contract.js';
import { createHash } from 'node:crypto';
import { msg } from '../../messages/finding-text.js';
import { engineError, type EngineError } from '../util/errors.js';

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

/** One way to plan and apply a finding's change. */
export interface Applier {
  plan(finding: Finding, rt: RuntimeInfo, opts: ApplyOptions): Promise<ApplyPlan>;
  apply(finding: Finding, rt: RuntimeInfo, opts: ApplyOptions): Promise<ApplyResult>;
}

/** What a command of a kind's program changes, saved before it runs. */
export interface CommandBackup {
  /** The backup file. */
  file: string;
  /** Puts the saved state back after the command failed; whether it did. */
  restore(): Promise<boolean>;
}

/** A program a command finding may run (RuntimeKind.apply.commands), and how its change is made safe. */
export interface CommandProgram {
  /** A read-only command the plan shows before the change (what the backup is made of). */
  planBackup?: readonly string[];
  /** A note the plan shows (a key of the errors catalogue). */
  planNote?: string;
  /** Saves what `argv` changes into the backup folder `dir` before it runs; undefined when there is nothing to save. */
  backup?(argv: string[], io: { dir: string; env?: NodeJS.ProcessEnv; signal?: AbortSignal }): Promise<CommandBackup | undefined>;
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

/** sha256 of a text, hex: the hash a plan records of the file, XML or setting it was computed from. */
export function sourceHashOf(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/** The refusal of a confirmed change: `changed` names the file or XML that moved on since it was reviewed; without it, the change itself differs. */
export function conflictError(changed?: string | MsgRef): EngineError {
  return engineError('conflict', 'errors.conflict', {
    why: changed === undefined ? msg('errors.planDiffers') : msg('errors.sourceChanged', { what: changed }),
  });
}
