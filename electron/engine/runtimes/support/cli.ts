import { SpawnError } from '../../util/exec.js';
import type { DetectContext } from './types.js';
import { seconds } from './values.js';
import { commandText, why, withDetail, type Why } from './why.js';

/** Why a CLI call gave no usable output. */
export type CliFailureCode = 'not-found' | 'timeout' | 'failed' | 'cancelled' | 'error';

/** Outcome of a CLI call made during detection: never throws. */
export type CliOutcome =
  { ok: true; stdout: string; stderr: string; exitCode: number } | { ok: false; code: CliFailureCode; why: Why; stderr: string; exitCode: number | null };

/** Options of one detection CLI call. */
export interface CliCallOptions {
  /** Words naming the call in messages, e.g. "rdctl list-settings" (default: the file and first argument). */
  label?: string;
  /** Resolve with a non-zero exit code instead of failing. */
  allowFailure?: boolean;
  env?: NodeJS.ProcessEnv;
  cwd?: string;
}

const MIN_TIMEOUT_MS = 250;

/**
 * How long after its time-out detection still waits for a stopped call's output before it gives up on it
 * (the stop itself, SIGTERM then SIGKILL after the one grace period, goes on in the background): run()
 * stops the CLI, but a grandchild it started (colima -> limactl) can keep the pipes open, or the CLI can
 * ignore SIGTERM.
 */
export const HARD_STOP_GRACE_MS = 1500;

/** The per-call timeout: the context's, shortened so that it and detection's wait after it (HARD_STOP_GRACE_MS) end before the kind's deadline, when there is one; the reason then names the call. */
export function callTimeout(ctx: DetectContext): number {
  if (ctx.deadline === undefined) return ctx.timeoutMs;
  return Math.max(MIN_TIMEOUT_MS, Math.min(ctx.timeoutMs, ctx.deadline - Date.now() - HARD_STOP_GRACE_MS));
}

/** Runs a CLI through ctx.exec with the detection timeout, turning every failure into a reason a user understands (a detect-catalogue message) with the command and what it printed as its detail. */
export async function runCli(ctx: DetectContext, file: string, args: string[], opts: CliCallOptions = {}): Promise<CliOutcome> {
  const label = opts.label ?? [file, ...args.slice(0, 1)].join(' ');
  const timeoutMs = callTimeout(ctx);
  try {
    const env = opts.env ? { ...ctx.env, ...opts.env } : undefined;
    const r = await ctx.exec(file, args, { timeoutMs, allowFailure: opts.allowFailure, env, cwd: opts.cwd, signal: ctx.signal });
    return { ok: true, stdout: r.stdout, stderr: r.stderr, exitCode: r.exitCode };
  } catch (err) {
    return describeFailure(err, label, file, args, timeoutMs);
  }
}

function describeFailure(err: unknown, label: string, file: string, args: string[], timeoutMs: number): CliOutcome & { ok: false } {
  const command = commandText(file, args);
  const failure = (code: CliFailureCode, w: Why, stderr: string, exitCode: number | null): CliOutcome & { ok: false } => ({
    ok: false,
    code,
    why: w,
    stderr,
    exitCode,
  });
  if (err instanceof SpawnError) {
    const stderr = err.stderrTail;
    if (err.code === 'not-found') return failure('not-found', why('cli.notFound', { file }), stderr, null);
    if (err.code === 'timeout')
      return failure('timeout', withDetail(why('cli.timeout', { label, time: seconds(timeoutMs) }), rawDetail(command, stderr)), stderr, null);
    if (err.code === 'cancelled') return failure('cancelled', why('cli.cancelled', { label }), stderr, null);
    return failure('failed', exitWhy(label, err.exitCode, stderr, command), stderr, err.exitCode);
  }
  const msg = err instanceof Error ? err.message : String(err);
  return failure('error', withDetail(why('cli.notRun', { label }), rawDetail(command, msg)), '', null);
}

/**
 * "<label> ended with an error (exit code N)" and what to do, as a sentence; what it printed is the detail
 * (with the command as it ran, when the caller knows it), never part of the sentence.
 */
export function exitWhy(label: string, exitCode: number | null | undefined, stderr: string, command?: string): Why {
  return withDetail(why('cli.failed', { label, code: exitCode ?? '?' }), rawDetail(command, stderr));
}

/** The raw output behind a reason: "$ <command>" and the last lines of what it printed. */
export function rawDetail(command: string | undefined, printed: string, maxLines = 12): string {
  const lines = printed
    .split(/\r?\n/)
    .map((l) => l.trimEnd())
    .filter((l) => l.trim() !== '');
  const tail = lines.slice(-maxLines).map((l) => (l.length > 400 ? `${l.slice(0, 400)}…` : l));
  return [...(command ? [`$ ${command}`] : []), ...tail].join('\n');
}

/** The first non-empty line of a text, shortened for a message. */
export function firstLine(text: string, max = 200): string {
  const line =
    text
      .split(/\r?\n| \| /)
      .map((l) => l.trim())
      .find((l) => l !== '') ?? '';
  return line.length > max ? `${line.slice(0, max)}…` : line;
}

/** "<label> printed output that <error>", e.g. "rdctl list-settings printed output that is not valid JSON". */
export function garbageReason(label: string, parseError: Why): Why {
  return why('cli.garbage', { label, error: parseError });
}
