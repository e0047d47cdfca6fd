import type { TFunction } from 'i18next';
import type { PlanStep } from '../../electron/contract';
import { isFailure } from '../../electron/run-status';
import { PLACE_LABEL } from '../lib/metrics';
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

/** Fraction (0..1) of one step that is done, judged from the cursor when it is the current one. */
function stepFraction(job: JobState, s: PlanStep): number {
  if (job.done.includes(stepKey(s.target, s.place, s.test))) return 1;
  const c = job.cursor;
  if (c && c.target === s.target && c.place === s.place && c.test === s.test && c.trials > 0) {
    return Math.min(1, Math.max(0, (c.trial - 1) / c.trials));
  }
  return 0;
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
    const doneSteps = steps.filter((s) => job.done.includes(stepKey(s.target, s.place, s.test))).length;
    const percent = job.status === 'completed' ? 100 : Math.round((doneW / total) * 100);
    const failedSteps = new Set(job.errors.filter((e) => e.target === target && isFailure(e.error)).map((e) => stepKey(e.target, e.error.place, e.error.test))).size;
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
