/**
 * The command test (`vmbench run --command CMD --project DIR`): the user's own command timed in every place that can see
 * their project. What is particular to it, beside its script bench-scripts/command.sh and its catalogue entry:
 * - where the project is in each place (Transport.projectIn): the path the place sees it at, and where its scratch copy goes
 *   (beside it on the same mount in native and shared places, so a shared place still measures that mount type; the
 *   place's own disk in guest and volume); a place that cannot see it is left out, and so is a target left with none (the
 *   run goes on for the others, and is refused only when no target is left); a VM whose shares do not hold it runs the
 *   command on its guest disk only, in a copy uploaded into the guest first (Transport.uploadProject: the upload's time is
 *   reported on its own line, never counted, and the upload is removed after the place's runs);
 * - its runs: a fixed number (`--runs N`, as hyperfine's) or adaptive: at least 3, one more at a time until the 95%
 *   interval of the wall time is within ±5%, up to COMMAND_MAX_RUNS or the place's time cap;
 * - its errors and warnings: a command that was not found (exit 127) or failed, in words naming the target and place; a
 *   first run far slower than the rest, or outliers, as hyperfine warns of them (trial-stats.ts runsWarning).
 */
import { stat } from 'node:fs/promises';
import type { BenchEvent, CommandSpec, MsgRef, Place, RunSpec, TestError, TestResult } from '../../contract/contract.js';
import { targetNameRef } from '../../presentation/headline.js';
import { msg } from '../../messages/finding-text.js';
import { withEnglish } from '../../messages/message-english.js';
import { joinedRef } from '../../messages/error-text.js';
import type { TrialsPlan } from '../../measurement/plan-estimate.js';
import { OUTLIER_RUNS, SLOW_FIRST_RUN } from '../../contract/run-status.js';
import { roundFigure, runsWarning } from '../../measurement/trial-stats.js';
import { engineError, whyOf } from '../util/errors.js';
import { formatBytes } from '../../presentation/format.js';
import type { Emit } from '../util/jobs.js';
import type { ProjectUpload, Transport } from '../transports/types.js';
import { chosenPlaces, type OfferingTarget } from './chosen-places.js';
import type { PlanTarget } from './run-estimate.js';

/** Timed runs at least, when `--runs` does not fix them. */
export const COMMAND_MIN_RUNS = 3;
/** Timed runs at most, when `--runs` does not fix them. */
export const COMMAND_MAX_RUNS = 30;
/** Seconds of one place after which no run is added (a 30-second `npm ci` must not take 10 runs in every place). */
export const COMMAND_TIME_CAP_SEC = 120;
/** The interval the adaptive runs aim for: ±5% (half-width of the 95% interval over its center). */
export const COMMAND_TARGET_HALF_WIDTH = 0.05;
/** Seconds one script run of the command may take at most (a hang guard: the copy, the warm-up and the runs of a long build). */
export const COMMAND_TIMEOUT_SEC = 3 * 3600;
/** Warm-up runs when none are asked for. */
export const COMMAND_DEFAULT_WARMUP = 1;

/** How many runs a place takes: `runs` fixed, else adaptive between COMMAND_MIN_RUNS and COMMAND_MAX_RUNS within the time cap. */
export function commandTrialsPlan(c: Pick<CommandSpec, 'runs' | 'capSec'>): TrialsPlan {
  if (c.runs !== undefined) return { minTrials: c.runs, maxTrials: c.runs, targetHalfWidth: COMMAND_TARGET_HALF_WIDTH };
  return { minTrials: COMMAND_MIN_RUNS, maxTrials: COMMAND_MAX_RUNS, targetHalfWidth: COMMAND_TARGET_HALF_WIDTH, capSec: c.capSec ?? COMMAND_TIME_CAP_SEC };
}

/** Whether a place sees the project: it does (projectIn), or it would once uploaded and its transport can upload it. */
function sees(transport: Pick<Transport, 'projectIn' | 'uploadProject'>, place: Place, project: string): boolean {
  const view = transport.projectIn?.(place, project);
  return view !== undefined && (!view.upload || typeof transport.uploadProject === 'function');
}

