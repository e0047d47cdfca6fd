import type {
  Comparison,
  DetectResult,
  Envelope,
  ExportFormat,
  JobEvent,
  MsgRef,
  Place,
  Run,
  RunList,
  RunSpec,
  RunStatus,
  TestId,
} from '../contract/contract.js';
import type { Engine } from '../engine/api.js';
import { engineMessage, writeWhy } from '../engine/util/errors.js';
import { atomicWrite } from '../engine/util/atomic-write.js';
import { cleanMachineLabel } from '../engine/store/machine-label.js';
import { skippedTexts } from '../messages/error-text.js';
import { targetLabel } from '../presentation/headline.js';
import { reasonText } from '../messages/error-text.js';
import { reasonLines } from '../presentation/reason-detail.js';
import { MISSING, formatDecimal } from '../presentation/format.js';
import { translator, type Lang } from '../messages/i18n.js';
import { createProgressPrinter } from './progress.js';
import { compareTable, runTable, runsTable } from './summary.js';
import { fmt, formatTable } from './table.js';
import { print, printErr } from './output.js';
import { jsonSafe, jsonText } from '../presentation/terminal-safe.js';
import { unstableReport } from '../presentation/unstable.js';
import type { SettingKey, SettingMap } from '../contract/setting-keys.js';

/** A usage or runtime failure with the exit code to leave with. */
export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode: number,
    /** The engine's message reference, when it gave one: the CLI prints it in its language (errorText). */
    readonly ref?: MsgRef,
  ) {
    super(message);
  }
}

/** Writes an output file the user named (atomically: a failure leaves their earlier file as it was); a failure is a CliError naming the file and why. */
export async function writeOutput(file: string, content: string | Buffer): Promise<void> {
  try {
    await atomicWrite(file, content);
  } catch (err) {
    const { message, messageRef } = engineMessage('errors.cannotWrite', { file, why: writeWhy(err) });
    throw new CliError(message, 1, messageRef);
  }
}

/** Calls the engine through its validated dispatch; a failed envelope becomes a CliError (exit 2 for bad input, else 1). */
export async function call<T>(engine: Engine, channel: string, ...args: unknown[]): Promise<T> {
  const env = (await engine.dispatch(channel, args)) as Envelope<T>;
  if (!env.ok) throw new CliError(env.error.message, env.error.code === 'invalid-input' ? 2 : 1, env.error.ref);
  return env.value;
}

/** `vmbench detect`. */
export async function cmdDetect(engine: Engine, json: boolean, lang: Lang = 'en'): Promise<number> {
  const t = translator(lang);
  const res = await call<DetectResult>(engine, 'detect');
  if (json) {
    print(jsonText({ runtimes: res.runtimes }) + '\n');
    return 0;
  }
  const rows = res.runtimes.map((r) => [
    r.id,
    targetLabel({ id: r.id, label: r.name }, lang),
    lang === 'en' ? r.state : t(`common:state.${r.state}`),
    r.version ?? MISSING,
    summarizeSettings(r.settings, r.active, t('cli:detect.active')),
    r.targets.map((t) => t.id).join(',') || MISSING,
  ]);
  print(
    formatTable(
      ['id', 'name', 'state', 'version', 'settings', 'targets'].map((c) => t(`cli:col.${c}`)),
      rows,
    ) + '\n',
  );
  for (const r of res.runtimes) {
    const reason = reasonText(r, lang);
    if (reason) print(reasonLines(r.id, reason, r.reasonDetail, t('cli:detect.details')).join('\n') + '\n');
  }
  print(t('cli:detect.done', { seconds: formatDecimal(res.durationMs / 1000, lang, 1) }) + '\n');
  return 0;
}

/** Key settings as configured, with the value confirmed inside the guest where it differs or was checked. */
function summarizeSettings(s: SettingMap, active: SettingMap = {}, activeWord = 'active'): string {
  const keys: SettingKey[] = ['vmType', 'mountType', 'cpus', 'memoryMiB', 'engine', 'provider', 'diskIo', 'nicModel'];
  return (
    keys
      .filter((k) => (s[k] !== undefined && s[k] !== null) || active[k] !== undefined)
      .map((k) => `${k}=${String(s[k] ?? '?')}${active[k] !== undefined ? ` (${activeWord}: ${String(active[k])})` : ''}`)
      .join(' ') || MISSING
  );
}

/** Options of `vmbench run`. */
export interface RunOptions {
  spec: RunSpec;
  jsonFile?: string;
  cardFile?: string;
  /** Language of the progress, summary and card. */
  lang?: Lang;
}

/** How long a cancelled run may spend cleaning up before the CLI leaves anyway. */
const CANCEL_GRACE_MS = 15_000;

