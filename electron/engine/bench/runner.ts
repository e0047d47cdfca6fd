import { arch, platform } from 'node:os';
import {
  SCHEMA_VERSION,
  type Place,
  type PlanStep,
  type Run,
  type RunSpec,
  type TargetRun,
  type TestError,
  type TestId,
  type TestResult,
} from '../../contract/contract.js';
import { PROJECT_UNSEEN, runStatus, targetStatus, TOOL_SKIPPED } from '../../contract/run-status.js';
import { engineMessage } from '../util/errors.js';
import { joinedRef } from '../../messages/error-text.js';
import { msg } from '../../messages/finding-text.js';
import { withEnglish } from '../../messages/message-english.js';
import type { Emit } from '../util/jobs.js';
import type { RunStore } from '../store/run-store.js';
import { addedTrialEstimateSec, headlineParams, stepDoneFraction, trialsPlan } from '../../measurement/plan-estimate.js';
import { targetNameRef } from '../../presentation/headline.js';
import { estimateRun, planStepSec, planSteps } from './run-estimate.js';
import { chosenPlaces } from './chosen-places.js';
import { commandPlaces, commandTrialsPlan, needsUpload, resolvePlaces } from './command-step.js';
import { projectBytes } from '../transports/project-upload.js';
import { EtaTracker } from './eta.js';
import { RUNNABLE_TESTS, type ScriptTest } from '../transports/bench-scripts.js';
import { runStep } from './run-step.js';
import { setUpTargets } from './target-setup.js';
import type { ResolvedTarget } from './resolved-target.js';

/** What a run needs from the engine. */
export interface RunnerDeps {
  store: RunStore;
  appVersion: string;
  resolveTargets(ids: string[], signal: AbortSignal): Promise<ResolvedTarget[]>;
  /** "That's enough" (run.enough): once aborted, the run stops after its headlines (a fill-in step running then is dropped) and is stored as headlines only. */
  enough?: AbortSignal;
  /** The cores other work keeps busy when a target could be set up ahead (default: overlap.ts busyCores; tests give a number). */
  busyCores?: () => Promise<number>;
}

/** Builds the plan: every disk test in every chosen place of every target; service tests where service-step.ts says (run-estimate.ts planSteps). */
export function buildPlan(spec: RunSpec, targets: ResolvedTarget[]): PlanStep[] {
  return planSteps(spec, chosenPlaces(spec, targets));
}

