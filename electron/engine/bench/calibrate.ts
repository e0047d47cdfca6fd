/**
 * The ETA's calibration: each plan step's expected time and its checkpoints (how far the step is when
 * each trial ends) from this machine's last runs of the same step (target, place, test, suite), as
 * recorded in their results' timing; a step never measured here keeps the plan's estimate.
 */
import type { EstimateSource, PlanStep, Run, Suite } from '../../contract/contract.js';
import { planCheckpoints } from '../../measurement/plan-estimate.js';

/** How many past runs of a step its estimate is taken from (the median of their times). */
export const CALIBRATION_RUNS = 3;

function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

/** The plan with every step's estimate from its last recorded runs here (newest first in `history`), else the plan's; and where the estimate came from. */
export function calibratePlan(
  plan: PlanStep[],
  suite: Suite,
  history: readonly Run[],
  maxRuns: number = CALIBRATION_RUNS,
): { plan: PlanStep[]; source: EstimateSource } {
  const usedRuns = new Set<string>();
  let calibrated = 0;
  const out = plan.map((step): PlanStep => {
    const past: { runId: string; sec: number; ends: number[] }[] = [];
    for (const run of history) {
      if (past.length >= maxRuns) break;
      if (run.suite !== suite) continue;
      // A headline step from the past runs' headlines (a headlines-only run's are its results).
      const tr = run.targets.find((t) => t.id === step.target);
      const from = step.headline ? (run.headlinesOnly ? tr?.results : tr?.headlines) : run.headlinesOnly ? undefined : tr?.results;
      const result = from?.find((r) => r.test === step.test && r.place === step.place);
      const timing = result?.timing;
      if (!timing || !(timing.sec > 0) || timing.trialEndSec.length !== step.trials) continue;
      past.push({ runId: run.id, sec: timing.sec, ends: timing.trialEndSec });
    }
    if (past.length === 0) return { ...step, checkpoints: planCheckpoints(suite, step.test, step.trials), estimateFrom: 'plan' };
    calibrated++;
    for (const p of past) usedRuns.add(p.runId);
    const checkpoints = Array.from({ length: step.trials }, (_, k) => Math.min(1, median(past.map((p) => p.ends[k] / p.sec))));
    return { ...step, estimateSec: Math.max(1, Math.round(median(past.map((p) => p.sec)))), checkpoints, estimateFrom: 'history' };
  });
  const source: EstimateSource = calibrated > 0 ? { kind: 'history', runs: usedRuns.size, steps: calibrated } : { kind: 'plan' };
  return { plan: out, source };
}
