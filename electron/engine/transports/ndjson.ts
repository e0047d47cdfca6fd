/**
 * The bench scripts' stdout (docs/bench-protocol.md): one JSON object per line.
 * `createLineSplitter` turns a byte stream cut anywhere into lines; `parseEvent` checks one line
 * against the BenchEvent union and never throws (anything else is reported as not an event).
 */
import { z } from 'zod';
import type { BenchEvent } from '../../contract/contract.js';
import { TEST_IDS } from '../../contract/test-catalogue.js';

/** Receives chunks of a stream and calls back once per complete line. */
export interface LineSplitter {
  /** Adds a chunk (bytes or text); complete lines are delivered at once. */
  push(chunk: Uint8Array | string): void;
  /** Delivers the last line if the stream did not end with a newline. */
  end(): void;
}

/** Options of the line splitter. */
export interface LineSplitterOptions {
  /** A line longer than this (characters) is delivered as it is and the rest starts a new line. Default 64 MiB. */
  maxLineLength?: number;
}

/** Splits a stream into lines: chunk boundaries may fall anywhere, even inside a UTF-8 character; blank lines and a trailing \r are dropped. */
export function createLineSplitter(onLine: (line: string) => void, opts: LineSplitterOptions = {}): LineSplitter {
  const max = opts.maxLineLength ?? 64 * 1024 * 1024;
  const decoder = new TextDecoder('utf-8');
  let pending = '';
  const deliver = (line: string): void => {
    const l = line.endsWith('\r') ? line.slice(0, -1) : line;
    if (l.trim() !== '') onLine(l);
  };
  const feed = (text: string): void => {
    let start = 0;
    let nl = text.indexOf('\n');
    while (nl !== -1) {
      deliver(pending + text.slice(start, nl));
      pending = '';
      start = nl + 1;
      nl = text.indexOf('\n', start);
    }
    pending += text.slice(start);
    // Stryker disable next-line EqualityOperator: a line of exactly max delivered now or at its newline gives the same lines (its rest starts a new line either way).
    while (pending.length > max) {
      deliver(pending.slice(0, max));
      pending = pending.slice(max);
    }
  };
  return {
    push(chunk) {
      feed(typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true }));
    },
    end() {
      feed(decoder.decode());
      // Stryker disable next-line ConditionalExpression,StringLiteral: deliver drops an empty line, so the check only saves a call.
      if (pending !== '') deliver(pending);
      pending = '';
    },
  };
}

const testId = z.enum(TEST_IDS);
const count = z.number().int().nonnegative();
const stat = z.object({ median: z.number(), min: z.number(), max: z.number(), n: count });

const schemas = {
  probe: z.object({
    event: z.literal('probe'),
    os: z.string().optional(),
    kernel: z.string().optional(),
    arch: z.string().optional(),
    cpus: count.optional(),
    cpuModel: z.string().optional(),
    memMiB: z.number().nonnegative().optional(),
    dirFsType: z.string().optional(),
    freeMiB: z.number().nonnegative().optional(),
    tools: z.record(z.string(), z.string().nullable()).optional(),
    mounts: z.array(z.object({ path: z.string(), fstype: z.string() })).optional(),
  }),
  start: z.object({ event: z.literal('start'), test: testId, target: z.string(), params: z.record(z.string(), z.unknown()).optional() }),
  progress: z.object({ event: z.literal('progress'), test: testId, done: count, total: count }),
  sample: z.object({ event: z.literal('sample'), test: testId, trial: count, metric: z.string().min(1), value: z.number() }),
  result: z.object({
    event: z.literal('result'),
    test: testId,
    metrics: z.record(z.string(), stat).optional(),
    tool: z.object({ name: z.string(), version: z.string().nullable() }).optional(),
    method: z.string().optional(),
    params: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])).optional(),
    command: z.string().optional(),
  }),
  'tool-output': z.object({
    event: z.literal('tool-output'),
    test: testId,
    trial: count,
    tool: z.string().min(1),
    format: z.literal('json'),
    data: z.unknown(),
  }),
  warmup: z.object({ event: z.literal('warmup'), test: testId }),
  // The work folder's own name only (.vmbench-PID-RANDOM): never a path the host would follow elsewhere.
  'watch-ready': z.object({
    event: z.literal('watch-ready'),
    test: testId,
    trial: count,
    mode: z.enum(['poll', 'inotify']),
    work: z.string().regex(/^\.vmbench-[0-9]+-[0-9]+$/),
    events: count,
  }),
  error: z.object({
    event: z.literal('error'),
    test: testId.optional(),
    code: z.string().min(1),
    message: z.string(),
    // command.sh's failing command: which of its commands, its exit status, its program (the first word) and the end of its stderr.
    phase: z.enum(['command', 'prepare', 'cleanup']).optional(),
    status: count.optional(),
    program: z.string().optional(),
    detail: z.string().optional(),
  }),
  end: z.object({ event: z.literal('end') }),
} as const;

type Kind = keyof typeof schemas;
// Compile-time check that every schema produces a BenchEvent.
type Produced = z.infer<(typeof schemas)[Kind]>;
const _assignable: (e: Produced) => BenchEvent = (e) => e;
void _assignable;

/** Outcome of parsing one stdout line: an event, or why the line is not one. */
export type ParsedLine = { ok: true; event: BenchEvent } | { ok: false; reason: string };

/** Validates one line as a bench event; never throws. */
export function parseEvent(line: string): ParsedLine {
  const text = line.trim();
  const preview = text.length > 80 ? `${text.slice(0, 80)}...` : text;
  if (!text.startsWith('{')) return { ok: false, reason: `not an event (not a JSON object): ${preview}` };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    return { ok: false, reason: `not an event (invalid JSON: ${(e as Error).message}): ${preview}` };
  }
  // Text that starts with "{" and parses is an object: no check for null or an array is needed here.
  const kind = (value as { event?: unknown }).event;
  if (typeof kind !== 'string') return { ok: false, reason: `not an event (no "event" field): ${preview}` };
  if (!Object.hasOwn(schemas, kind)) return { ok: false, reason: `unknown event "${kind}"` };
  const parsed = schemas[kind as Kind].safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    // Stryker disable next-line ConditionalExpression,EqualityOperator,StringLiteral: every schema is an object and the value is one, so an issue always has a path; "(root)" is a guard for a future schema.
    const where = issue.path.length > 0 ? issue.path.join('.') : '(root)';
    return { ok: false, reason: `invalid ${kind} event: ${where}: ${issue.message}` };
  }
  return { ok: true, event: parsed.data as BenchEvent };
}