/** The places of a target that can see the project, in its transport's order (a place that sees it once it is uploaded included). */
export function projectPlaces(transport: Pick<Transport, 'places' | 'projectIn' | 'uploadProject'>, project: string): Place[] {
  return transport.places().filter((p) => sees(transport, p, project));
}

/** Whether the project must be uploaded into this place first (a VM whose shares do not hold it: its guest disk). */
export function needsUpload(transport: Pick<Transport, 'projectIn' | 'uploadProject'>, place: Place, project: string): boolean {
  return Boolean(transport.projectIn?.(place, project)?.upload) && sees(transport, place, project);
}

/** A target as the command's reach needs it: its name, and its transport's places and view of the project. */
export type ReachTarget = OfferingTarget & { transport: Pick<Transport, 'places' | 'projectIn' | 'uploadProject'> };

/**
 * Why a target cannot run the command on the project (no place of it sees the project, not even once uploaded), as a reference
 * naming it; undefined when some place does. The one rule for the run (the target is left out) and the app's form (it is flagged
 * before the click).
 */
export function projectUnseen(t: ReachTarget, project: string): MsgRef | undefined {
  if (projectPlaces(t.transport, project).length) return undefined;
  const name = targetNameRef(t);
  if (!t.transport.places().includes('shared')) return msg('errors.command.leftOut.noShare', { name, project });
  return msg('errors.command.leftOut.notShared', { name, project });
}

/**
 * Whether a target runs the command on its guest disk only, in an uploaded copy (every place of it that sees the project needs
 * the upload): what the app's form says of it ("guest disk only"), as a reference naming it; undefined otherwise.
 */
export function projectUploadOnly(t: ReachTarget, project: string): MsgRef | undefined {
  const seen = projectPlaces(t.transport, project);
  if (!seen.length || !seen.every((p) => needsUpload(t.transport, p, project))) return undefined;
  return msg('errors.command.guestOnly', { name: targetNameRef(t), project });
}

/** Lets each target's transport learn what its places are (Transport.resolve: nothing is set up), all at once. */
export async function resolvePlaces(targets: readonly { transport: Pick<Transport, 'places' | 'resolve'> }[], signal: AbortSignal): Promise<void> {
  await Promise.all(targets.map((t) => t.transport.resolve?.(signal)));
}

/** The targets of a command run: those that run it, each with its places, and those left out, each with why. */
export interface CommandReach {
  placed: PlanTarget[];
  leftOut: { id: string; place: Place; ref: MsgRef }[];
}

/**
 * Each target with the places it runs the command in: those that see the project (and, with `places`, were asked for). A target
 * that sees it nowhere is left out (the run goes on for the others), and the run is refused only when every target is; one
 * whose shared folder does not hold it is said so in the log, and so is one that measures its guest disk only, in a copy
 * uploaded into it (with the upload's size: `uploadBytes`, the project's files less the excluded paths, when known).
 */
export function commandPlaces(spec: RunSpec, targets: readonly ReachTarget[], emit: Emit, uploadBytes?: number): CommandReach {
  const project = spec.command!.project;
  const leftOut: CommandReach['leftOut'] = [];
  const views = targets.flatMap((t) => {
    const unseen = projectUnseen(t, project);
    if (unseen) {
      leftOut.push({ id: t.id, place: t.transport.places()[0] ?? 'native', ref: unseen });
      return [];
    }
    const seen = projectPlaces(t.transport, project);
    if (projectUploadOnly(t, project)) {
      const size = formatBytes(uploadBytes ?? NaN, 'en');
      emit({ type: 'log', level: 'warn', ...withEnglish(msg('log.command.uploadOnly', { target: targetNameRef(t), project, size })) });
    } else if (t.transport.places().includes('shared') && !seen.includes('shared'))
      emit({ type: 'log', level: 'warn', ...withEnglish(msg('log.command.noShare', { target: targetNameRef(t), project })) });
    return [{ id: t.id, label: t.label, transport: { places: () => seen } }];
  });
  if (!views.length) throw engineError('invalid-input', 'errors.command.noneSees', { reasons: joinedRef(leftOut.map((l) => l.ref))! });
  return { placed: chosenPlaces(spec, views), leftOut };
}

