import type { TFunction } from 'i18next';
import type { PlanStep } from '../../electron/contract/contract.js';
import { isFailure } from '../../electron/contract/run-status.js';
import { PLACE_LABEL } from '../lib/metrics';
import { stepDoneFraction } from '../../electron/measurement/plan-estimate.js';
import { stepKey, type JobState, type LiveSample } from './job-reducer';

/** Progress of one target inside a job. */
export interface TargetProgress {
  target: string;
  doneSteps: number;
  /** Steps that ended with an error (a full bar of failures is not success). */
  failedSteps: number;
  totalSteps: number;
  percent: number;
}

function weight(s: PlanStep): number {
  return s.estimateSec > 0 ? s.estimateSec : 1;
}

/** Whether the cursor is on this step: the plan's step of its index when that is the same test and place (a headline and its full test share them), else by target, place and test. */
function isCurrent(job: JobState, s: PlanStep): boolean {
  const c = job.cursor!;
  const at = job.plan[c.step];
  if (at && at.target === c.target && at.place === c.place && at.test === c.test) return at === s;
  return c.target === s.target && c.place === s.place && c.test === s.test && !s.headline;
}

/** Fraction (0..1) of one step that is done, judged from the cursor when it is the current one, by the step's expected time per trial (its checkpoints). */
function stepFraction(job: JobState, s: PlanStep): number {
  if (job.done.includes(stepKey(s.target, s.place, s.test, s.headline))) return 1;
  const c = job.cursor;
  if (c && isCurrent(job, s) && c.trials > 0) {
    return stepDoneFraction({ trials: c.trials, checkpoints: s.checkpoints }, c.done ?? c.trial - 1);
  }
  return 0;
}

/**
 * The ETA at `nowMs`: the engine's last ETA counted down since it was sent, never below the steps
 * still to come at the pace measured so far; before the first step, the plan's total counted down
 * from the start. Null when nothing runs or nothing is known.
 */
export function liveEtaSec(job: JobState, nowMs: number): number | null {
  if (job.status !== 'running') return null;
  const total = job.plan.reduce((a, s) => a + s.estimateSec, 0);
  const c = job.cursor;
  if (!c) {
    const start = job.startedAt ? Date.parse(job.startedAt) : NaN;
    return total > 0 && Number.isFinite(start) ? Math.max(0, Math.round(total - Math.max(0, nowMs - start) / 1000)) : null;
  }
  if (c.at === undefined) return c.etaSec;
  const remaining = total * (1 - c.fraction);
  const pace = remaining > 0 ? c.etaSec / remaining : 1;
  const later = job.plan.slice(c.step + 1).reduce((a, s) => a + s.estimateSec, 0) * pace;
  return Math.max(0, Math.round(Math.max(later, c.etaSec - Math.max(0, nowMs - c.at) / 1000)));
}

/** Overall completion 0..100, from the same estimate-weighted steps as the per-target bars (so they agree); the engine's fraction only for a job seen without its plan. */
export function overallPercent(job: JobState): number {
  if (job.status === 'completed') return 100;
  let f = job.cursor?.fraction;
  if (job.plan.length > 0) {
    const total = job.plan.reduce((a, s) => a + weight(s), 0);
    f = job.plan.reduce((a, s) => a + weight(s) * stepFraction(job, s), 0) / total;
  }
  return Math.round(Math.min(1, Math.max(0, f ?? 0)) * 100);
}

/** Per-target progress in plan order, weighted by each step's time estimate. */
export function targetProgress(job: JobState): TargetProgress[] {
  const byTarget = new Map<string, PlanStep[]>();
  for (const s of job.plan) byTarget.set(s.target, [...(byTarget.get(s.target) ?? []), s]);
  return [...byTarget.entries()].map(([target, steps]) => {
    const total = steps.reduce((a, s) => a + weight(s), 0);
    const doneW = steps.reduce((a, s) => a + weight(s) * stepFraction(job, s), 0);
    const doneSteps = steps.filter((s) => job.done.includes(stepKey(s.target, s.place, s.test, s.headline))).length;
    const percent = job.status === 'completed' ? 100 : Math.round((doneW / total) * 100);
    const failedSteps = new Set(job.errors.filter((e) => e.target === target && isFailure(e.error)).map((e) => stepKey(e.target, e.error.place, e.error.test)))
      .size;
    return { target, doneSteps, failedSteps, totalSteps: steps.length, percent };
  });
}

/** "rand-read · native · trial 2/3", or a status word when nothing runs. */
export function cursorText(job: JobState, t?: TFunction<'ui'>): string {
  const c = job.cursor;
  if (job.status !== 'running') return t ? t(`status.${job.status}`) : job.status;
  if (!c) return t ? t('progress.starting') : 'starting…';
  const trial = t ? t('progress.trial', { n: c.trial, of: c.trials }) : `trial ${c.trial}/${c.trials}`;
  return `${c.test} · ${PLACE_LABEL[c.place] ?? c.place} · ${trial}`;
}

/** The samples of the step that runs now (or ran last). */
export function currentSamples(job: JobState): LiveSample[] {
  const c = job.cursor;
  if (!c) return job.samples.slice(-6);
  return job.samples.filter((s) => s.target === c.target && s.place === c.place && s.test === c.test);
}
