import { constants as fsConstants } from 'node:fs';
import { access, stat } from 'node:fs/promises';
import { delimiter, join } from 'node:path';
import { spawnGroup } from './process-group.js';

/** Outcome of a finished CLI call. */
export interface ExecResult {
  stdout: string;
  stderr: string;
  exitCode: number;
}

/** A CLI call that failed: carries the command, exit code and the tail of stderr. */
export class SpawnError extends Error {
  constructor(
    readonly command: string,
    readonly code: 'not-found' | 'timeout' | 'failed' | 'cancelled',
    readonly exitCode: number | null,
    readonly stderrTail: string,
  ) {
    super(SpawnError.describe(command, code, exitCode, stderrTail));
    this.name = 'SpawnError';
  }

  private static describe(command: string, code: string, exitCode: number | null, tail: string): string {
    if (code === 'not-found') return `${command.split(' ')[0]} is not installed or not on PATH`;
    if (code === 'timeout') return `${command} did not answer in time and was stopped`;
    if (code === 'cancelled') return `${command} was cancelled`;
    return `${command} failed with exit code ${exitCode}${tail ? `: ${tail}` : ''}`;
  }
}

/** Options of a CLI call; every call has a timeout. */
export interface ExecOptions {
  timeoutMs: number;
  signal?: AbortSignal;
  env?: NodeJS.ProcessEnv;
  cwd?: string;
  input?: string;
  /** Resolve with a non-zero exit code instead of throwing. */
  allowFailure?: boolean;
}

// The one registry every spawn goes through, and its one grace period (util/process-group.ts).
export { STOP_GRACE_MS, stopAllCalls } from './process-group.js';

/** Runs a command with an argument array (never a shell string), a timeout and an abort signal. */
export async function run(file: string, args: string[], opts: ExecOptions): Promise<ExecResult> {
  const command = [file, ...args].join(' ');
  // Its own process group: a time-out or cancel also stops what the CLI started (colima -> limactl ...).
  const group = spawnGroup(file, args, {
    env: opts.env,
    extendEnv: opts.env === undefined,
    cwd: opts.cwd,
    input: opts.input,
    stdin: opts.input === undefined ? 'ignore' : undefined,
    reject: false,
    stripFinalNewline: false,
    maxBuffer: 64 * 1024 * 1024,
  });
  let why: 'timeout' | 'cancelled' | undefined;
  const stop = (reason: 'timeout' | 'cancelled'): void => {
    why ??= reason;
    group.stop();
  };
  const timer = setTimeout(() => stop('timeout'), opts.timeoutMs);
  const onAbort = (): void => stop('cancelled');
  if (opts.signal?.aborted) onAbort();
  else opts.signal?.addEventListener('abort', onAbort, { once: true });
  const r = await group.child;
  // Stopped by stopAllCalls (Ctrl-C on the CLI, `vmbench web` stopping): a cancel.
  if (group.stopped) why ??= 'cancelled';
  clearTimeout(timer);
  opts.signal?.removeEventListener('abort', onAbort);
  const tail = String(r.stderr ?? '')
    .trim()
    .split('\n')
    .slice(-3)
    .join(' | ')
    .slice(0, 400);
  const spawnCode = (r as { code?: string }).code;
  // A PATH with a folder the user may not read (a root PATH kept by `su`) makes a missing CLI fail with EACCES, not ENOENT.
  if (spawnCode === 'ENOENT' || (spawnCode === 'EACCES' && !(await isOnPath(file, (opts.env ?? process.env).PATH))))
    throw new SpawnError(command, 'not-found', null, tail);
  if (why) throw new SpawnError(command, why, null, tail);
  const exitCode = r.exitCode ?? -1;
  if (r.failed && r.exitCode === undefined) throw new SpawnError(command, 'failed', null, String(r.message ?? '').slice(0, 400));
  if (exitCode !== 0 && !opts.allowFailure) throw new SpawnError(command, 'failed', exitCode, tail);
  return { stdout: String(r.stdout ?? ''), stderr: String(r.stderr ?? ''), exitCode };
}

/**
 * Whether a command name is an executable file in one of PATH's folders; a folder that cannot be
 * read is skipped, as the shell does. Names with a slash, and Windows with its PATHEXT, count as found
 * (the spawn decides).
 */
export async function isOnPath(file: string, path: string | undefined): Promise<boolean> {
  if (file.includes('/') || process.platform === 'win32') return true;
  for (const dir of (path ?? '').split(delimiter)) {
    if (!dir) continue;
    try {
      await access(join(dir, file), fsConstants.X_OK);
      if ((await stat(join(dir, file))).isFile()) return true;
    } catch {
      // Not in this folder, or the folder cannot be read.
    }
  }
  return false;
}
