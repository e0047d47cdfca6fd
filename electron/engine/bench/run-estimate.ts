/**
 * A run's expected duration before it starts, the one figure every face shows (the UI's plan next to
 * "Benchmark my setup" through `run.estimate`, the CLI's first line through job-started): each step's
 * time from this machine's last runs of it (calibrate.ts, the same calibration as the running ETA), plus
 * each target's time outside its steps (probe, prepare, clean-up) from its last whole runs; a target with
 * no past run of any of its steps keeps the static plan (plan-estimate.ts targetEstimateSec).
 */
import type { EstimateRequest, EstimateSource, Place, PlanStep, Run, RunEstimate, RunSpec, TargetEstimate, TestId } from '../../contract/contract.js';
import {
  defaultTests,
  headlineEstimateSec,
  headlineParams,
  headlineSteps,
  placeEstimateSec,
  plannedSteps,
  preset,
  targetEstimateSec,
  targetMaxEstimateSec,
  targetVerdictSec,
  trialsPlan,
} from '../../measurement/plan-estimate.js';
import { summarize } from '../../measurement/trial-stats.js';
import { CALIBRATION_RUNS, calibratePlan } from './calibrate.js';

/** A target as the plan needs it: its id and the places its steps run in. */
export interface PlanTarget {
  id: string;
  places: readonly Place[];
}

/**
 * The static plan of a run: first every place's headline (its verdict: headlineTest's short trials) in every target,
 * then every wanted test in every place of every target where it runs, with the plan's estimate; only the headlines
 * when the spec asks for them alone (headlinesOnly).
 */
export function planSteps(spec: Pick<RunSpec, 'suite' | 'tests' | 'trials' | 'headlinesOnly'>, targets: readonly PlanTarget[]): PlanStep[] {
  const wanted: readonly TestId[] = spec.tests?.length ? spec.tests : defaultTests(spec.suite);
  const headlines = targets.flatMap((t) =>
    headlineSteps(wanted, t.places).map(({ place, test }): PlanStep => {
      const { minTrials: trials, maxTrials } = headlineParams(spec.suite, test, spec.trials).trials;
      const estimateSec = headlineEstimateSec(spec.suite, test, place);
      return { target: t.id, place, test, trials, ...(maxTrials > trials ? { maxTrials } : {}), estimateSec, headline: true };
    }),
  );
  if (spec.headlinesOnly) return headlines;
  const rest = targets.flatMap((t) =>
    plannedSteps(wanted, t.places).map(({ place, test }): PlanStep => {
      const trials = preset(spec.suite, test).trials ?? 1;
      const maxTrials = Math.max(trials, trialsPlan(spec.suite, test, spec.trials).maxTrials);
      return { target: t.id, place, test, trials, ...(maxTrials > trials ? { maxTrials } : {}), estimateSec: placeEstimateSec(spec.suite, test, place) };
    }),
  );
  return [...headlines, ...rest];
}

/** A step's estimate on the plan alone: a headline's from its short trials, another's from the suite's preset. */
export function planStepSec(suite: RunSpec['suite'], s: Pick<PlanStep, 'test' | 'place' | 'headline'>): number {
  return s.headline ? headlineEstimateSec(suite, s.test, s.place) : placeEstimateSec(suite, s.test, s.place);
}

/**
 * Seconds a target's run spends outside its steps (probe, prepare, clean-up, storing), from its last whole
 * runs here (newest first): completed runs of that target alone whose every step recorded its time and took
 * no added trial (their time is not in the step's timing). Undefined when there is none.
 */
export function pastOverheadSec(target: string, history: readonly Run[], maxRuns: number = CALIBRATION_RUNS): number | undefined {
  const found: number[] = [];
  for (const run of history) {
    if (found.length >= maxRuns) break;
    if (run.status !== 'completed' || run.targets.length !== 1 || run.targets[0].id !== target) continue;
    const results = run.targets[0].results;
    if (!results.length || results.some((r) => !r.timing || (r.trials && r.trials.taken > r.trials.minTrials))) continue;
    // A headline's timing is its whole step, added trials included (runner.ts).
    const headlines = run.targets[0].headlines ?? [];
    if (headlines.some((r) => !r.timing)) continue;
    const wall = (Date.parse(run.finishedAt) - Date.parse(run.startedAt)) / 1000;
    if (!Number.isFinite(wall)) continue;
    found.push(Math.max(0, wall - [...results, ...headlines].reduce((a, r) => a + r.timing!.sec, 0)));
  }
  return found.length ? summarize(found).median : undefined;
}

/** The expected duration of a run of `targets` before it starts, with the plan it used (the runner's plan and ETA start from it); with the time until every verdict when the tests have a headline. */
export function estimateRun(
  spec: Pick<RunSpec, 'suite' | 'tests' | 'trials' | 'headlinesOnly'>,
  targets: readonly PlanTarget[],
  history: readonly Run[],
): { estimate: RunEstimate; plan: PlanStep[] } {
  const wanted: TestId[] = spec.tests?.length ? [...spec.tests] : defaultTests(spec.suite);
  const whole = calibratePlan(planSteps(spec, targets), spec.suite, history);
  const perTarget = targets.map((t): TargetEstimate => {
    const verdictSec = targetVerdictSec(spec.suite, wanted, t.places);
    const staticSec = spec.headlinesOnly ? verdictSec : targetEstimateSec(spec.suite, wanted, t.places);
    const staticMax = spec.headlinesOnly ? verdictSec : targetMaxEstimateSec(spec.suite, wanted, t.places);
    const verdict = (sec: number) => (verdictSec > 0 ? { verdictSeconds: Math.round(sec) } : {});
    const { plan, source } = calibratePlan(planSteps(spec, [t]), spec.suite, history);
    if (source.kind === 'plan') return { id: t.id, seconds: staticSec, maxSeconds: staticMax, ...verdict(verdictSec), source };
    // The plan's time outside the steps (a guest's set-up) unless this target's past runs measured it.
    const planOverhead = staticSec - plan.reduce((a, s) => a + planStepSec(spec.suite, s), 0);
    const overhead = pastOverheadSec(t.id, history) ?? planOverhead;
    const seconds = Math.round(plan.reduce((a, s) => a + s.estimateSec, 0) + overhead);
    const headlines = plan.filter((s) => s.headline).reduce((a, s) => a + s.estimateSec, 0);
    // Trials that may be added cost what the plan says, scaled as this target's time is scaled from the plan.
    return {
      id: t.id,
      seconds,
      maxSeconds: Math.round(seconds + (staticMax - staticSec) * (seconds / Math.max(1, staticSec))),
      ...verdict(headlines + overhead),
      source,
    };
  });
  const source: EstimateSource = whole.source;
  const verdicts = perTarget.filter((t) => t.verdictSeconds !== undefined);
  const estimate: RunEstimate = {
    seconds: perTarget.reduce((a, t) => a + t.seconds, 0),
    maxSeconds: perTarget.reduce((a, t) => a + t.maxSeconds, 0),
    ...(verdicts.length ? { verdictSeconds: verdicts.reduce((a, t) => a + (t.verdictSeconds ?? 0), 0) } : {}),
    source,
    steps: whole.plan.length,
    targets: perTarget,
  };
  return { estimate, plan: whole.plan };
}

/** The same estimate for a request from a face (`run.estimate`). */
export function estimateFor(req: EstimateRequest, history: readonly Run[]): RunEstimate {
  return estimateRun({ suite: req.suite, tests: req.tests }, req.targets, history).estimate;
}
