/**
 * Adaptive trials: after a test's minimum trials, whether to add one more. The interval is the one the
 * verdicts use (verdict-stats.ts logMeanInterval, 95%) on the test's primary metric; the target and the
 * bounds are the suite's (plan-estimate.ts trialsPlan).
 */
import type { TrialsStop } from '../../contract.js';
import type { TrialsPlan } from '../../plan-estimate.js';
import { logMeanInterval } from '../../verdict-stats.js';

/** What to do after the trials so far: add one, or stop and why; with the interval's half-width now. */
export interface TrialsDecision {
  more: boolean;
  width: number | null;
  stop?: Extract<TrialsStop, 'target-met' | 'max-reached'>;
}

/** Decides on the primary metric's trials so far: more while the interval is wider than the target (or cannot be formed) and the maximum is not reached. */
export function decideTrials(values: readonly number[], plan: TrialsPlan): TrialsDecision {
  const width = logMeanInterval([...values])?.halfWidth ?? null;
  if (values.length < plan.minTrials) return { more: true, width };
  if (width !== null && width <= plan.targetHalfWidth) return { more: false, width, stop: 'target-met' };
  if (values.length >= plan.maxTrials) return { more: false, width, stop: 'max-reached' };
  return { more: true, width };
}
