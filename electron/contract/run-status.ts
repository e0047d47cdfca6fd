/** How a run and each of its targets ended, from their results and step errors: shared by the engine (runner, history) and every face (CLI, renderer). */
import type { Run, RunStatus, TargetRun, TargetStatus } from './contract.js';

/** The step-error code of a medium that did not settle (engine/bench/settle.ts): a note on the numbers, not a failure. */
export const NOT_SETTLED = 'writeback-not-settled';

/**
 * The step-error code of a test of the default suite that this place cannot run for a missing tool (fio on a
 * Mac out of the box): skipped with the install hint, not a failure. A test the user asked for by name
 * keeps 'tool-missing', a failure (engine/bench/runner.ts).
 */
export const TOOL_SKIPPED = 'tool-skipped';

/** The step-error codes of the warnings on a command's timed runs (engine/bench/command-step.ts), as hyperfine's: notes on numbers that were measured, not failures. */
export const SLOW_FIRST_RUN = 'slow-first-run';
export const OUTLIER_RUNS = 'outlier-runs';

/** The step-error code of a target left out of a command run: none of its places can see the project (engine/bench/command-step.ts projectUnseen). */
export const PROJECT_UNSEEN = 'project-unseen';

/** Step-error codes that are notes on measured numbers or on a skipped default test, never failures. */
const NOTES: readonly string[] = [NOT_SETTLED, TOOL_SKIPPED, SLOW_FIRST_RUN, OUTLIER_RUNS];

/**
 * A step that failed, as opposed to one that cannot apply to this kind of target ('unsupported', e.g. net
 * from a guest with no route to this machine's loopback), a default test skipped for a missing tool, or a
 * verdict stated as a message: listed with its reason, no failure.
 */
export function isFailure(e: Pick<TargetRun['errors'][number], 'code'>): boolean {
  // 'inotify-not-delivered' is the watch test's verdict on a share, measured and reported, not a failure;
  // NOT_SETTLED is a warning on numbers that were measured.
  return ![...NOTES, 'unsupported', 'inotify-not-delivered'].includes(e.code);
}

/** ok when every step that can run here measured, partial when some failed, failed when none measured. */
export function targetStatus(t: Pick<TargetRun, 'results' | 'errors'>): TargetStatus {
  if (t.results.length === 0) return 'failed';
  return t.errors.some(isFailure) ? 'partial' : 'ok';
}

/** A run is completed only when every target is ok; failed when nothing was measured; partial otherwise. */
export function runStatus(targets: Pick<TargetRun, 'results' | 'errors'>[], cancelled: boolean): RunStatus {
  const statuses = targets.map(targetStatus);
  if (cancelled) return 'cancelled';
  if (statuses.length === 0 || statuses.every((s) => s === 'failed')) return 'failed';
  return statuses.every((s) => s === 'ok') ? 'completed' : 'partial';
}

/**
 * Fills target status for files written before it existed, and corrects a stored "completed"
 * that had failed steps (older versions called any run with one result completed).
 */
export function withStatus(run: Omit<Run, 'targets'> & { targets: (Omit<TargetRun, 'status'> & { status?: TargetStatus })[] }): Run {
  const targets = run.targets.map((t) => ({ ...t, status: targetStatus(t) }));
  const status = run.status === 'completed' || run.status === 'partial' ? runStatus(targets, false) : run.status;
  return { ...run, targets, status };
}