/** Runs a spec end to end: probe, every plan step, aggregation, storing; always emits job-finished. */
export async function executeRun(asked: RunSpec, emit: Emit, signal: AbortSignal, deps: RunnerDeps): Promise<Run | null> {
  const startedAt = new Date();
  // A run of the user's command is the command test alone.
  const spec: RunSpec = asked.command ? { ...asked, tests: ['command'] } : asked;
  const targets = await deps.resolveTargets(spec.targets?.length ? spec.targets : ['local'], signal);
  // The places each target is measured in (spec.places, else all it offers; for a command, those that see the project): a target with none of them fails here, before anything runs
  // (for a command, it is left out with why, and the run goes on for the others).
  // A command's places depend on where each daemon runs (a Docker context on another machine sees no folder of this one).
  if (spec.command) await resolvePlaces(targets, signal);
  // A VM whose shares do not hold the project gets a copy uploaded into it: its size for the log line that says so.
  const command = spec.command;
  const uploads = command && targets.some((t) => t.transport.places().some((p) => needsUpload(t.transport, p, command.project)));
  const uploadBytes = uploads ? await projectBytes(command.project, command.exclude).catch(() => undefined) : undefined;
  const { placed, leftOut } = spec.command ? commandPlaces(spec, targets, emit, uploadBytes) : { placed: chosenPlaces(spec, targets), leftOut: [] };
  const left = new Set(leftOut.map((l) => l.id));
  // Each step's expected time from this machine's last runs of it, else from the plan (an unreadable history is no history).
  const history = await deps.store.list().then(
    (l) => l.full,
    () => [],
  );
  // The same function as the plan shown before the run (run.estimate), so the first line and the plan agree.
  const { plan, estimate: expected } = estimateRun(spec, placed, history);
  // A command's runs are its own (--runs, else adaptive from 3), not a suite's preset.
  if (spec.command) {
    const runs = commandTrialsPlan(spec.command);
    for (const step of plan) Object.assign(step, { trials: runs.minTrials, maxTrials: runs.maxTrials });
  }
  emit({ type: 'job-started', spec, plan, startedAt: startedAt.toISOString(), estimate: expected.source, expected });
  const skipped = (spec.tests ?? []).filter((t) => !(RUNNABLE_TESTS as readonly TestId[]).includes(t));
  if (skipped.length) emit({ type: 'log', level: 'warn', ...withEnglish(msg('log.skipped', { tests: skipped.join(', ') })) });
  // Grows when a test adds a trial after its minimum (adaptive trials): the ETA follows what is actually scheduled.
  let totalEstimate = plan.reduce((s, p) => s + p.estimateSec, 0) || 1;
  let doneEstimate = 0;
  const eta = new EtaTracker(totalEstimate);
  const runs = new Map<string, TargetRun>();
  for (const t of targets) {
    runs.set(t.id, { id: t.id, runtime: t.runtime, label: t.label, settings: t.settings, probe: null, results: [], errors: [], status: 'failed' });
  }
  // Each place's headline and what failed of them: a full run keeps them beside its results; a run stopped after them stores them as its results.
  const headlines = new Map<string, { results: TestResult[]; errors: TestError[] }>(targets.map((t) => [t.id, { results: [], errors: [] }]));
  const enough = deps.enough;
  let stoppedAfterHeadlines = Boolean(spec.headlinesOnly);

  // A target left out of a command run (it cannot see the project): why, as its error; nothing runs there.
  for (const l of leftOut) {
    const error = { test: 'command' as const, place: l.place, code: PROJECT_UNSEEN, ...withEnglish(l.ref) };
    runs.get(l.id)!.errors.push(error);
    emit({ type: 'test-error', target: l.id, error });
  }

  // Setting the targets up (bench/target-setup.ts): before the first measurement, or beside the first steps where bench/overlap.ts allows.
  const setUps = await setUpTargets(
    targets.filter((t) => !left.has(t.id)),
    { spec, plan, placed, runs, signal, emit, busyCores: deps.busyCores },
  );
  const unusable = setUps.unusable;

  for (const [i, step] of plan.entries()) {
    if (signal.aborted) break;
    // "That's enough": no step after the headlines.
    if (!step.headline && enough?.aborted) {
      stoppedAfterHeadlines = true;
      break;
    }
    const t = targets.find((x) => x.id === step.target)!;
    await setUps.ready(t.id);
    if (signal.aborted) break;
    if (unusable.has(t.id)) {
      doneEstimate += step.estimateSec;
      continue;
    }
    // A headline's short trials (the catalogue's), else the suite's.
    const headline = step.headline ? headlineParams(spec.suite, step.test, spec.trials) : undefined;
    // An added trial's estimate: the plan's (set-up + one trial), scaled as this step's estimate is scaled from the plan.
    const addedSec = addedTrialEstimateSec(spec.suite, step.test, headline?.params) * (step.estimateSec / Math.max(1, planStepSec(spec.suite, step)));
    let added = 0;
    const report = (trialDone: number, total: number): void => {
      const extra = Math.max(0, trialDone - step.trials);
      const within = step.estimateSec * stepDoneFraction(step, Math.min(trialDone, step.trials)) + extra * addedSec;
      const fraction = Math.min(1, (doneEstimate + within) / totalEstimate);
      const elapsed = (Date.now() - startedAt.getTime()) / 1000;
      const { etaSec, rise } = eta.next(fraction * totalEstimate, elapsed);
      emit({
        type: 'progress',
        step: i,
        steps: plan.length,
        target: t.id,
        place: step.place,
        test: step.test,
        trial: Math.min(trialDone + 1, total),
        trials: total,
        fraction,
        etaSec,
        ...(rise ? { etaRise: rise } : {}),
        done: trialDone,
        at: Date.now(),
      });
    };
    const schedule = (trialsNow: number, count = 1): void => {
      added += count;
      totalEstimate += addedSec * count;
      eta.grow(addedSec * count, count, doneEstimate, (Date.now() - startedAt.getTime()) / 1000);
      report(trialsNow - count, trialsNow);
    };
    eta.stepStarted(i, step.estimateSec, doneEstimate, (Date.now() - startedAt.getTime()) / 1000);
    report(0, step.trials);
    const trials = step.test === 'command' ? commandTrialsPlan(spec.command!) : (headline?.trials ?? trialsPlan(spec.suite, step.test, spec.trials));
    // A fill-in step stops at "That's enough" too (and is dropped); a headline runs to its end.
    const stepSignal = enough && !step.headline ? AbortSignal.any([signal, enough]) : signal;
    const outcome = await runStep(
      t,
      step.test as ScriptTest,
      step.place,
      spec,
      stepSignal,
      emit,
      report,
      step.test === 'command' ? trials : { ...trials, maxTrials: step.maxTrials ?? step.trials },
      schedule,
      headline?.params,
    );
    if (!step.headline && enough?.aborted && !signal.aborted) {
      stoppedAfterHeadlines = true;
      break;
    }
    if (headline) {
      const h = headlines.get(t.id)!;
      if (outcome.result) {
        h.results.push(outcome.result);
        emit({ type: 'headline', target: t.id, label: t.label, result: outcome.result });
      }
      for (const found of outcome.errors) {
        h.errors.push(found);
        emit({ type: 'log', level: 'warn', ...withEnglish(msg('log.targetWarn', { target: targetNameRef(t), message: found.ref ?? found.message })) });
      }
      doneEstimate += step.estimateSec + added * addedSec;
      continue;
    }
    const tr = runs.get(t.id)!;
    if (outcome.result) {
      tr.results.push(outcome.result);
      emit({ type: 'result', target: t.id, result: outcome.result });
    }
    for (const found of outcome.errors) {
      // A test of the default suite that needs a tool the place lacks is skipped with its install hint; one asked for by name failed.
      const error = found.code === 'tool-missing' && !spec.tests?.includes(step.test) ? { ...found, code: TOOL_SKIPPED } : found;
      tr.errors.push(error);
      emit({ type: 'test-error', target: t.id, error });
    }
    doneEstimate += step.estimateSec + added * addedSec;
  }

  // A set-up ahead still going (the run was cancelled or stopped after its headlines) ends before its target is freed.
  await setUps.settled;
  const cancelled = signal.aborted;
  const headlinesOnly = stoppedAfterHeadlines && !cancelled;
  for (const [id, tr] of runs) {
    const h = headlines.get(id)!;
    if (!headlinesOnly) {
      if (h.results.length) tr.headlines = h.results;
      continue;
    }
    // Stopped after the verdicts: a place's headline is its result where its full test was not measured.
    const measured = (r: { test: TestId; place: Place }) => tr.results.some((x) => x.test === r.test && x.place === r.place);
    tr.results.push(...h.results.filter((r) => !measured(r)));
    tr.errors.push(...h.errors.filter((e) => !measured(e)));
  }
  const all = [...runs.values()].map((t) => ({ ...t, status: targetStatus(t) }));
  const hasResults = all.some((t) => t.results.length > 0);
  // A target left out was never set up: nothing of it to free.
  for (const t of targets) if (!left.has(t.id)) await t.transport.dispose?.().catch(() => undefined);
  if (!hasResults && cancelled) {
    emit({ type: 'job-finished', status: 'cancelled', runId: null, ...engineMessage('errors.runCancelledEmpty') });
    return null;
  }
  const draft: Run = {
    schemaVersion: SCHEMA_VERSION,
    id: await deps.store.newId(
      startedAt,
      targets.map((t) => t.id),
    ),
    startedAt: startedAt.toISOString(),
    finishedAt: new Date().toISOString(),
    status: runStatus(all, cancelled),
    suite: spec.suite,
    tests: headlinesOnly ? [...new Set(all.flatMap((t) => t.results.map((r) => r.test)))] : [...new Set(plan.map((p) => p.test))],
    app: { version: deps.appVersion, platform: platform(), arch: arch() },
    targets: all,
    ...(headlinesOnly ? { headlinesOnly: true as const } : {}),
    ...(spec.command ? { command: spec.command } : {}),
  };
  // Never over another run's file: a clash with a run stored meanwhile takes the next free id.
  const run = await deps.store.create(draft);
  // A target left out says why; the others that did not end ok, how they ended.
  const failed = all
    .filter((t) => t.status !== 'ok' && !left.has(t.id))
    .map((t) => msg('errors.runTargetStatus', { target: targetNameRef(t), status: { key: `status.${t.status}` } }));
  const reasons = leftOut.map((l) => l.ref);
  const finished = cancelled
    ? engineMessage('errors.runCancelledStored')
    : !hasResults
      ? engineMessage('errors.runNoResults')
      : failed.length
        ? engineMessage('errors.runPartial', { targets: joinedRef([...failed, ...reasons]) ?? '' })
        : reasons.length
          ? engineMessage('errors.runLeftOut', { reasons: joinedRef(reasons)! })
          : undefined;
  emit({ type: 'job-finished', status: run.status, runId: run.id, ...finished });
  return run;
}
