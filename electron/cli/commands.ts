import { writeFile } from 'node:fs/promises';
import type { Comparison, DetectResult, Envelope, ExportFormat, JobEvent, Run, RunList, RunSpec, RunStatus, TestId } from '../contract.js';
import type { Engine } from '../engine/api.js';
import { createProgressPrinter } from './progress.js';
import { compareTable, runTable, runsTable } from './summary.js';
import { fmt, formatTable } from './table.js';

/** A usage or runtime failure with the exit code to leave with. */
export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode: number,
  ) {
    super(message);
  }
}

/** Calls the engine through its validated dispatch; a failed envelope becomes a CliError (exit 2 for bad input, else 1). */
export async function call<T>(engine: Engine, channel: string, ...args: unknown[]): Promise<T> {
  const env = (await engine.dispatch(channel, args)) as Envelope<T>;
  if (!env.ok) throw new CliError(env.error.message, env.error.code === 'invalid-input' ? 2 : 1);
  return env.value;
}

/** `vmbench detect`. */
export async function cmdDetect(engine: Engine, json: boolean): Promise<number> {
  const res = await call<DetectResult>(engine, 'detect');
  if (json) {
    process.stdout.write(JSON.stringify({ runtimes: res.runtimes }, null, 2) + '\n');
    return 0;
  }
  const rows = res.runtimes.map((r) => [r.id, r.name, r.state, r.version ?? '–', summarizeSettings(r.settings, r.active), r.targets.map((t) => t.id).join(',') || '–']);
  process.stdout.write(formatTable(['id', 'name', 'state', 'version', 'settings', 'targets'], rows) + '\n');
  for (const r of res.runtimes) if (r.reason) process.stdout.write(`  ${r.id}: ${r.reason}\n`);
  process.stdout.write(`detected in ${(res.durationMs / 1000).toFixed(1)} s\n`);
  return 0;
}

/** Key settings as configured, with the value confirmed inside the guest where it differs or was checked. */
function summarizeSettings(s: Record<string, unknown>, active: Record<string, unknown> = {}): string {
  const keys = ['vmType', 'mountType', 'cpus', 'memoryMiB', 'engine', 'provider', 'diskIo', 'nicModel'];
  return (
    keys
      .filter((k) => (s[k] !== undefined && s[k] !== null) || active[k] !== undefined)
      .map((k) => `${k}=${String(s[k] ?? '?')}${active[k] !== undefined ? ` (active: ${String(active[k])})` : ''}`)
      .join(' ') || '–'
  );
}

/** Options of `vmbench run`. */
export interface RunOptions {
  spec: RunSpec;
  jsonFile?: string;
  cardFile?: string;
}

/** `vmbench run`: live progress on stderr, summary on stdout, Ctrl-C cancels and cleans up (exit 130). */
export async function cmdRun(engine: Engine, o: RunOptions): Promise<number> {
  const print = createProgressPrinter(process.stderr);
  let finished: Extract<JobEvent, { type: 'job-finished' }> | undefined;
  let jobId: string | undefined;
  const unsubscribe = engine.subscribe((ev) => {
    if (jobId && ev.jobId !== jobId) return;
    print(ev);
    if (ev.type === 'job-finished') finished = ev;
  });
  let interrupted = false;
  const onSigint = (): void => {
    if (interrupted) process.exit(130);
    interrupted = true;
    process.stderr.write('\nCancelling: stopping the benchmark and removing its test files… (Ctrl-C again to quit at once)\n');
    if (jobId) void engine.dispatch('run.cancel', [jobId]);
  };
  process.on('SIGINT', onSigint);
  process.on('SIGTERM', onSigint);
  try {
    jobId = (await call<{ jobId: string }>(engine, 'run.start', o.spec)).jobId;
    if (interrupted) await engine.dispatch('run.cancel', [jobId]);
    await engine.waitForJob(jobId);
  } finally {
    process.off('SIGINT', onSigint);
    process.off('SIGTERM', onSigint);
    unsubscribe();
  }
  if (!finished) throw new CliError('The benchmark ended without reporting a result.', 1);
  if (finished.status === 'cancelled' && !finished.runId) return 130;
  if (!finished.runId) throw new CliError(finished.message ?? 'The benchmark failed.', 1);
  const run = await call<Run>(engine, 'runs.get', finished.runId);
  process.stdout.write(runTable(run) + '\n');
  if (o.jsonFile) {
    await writeFile(o.jsonFile, JSON.stringify(run, null, 2) + '\n');
    process.stderr.write(`run written to ${o.jsonFile}\n`);
  }
  if (o.cardFile) await cmdCard(engine, run.id, undefined, o.cardFile);
  return runExitCode(finished.status);
}

/** Exit code of `vmbench run`: 0 every target ok, 3 partial (some steps or targets failed), 1 failed, 130 cancelled. */
export function runExitCode(status: RunStatus): number {
  if (status === 'cancelled') return 130;
  return status === 'completed' ? 0 : status === 'partial' ? 3 : 1;
}

/** `vmbench runs`. */
export async function cmdRuns(engine: Engine, json: boolean): Promise<number> {
  const list = await call<RunList>(engine, 'runs.list');
  for (const w of list.warnings) process.stderr.write(`warning: ${w}\n`);
  process.stdout.write(json ? JSON.stringify(list, null, 2) + '\n' : runsTable(list.runs) + '\n');
  return 0;
}

/** `vmbench compare A B`. */
export async function cmdCompare(engine: Engine, a: string, b: string, json: boolean): Promise<number> {
  const cmp = await call<Comparison>(engine, 'runs.compare', a, b);
  process.stdout.write(json ? JSON.stringify(cmp, null, 2) + '\n' : compareTable(cmp) + '\n');
  return 0;
}

/** `vmbench card RUN [--compare RUN_B] --out FILE`: RUN alone, or RUN (before) → RUN_B (after). */
export async function cmdCard(engine: Engine, run: string, compare: string | undefined, out: string): Promise<number> {
  const req = compare ? { runId: compare, compareTo: run } : { runId: run };
  const card = await call<{ pngBase64: string; width: number; height: number }>(engine, 'card.render', req);
  await writeFile(out, Buffer.from(card.pngBase64, 'base64'));
  process.stderr.write(`share card (${card.width}x${card.height} PNG) written to ${out}\n`);
  return 0;
}

/** `vmbench export RUN --format md|csv|json [--out FILE]`. */
export async function cmdExport(engine: Engine, run: string, format: ExportFormat, out?: string): Promise<number> {
  const res = await call<{ content: string }>(engine, 'runs.export', run, format);
  if (out) await writeFile(out, res.content);
  else process.stdout.write(res.content.endsWith('\n') ? res.content : res.content + '\n');
  return 0;
}

/** Parses `--tests a,b`. */
export function parseTests(s: string | undefined): TestId[] | undefined {
  return s ? (s.split(',').map((x) => x.trim()).filter(Boolean) as TestId[]) : undefined;
}

export { fmt };
