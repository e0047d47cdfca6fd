import { SpawnError } from '../../util/exec.js';
import type { DetectContext } from '../types.js';
import { seconds } from './values.js';

/** Why a CLI call gave no usable output. */
export type CliFailureCode = 'not-found' | 'timeout' | 'failed' | 'cancelled' | 'error';

/** Outcome of a CLI call made during detection: never throws. */
export type CliOutcome =
  | { ok: true; stdout: string; stderr: string; exitCode: number }
  | { ok: false; code: CliFailureCode; reason: string; stderr: string; exitCode: number | null };

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

/** The per-call timeout: the context's, shortened to fit the kind's deadline when there is one. */
export function callTimeout(ctx: DetectContext): number {
  if (ctx.deadline === undefined) return ctx.timeoutMs;
  return Math.max(MIN_TIMEOUT_MS, Math.min(ctx.timeoutMs, ctx.deadline - Date.now() - 150));
}

/** Runs a CLI through ctx.exec with the detection timeout, turning every failure into a reason a user understands. */
export async function runCli(ctx: DetectContext, file: string, args: string[], opts: CliCallOptions = {}): Promise<CliOutcome> {
  const label = opts.label ?? [file, ...args.slice(0, 1)].join(' ');
  const timeoutMs = callTimeout(ctx);
  try {
    const env = opts.env ? { ...ctx.env, ...opts.env } : undefined;
    const r = await ctx.exec(file, args, { timeoutMs, allowFailure: opts.allowFailure, env, cwd: opts.cwd, signal: ctx.signal });
    return { ok: true, stdout: r.stdout, stderr: r.stderr, exitCode: r.exitCode };
  } catch (err) {
    return describeFailure(err, label, file, timeoutMs);
  }
}

function describeFailure(err: unknown, label: string, file: string, timeoutMs: number): CliOutcome & { ok: false } {
  if (err instanceof SpawnError) {
    const stderr = err.stderrTail;
    if (err.code === 'not-found') return { ok: false, code: 'not-found', reason: `${file} is not installed or not on PATH`, stderr, exitCode: null };
    if (err.code === 'timeout') return { ok: false, code: 'timeout', reason: `${label} did not answer within ${seconds(timeoutMs)}`, stderr, exitCode: null };
    if (err.code === 'cancelled') return { ok: false, code: 'cancelled', reason: `${label} was stopped (detection cancelled or out of time)`, stderr, exitCode: null };
    const tail = firstLine(stderr);
    return { ok: false, code: 'failed', reason: `${label} failed (exit code ${err.exitCode ?? '?'})${tail ? `: ${tail}` : ''}`, stderr, exitCode: err.exitCode };
  }
  const msg = err instanceof Error ? err.message : String(err);
  return { ok: false, code: 'error', reason: `${label} could not be run: ${msg}`, stderr: '', exitCode: null };
}

/** The first non-empty line of a text, shortened for a message. */
export function firstLine(text: string, max = 200): string {
  const line = text.split(/\r?\n| \| /).map((l) => l.trim()).find((l) => l !== '') ?? '';
  return line.length > max ? `${line.slice(0, max)}…` : line;
}

/** "<label> printed output that <error>", e.g. "rdctl list-settings printed output that is not valid JSON". */
export function garbageReason(label: string, parseError: string): string {
  return `${label} printed output that ${parseError}`;
}