/** `vmbench run`: live progress on stderr, summary on stdout, Ctrl-C cancels and cleans up (exit 130). */
export async function cmdRun(engine: Engine, o: RunOptions): Promise<number> {
  const lang = o.lang ?? 'en';
  const t = translator(lang);
  const show = createProgressPrinter(process.stderr, lang);
  let finished: Extract<JobEvent, { type: 'job-finished' }> | undefined;
  let jobId: string | undefined;
  const unsubscribe = engine.subscribe((ev) => {
    if (jobId && ev.jobId !== jobId) return;
    show(ev);
    if (ev.type === 'job-finished') finished = ev;
  });
  let interrupted = false;
  const onSigint = (): void => {
    if (interrupted) process.exit(130);
    interrupted = true;
    printErr(`\n${t('cli:run.cancelling')}\n`);
    if (jobId) void engine.dispatch('run.cancel', [jobId]);
    // A clean-up that hangs (an unresponsive guest) must not keep the process: leave after the grace period.
    setTimeout(() => {
      printErr(`${t('cli:run.cancelTimeout', { seconds: CANCEL_GRACE_MS / 1000 })}\n`);
      process.exit(130);
    }, CANCEL_GRACE_MS).unref();
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
  if (!finished) throw new CliError(t('cli:error.noResult'), 1);
  if (finished.status === 'cancelled' && !finished.runId) return 130;
  if (!finished.runId) throw new CliError(finished.message ?? t('cli:error.failed'), 1, finished.messageRef);
  const run = await call<Run>(engine, 'runs.get', finished.runId);
  print(runTable(run, lang) + '\n');
  if (o.jsonFile) {
    // The run as stored, with its unstable numbers stated (derived by the one rule, electron/presentation/unstable.ts).
    await writeOutput(o.jsonFile, JSON.stringify({ ...run, unstable: unstableReport(run) }, null, 2) + '\n');
    printErr(t('cli:run.written', { file: o.jsonFile }) + '\n');
  }
  if (o.cardFile) await cmdCard(engine, run.id, undefined, o.cardFile, lang);
  return runExitCode(finished.status);
}

/** Exit code of `vmbench run`: 0 every target ok, 3 partial (some steps or targets failed), 1 failed, 130 cancelled. */
export function runExitCode(status: RunStatus): number {
  if (status === 'cancelled') return 130;
  return status === 'completed' ? 0 : status === 'partial' ? 3 : 1;
}

/** `vmbench runs`. */
export async function cmdRuns(engine: Engine, json: boolean, lang: Lang = 'en'): Promise<number> {
  const list = await call<RunList>(engine, 'runs.list');
  for (const w of skippedTexts(list, lang)) printErr(translator(lang)('cli:runs.warning', { message: w }) + '\n');
  print(json ? jsonText(list) + '\n' : runsTable(list.runs, lang) + '\n');
  return 0;
}

/** `vmbench compare A B`. */
export async function cmdCompare(engine: Engine, a: string, b: string, json: boolean, lang: Lang = 'en'): Promise<number> {
  const cmp = await call<Comparison>(engine, 'runs.compare', a, b);
  print(json ? jsonText(cmp) + '\n' : compareTable(cmp, lang) + '\n');
  return 0;
}

/** `vmbench card RUN [--compare RUN_B] --out FILE`: RUN alone, or RUN (before) → RUN_B (after). */
export async function cmdCard(engine: Engine, run: string, compare: string | undefined, out: string, lang: Lang = 'en'): Promise<number> {
  const req = compare ? { runId: compare, compareTo: run, lang } : { runId: run, lang };
  const card = await call<{ pngBase64: string; width: number; height: number }>(engine, 'card.render', req);
  await writeOutput(out, Buffer.from(card.pngBase64, 'base64'));
  printErr(translator(lang)('cli:card.written', { width: card.width, height: card.height, file: out }) + '\n');
  return 0;
}

/** `vmbench export RUN --format md|csv|json [--label NAME] [--out FILE]`; the label goes beside a JSON run as `machine`. */
export async function cmdExport(engine: Engine, run: string, format: ExportFormat, out?: string, lang: Lang = 'en', label?: string): Promise<number> {
  const res = await call<{ content: string }>(engine, 'runs.export', run, format, lang);
  // `--label` names this machine for a colleague's import (`machine` beside the run, cleaned and redacted like the importer does).
  const machine = label === undefined ? null : cleanMachineLabel(label);
  if (machine) res.content = `${JSON.stringify({ ...(JSON.parse(res.content) as object), machine }, null, 2)}\n`;
  if (out) await writeOutput(out, res.content);
  else {
    // JSON keeps its data: controls in its strings are escaped (\uXXXX), not removed as in md/csv text.
    const text = format === 'json' ? jsonSafe(res.content) : res.content;
    print(text.endsWith('\n') ? text : text + '\n');
  }
  return 0;
}

/** Parses `--tests a,b` (the engine's schema checks the names). */
export function parseTests(s: string | undefined, lang: Lang = 'en'): TestId[] | undefined {
  return commaList(s, 'cli:error.noTests', lang) as TestId[] | undefined;
}

/** Parses `--places shared,guest` (the engine's schema checks the names). */
export function parsePlaces(s: string | undefined, lang: Lang = 'en'): Place[] | undefined {
  return commaList(s, 'cli:error.noPlaces', lang) as Place[] | undefined;
}

/** The names of a comma-separated option; none at all is a usage error (`emptyKey`). */
function commaList(s: string | undefined, emptyKey: string, lang: Lang): string[] | undefined {
  if (s === undefined) return undefined;
  const names = s
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean);
  if (!names.length) throw new CliError(translator(lang)(emptyKey, { value: s }), 2);
  return names;
}

export { fmt };
