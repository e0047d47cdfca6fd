/**
 * Adaptive trials: after a test's minimum trials, whether to add one more. The interval is the one the
 * verdicts use (verdict-stats.ts logMeanInterval, 95%) on the test's primary metric; the target and the
 * bounds are the suite's (plan-estimate.ts trialsPlan).
 */
import type { TrialsRecord, TrialsStop } from '../../contract/contract.js';
import type { TrialsPlan } from '../../measurement/plan-estimate.js';
import { logMeanInterval } from '../../measurement/verdict-stats.js';

/** What to do after the trials so far: add one, or stop and why; with the interval's half-width now. */
export interface TrialsDecision {
  more: boolean;
  width: number | null;
  stop?: Extract<TrialsStop, 'target-met' | 'max-reached' | 'time-cap'>;
}

/**
 * Decides on the primary metric's trials so far: more while the interval is wider than the target (or cannot be formed), the
 * maximum is not reached and, with a time cap (plan.capSec: the command test's per place, a headline's), the step has not yet taken that long.
 */
export function decideTrials(values: readonly number[], plan: TrialsPlan, elapsedSec = 0): TrialsDecision {
  const width = logMeanInterval([...values])?.halfWidth ?? null;
  if (values.length < plan.minTrials) return { more: true, width };
  if (width !== null && width <= plan.targetHalfWidth) return { more: false, width, stop: 'target-met' };
  if (values.length >= plan.maxTrials) return { more: false, width, stop: 'max-reached' };
  if (plan.capSec !== undefined && elapsedSec >= plan.capSec) return { more: false, width, stop: 'time-cap' };
  return { more: true, width };
}

/** The clause of a result's method that states the adaptive trials: the plan, what was taken and why it stopped. */
export function trialsMethod(r: TrialsRecord): string {
  const target = `${Math.round(r.target * 1000) / 10}%`;
  const why = {
    'target-met': 'target met',
    'max-reached': 'maximum reached, target not met',
    'time-cap': "the place's time cap reached, target not met",
    cancelled: 'cancelled',
    failed: 'an added trial failed',
  }[r.stop];
  if (r.maxTrials <= r.minTrials) return `${r.taken} trials`;
  if (r.batches)
    return `adaptive trials: ${r.minTrials}, then in batches (each as many as taken so far) up to ${r.maxTrials} while the 95% interval of ${r.metric} was wider than ±${target} (each batch a new run of the script, with its own set-up); took ${r.taken}: ${why}`;
  return `adaptive trials: ${r.minTrials}, then one at a time up to ${r.maxTrials} while the 95% interval of ${r.metric} was wider than ±${target} (each added trial a new run of the script, with its own set-up); took ${r.taken}: ${why}`;
}