/** A place that can run in the real folder: native and a shared folder (guest and volume are copies by nature). */
const REAL_FOLDER: readonly Place[] = ['native', 'shared'];

/**
 * The arguments of command.sh in a place (`trials` runs, after the spec's warm-up); the place must see the project (projectPlaces).
 * A place that sees it once uploaded takes the upload's path as its source (`uploaded`: ProjectUpload.source).
 */
export function commandArgs(c: CommandSpec, transport: Pick<Transport, 'projectIn'>, place: Place, trials: number, uploaded?: string): string[] {
  const where = transport.projectIn?.(place, c.project);
  if (!where) throw new Error(`the project is not visible in the ${place} place`);
  const source = where.upload ? uploaded : where.source;
  if (source === undefined) throw new Error(`the project must be uploaded into the ${place} place first`);
  const args = ['--dir', where.dir, '--source', source, '--command', c.command, '--trials', String(trials)];
  args.push('--warmup', String(c.warmup ?? COMMAND_DEFAULT_WARMUP));
  if (c.prepare) args.push('--prepare', c.prepare);
  if (c.cleanup) args.push('--cleanup', c.cleanup);
  if (c.inPlace && REAL_FOLDER.includes(place)) args.push('--in-place', '1');
  for (const x of c.exclude ?? []) args.push('--exclude', x);
  return args;
}

/** The project folder must exist and be a folder on this machine; else an invalid-input error naming it. */
export async function checkProject(project: string): Promise<void> {
  const s = await stat(project).catch(() => null);
  if (!s?.isDirectory()) throw engineError('invalid-input', 'errors.command.noProject', { project });
}

/** A command.sh error event as the step's error: a missing program or a failing command, in words naming the target and place (`where`). */
export function commandError(ev: Extract<BenchEvent, { event: 'error' }>, place: Place, where: MsgRef): TestError | undefined {
  if (ev.code !== 'command-not-found' && ev.code !== 'command-failed') return undefined;
  const detail = ev.detail?.trim() || '-';
  const phase = ev.phase ?? 'command';
  const ref =
    ev.code === 'command-not-found'
      ? msg('errors.command.notFound', { program: ev.program ?? '?', where, detail })
      : msg(`errors.command.failed.${phase}`, { status: ev.status ?? '?', where, detail });
  return { test: 'command', place, code: ev.code, ...withEnglish(ref) };
}

/** The warning on a command's timed runs, as hyperfine gives it: a first run far slower than the rest (cold caches), else outliers. */
export function commandWarnings(result: TestResult): TestError[] {
  const w = runsWarning(result.samples.wall_s ?? []);
  if (!w) return [];
  const ref =
    w.kind === 'slow-first'
      ? msg('errors.command.slowFirst', { first: roundFigure(w.first), median: roundFigure(w.median) })
      : msg('errors.command.outliers', { count: w.count, n: w.n });
  return [{ test: 'command', place: result.place, code: w.kind === 'slow-first' ? SLOW_FIRST_RUN : OUTLIER_RUNS, ...withEnglish(ref) }];
}

/**
 * Uploads the project into a place that sees it only so (needsUpload), for one step of the command test, and says so in the log
 * (its size and time, never counted). `ok: false` when it could not: with the step's error, or none when the run was cancelled.
 */
export async function uploadForStep(
  t: ReachTarget,
  place: Place,
  c: CommandSpec,
  signal: AbortSignal,
  emit: Emit,
): Promise<{ ok: true; upload: ProjectUpload } | { ok: false; error?: TestError }> {
  const target = targetNameRef(t);
  try {
    const upload = await t.transport.uploadProject!(c.project, { signal, exclude: c.exclude, timeoutMs: COMMAND_TIMEOUT_SEC * 1000 });
    const size = formatBytes(upload.bytes, 'en');
    emit({ type: 'log', level: 'info', ...withEnglish(msg('log.command.uploaded', { target, size, sec: roundFigure(upload.sec) })) });
    return { ok: true, upload };
  } catch (e) {
    if (signal.aborted) return { ok: false };
    const ref = msg('errors.command.uploadFailed', { project: c.project, target, error: whyOf(e) });
    return { ok: false, error: { test: 'command', place, code: 'upload-failed', ...withEnglish(ref) } };
  }
}
