import { arch, availableParallelism, platform } from 'node:os';
import {
  SCHEMA_VERSION,
  type BenchEvent,
  type Place,
  type PlanStep,
  type ProbeInfo,
  type Run,
  type RunSpec,
  type TargetRun,
  type TestError,
  type TestId,
  type TestResult,
  type TrialsRecord,
  type TrialsStop,
} from '../../contract/contract.js';
import { PROJECT_UNSEEN, runStatus, targetStatus, TOOL_SKIPPED } from '../../contract/run-status.js';
import { engineMessage, whyOf } from '../util/errors.js';
import { isMsgRef, joinedRef } from '../../messages/error-text.js';
import { msg } from '../../messages/finding-text.js';
import { withEnglish } from '../../messages/message-english.js';
import type { Emit } from '../util/jobs.js';
import type { RunStore } from '../store/run-store.js';
import type { Transport } from '../transports/types.js';
import { addedTrialEstimateSec, headlineParams, stepDoneFraction, trialsPlan, type SuiteParams, type TrialsPlan } from '../../measurement/plan-estimate.js';
import { HEADLINE_METRIC } from '../../measurement/metrics.js';
import { targetNameRef } from '../../presentation/headline.js';
import { summarize } from '../../measurement/trial-stats.js';
import { decideTrials, trialsMethod } from './adaptive.js';
import { estimateRun, planStepSec, planSteps } from './run-estimate.js';
import { chosenPlaces } from './chosen-places.js';
import {
  COMMAND_TIMEOUT_SEC,
  commandArgs,
  commandPlaces,
  commandTrialsPlan,
  commandWarnings,
  needsUpload,
  resolvePlaces,
  uploadForStep,
} from './command-step.js';
import { projectBytes } from '../transports/project-upload.js';
import { isServiceTest, ServiceSetupError, setupServiceStep } from './service-step.js';
import { WatchDriver } from './watch-step.js';
import { StepCollector } from './step-collector.js';
import { EtaTracker } from './eta.js';
import { RUNNABLE_TESTS, scriptArgs, scriptSource, timeoutSec, type ScriptTest } from '../transports/bench-scripts.js';
import { normalizeProbe } from './probe.js';
import { overlapOn, setupsAhead } from './overlap.js';

/** A target ready to run scripts in. */
export interface ResolvedTarget {
  id: string;
  runtime: string;
  label: string;
  settings: Record<string, unknown>;
  transport: Transport;
}

/** What a run needs from the engine. */
export interface RunnerDeps {
  store: RunStore;
  appVersion: string;
  resolveTargets(ids: string[], signal: AbortSignal): Promise<ResolvedTarget[]>;
  /** "That's enough" (run.enough): once aborted, the run stops after its headlines (a fill-in step running then is dropped) and is stored as headlines only. */
  enough?: AbortSignal;
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

  // Setting a target up: its transport's prepare (an image, a container; a failure there is each of its steps' error), what
  // net measures there, then the probe. Before the first measurement, or during the first steps where bench/overlap.ts allows.
  const unusable = new Set<string>();
  const setUp = async (t: ResolvedTarget): Promise<void> => {
    if (signal.aborted || left.has(t.id)) return;
    try {
      await t.transport.prepare?.({
        signal,
        image: spec.image,
        project: spec.command?.project,
        places: placed.find((p) => p.id === t.id)?.places,
        log: (level, ref) => emit({ type: 'log', level, ...withEnglish(ref) }),
      });
    } catch (err) {
      if (signal.aborted) return;
      unusable.add(t.id);
      // The transport's own reference when it gave one, else its text quoted in errors.prepareFailed.
      const e = err as { code?: unknown; message?: unknown; ref?: unknown };
      const code = typeof e?.code === 'string' ? e.code : 'prepare-failed';
      const ref = isMsgRef(e?.ref)
        ? e.ref
        : msg('errors.prepareFailed', { target: targetNameRef(t), detail: typeof e?.message === 'string' ? e.message : String(err) });
      emit({ type: 'log', level: 'warn', ...withEnglish(isMsgRef(e?.ref) ? msg('log.targetWarn', { target: targetNameRef(t), message: ref }) : ref) });
      for (const step of plan.filter((p) => p.target === t.id)) {
        const error = { test: step.test, place: step.place, code, ...withEnglish(ref) };
        runs.get(t.id)!.errors.push(error);
        emit({ type: 'test-error', target: t.id, error });
      }
      return;
    }
    if (plan.some((p) => p.target === t.id && p.test === 'net')) {
      const host = t.transport.hostAddress?.();
      emit({
        type: 'log',
        level: host ? 'info' : 'warn',
        ...withEnglish(host ? msg('log.netMeasures', { target: targetNameRef(t), path: host.path }) : msg('log.netCannot', { target: targetNameRef(t) })),
      });
    }
    if (signal.aborted) return;
    const probe = await runProbe(t, signal, undefined, placed.find((p) => p.id === t.id)!.places[0]);
    runs.get(t.id)!.probe = probe;
    if (probe) emit({ type: 'probe', target: t.id, probe });
  };
  const planned = targets.filter((t) => !left.has(t.id));
  const ahead = overlapOn() && planned.length > 1 ? await setupsAhead(planned, plan, availableParallelism(), spec.image) : new Set<string>();
  for (const t of planned) if (!ahead.has(t.id)) await setUp(t);
  // The targets set up ahead: one after another, beside the first steps; each step of one waits for its set-up.
  const aheadReady = new Map<string, Promise<void>>();
  let aheadChain = Promise.resolve();
  for (const t of planned.filter((x) => ahead.has(x.id))) {
    emit({ type: 'log', level: 'info', ...withEnglish(msg('log.setupAhead', { target: targetNameRef(t) })) });
    aheadChain = aheadChain.then(() => setUp(t));
    aheadReady.set(t.id, aheadChain);
  }

  for (const [i, step] of plan.entries()) {
    if (signal.aborted) break;
    // "That's enough": no step after the headlines.
    if (!step.headline && enough?.aborted) {
      stoppedAfterHeadlines = true;
      break;
    }
    const t = targets.find((x) => x.id === step.target)!;
    await aheadReady.get(t.id);
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
  await aheadChain;
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

/** Runs the probe script in a target's first place. */
export async function runProbe(t: ResolvedTarget, signal: AbortSignal, timeoutMs = 30_000, place: Place = t.transport.places()[0]): Promise<ProbeInfo | null> {
  let probe: ProbeInfo | null = null;
  await t.transport.run(
    { name: 'probe', source: scriptSource('probe'), args: ['--dir', t.transport.placeDir(place)] },
    { signal, timeoutMs, onEvent: (ev: BenchEvent) => (ev.event === 'probe' ? (probe = normalizeProbe(ev)) : undefined) },
  );
  return probe;
}

async function runStep(
  t: ResolvedTarget,
  test: ScriptTest,
  place: Place,
  spec: RunSpec,
  signal: AbortSignal,
  emit: Emit,
  report: (done: number, total: number) => void,
  trials: TrialsPlan,
  schedule: (trialsNow: number, count?: number) => void,
  headline?: SuiteParams,
): Promise<ReturnType<StepCollector['finish']>> {
  const started = Date.now();
  const trialEndSec: number[] = [];
  const service = isServiceTest(test);
  let setup: Awaited<ReturnType<typeof setupServiceStep>> | undefined;
  if (service) {
    try {
      setup = await setupServiceStep(t.transport, targetNameRef(t), test, place, signal);
    } catch (err) {
      if (signal.aborted) return { result: null, errors: [] };
      const code = err instanceof ServiceSetupError ? err.code : 'setup-failed';
      const why = whyOf(err);
      return { result: null, errors: [{ test, place, code, ...(typeof why === 'string' ? { message: why } : withEnglish(why)) }] };
    }
  }
  // The command's project uploaded into a guest that does not see it otherwise (its own line in the log, never counted); removed in the finally below.
  let upload: Awaited<ReturnType<typeof uploadForStep>> | undefined;
  if (test === 'command' && spec.command && needsUpload(t.transport, place, spec.command.project)) {
    upload = await uploadForStep(t, place, spec.command, signal, emit);
    if (!upload.ok) return { result: null, errors: upload.error ? [upload.error] : [] };
  }
  // One run of the script: `offset` trials were taken before it (an added trial is a run of its own with --trials 1).
  const invoke = async (collector: StepCollector, offset: number, overrides?: { trials: number }) => {
    const watcher = test === 'watch' ? WatchDriver.for(t.transport, place, spec.suite, signal, (ev) => collector.onEvent(ev)) : undefined;
    if (watcher && !(watcher instanceof WatchDriver)) return { exit: null, error: watcher };
    const args = spec.command
      ? commandArgs(spec.command, t.transport, place, overrides?.trials ?? trials.minTrials, upload?.ok ? upload.upload.source : undefined)
      : [
          ...scriptArgs(test, spec.suite, t.transport.placeDir(place), { overrides: { ...headline, ...overrides } }),
          ...(t.transport.extraArgs?.(test, place) ?? []),
          ...(setup?.args ?? []),
        ];
    const exit = await t.transport.run(
      { name: test, source: scriptSource(test), args },
      {
        signal,
        timeoutMs: (spec.command ? COMMAND_TIMEOUT_SEC : timeoutSec(spec.suite, test)) * 1000,
        network: service,
        onEvent: (ev) => {
          if (ev.event === 'watch-ready') return watcher?.batch(ev);
          collector.onEvent(ev);
          if (ev.event === 'progress') {
            if (offset === 0 && ev.done >= 1 && ev.done === trialEndSec.length + 1) trialEndSec.push((Date.now() - started) / 1000);
            report(offset + ev.done, offset + ev.total);
          }
        },
        onStderr: (line) => collector.onStderr(line),
      },
    );
    await watcher?.settled();
    return { exit, error: null };
  };
  // Trial 0 (a warm-up pass, provisional) is streamed for the step's first script run only; a headline's trials are not (its verdict is).
  const sampleEmitter = (offset: number) => (trial: number, metric: string, value: number) => {
    if (!headline && (trial > 0 || offset === 0)) emit({ type: 'sample', target: t.id, place, test, trial: trial > 0 ? offset + trial : 0, metric, value });
  };
  try {
    const where = msg('errors.command.where', { target: targetNameRef(t), place: { key: `place.${place}` } });
    const collector = new StepCollector(test, place, sampleEmitter(0), where);
    const first = await invoke(collector, 0);
    if (!first.exit) return { result: null, errors: [{ test, place, code: 'unsupported', ...withEnglish(first.error!) }] };
    const exit = first.exit;
    const outcome = collector.finish(exit);
    if (outcome.result && setup?.path) outcome.result.tool.method = `${outcome.result.tool.method}; ${setup.path}`;
    // The step's time on the host's clock, for the next run's ETA (calibrate.ts): only when every trial reported its end.
    if (outcome.result && !exit.timedOut && trialEndSec.length > 0 && trialEndSec.length === Number(outcome.result.params.trials ?? trialEndSec.length)) {
      outcome.result.timing = { sec: (Date.now() - started) / 1000, trialEndSec };
    }
    if (outcome.result && !exit.timedOut)
      await addTrials(outcome, trials, signal, schedule, started, async (offset, count) => {
        const more = new StepCollector(test, place, sampleEmitter(offset), where);
        const r = await invoke(more, offset, { trials: count });
        return r.exit ? more.finish(r.exit) : { result: null, errors: [] };
      });
    // The upload's own time and size beside the copy's (params.copySec), never counted.
    if (outcome.result && upload?.ok) Object.assign(outcome.result.params, { uploadSec: roundSec(upload.upload.sec), uploadBytes: upload.upload.bytes });
    // A command's runs get hyperfine's warnings: a cold first run, or outliers.
    if (outcome.result && test === 'command') outcome.errors.push(...commandWarnings(outcome.result));
    // A headline's time is its whole step, its added trials included: what the next plan's verdict time expects (run-estimate.ts).
    if (headline && outcome.result?.timing) outcome.result.timing.sec = (Date.now() - started) / 1000;
    return { result: outcome.result, errors: [...(exit.cancelled ? [] : (setup?.errors ?? [])), ...outcome.errors] };
  } finally {
    await setup?.release();
    if (upload?.ok) await upload.upload.remove();
  }
}

const roundSec = (sec: number): number => Math.round(sec * 1000) / 1000;

/**
 * Adaptive trials: while the primary metric's interval is wider than the target and the maximum is not reached, runs
 * one more trial (`runOne`, a new run of the script) and adds its values; records what it took and why it stopped.
 */
async function addTrials(
  outcome: ReturnType<StepCollector['finish']>,
  plan: TrialsPlan,
  signal: AbortSignal,
  schedule: (trialsNow: number, count?: number) => void,
  started: number,
  runOne: (offset: number, count: number) => Promise<ReturnType<StepCollector['finish']>>,
): Promise<void> {
  const result = outcome.result!;
  const metric = HEADLINE_METRIC[result.test];
  const values = result.samples[metric];
  if (!values?.length || plan.maxTrials <= plan.minTrials) return;
  const widths: (number | null)[] = [];
  let stop: TrialsStop;
  for (;;) {
    const d = decideTrials(values, plan, (Date.now() - started) / 1000);
    widths.push(d.width);
    if (!d.more) {
      stop = d.stop!;
      break;
    }
    if (signal.aborted) {
      stop = 'cancelled';
      break;
    }
    const taken = values.length;
    // One at a time, or (a headline's) as many as taken so far, up to the maximum.
    const count = plan.batches ? Math.max(1, Math.min(taken, plan.maxTrials - taken)) : 1;
    schedule(taken + count, count);
    const one = await runOne(taken, count);
    if (signal.aborted) {
      stop = 'cancelled';
      break;
    }
    if (!one.result || !one.result.samples[metric]?.length) {
      outcome.errors.push(...one.errors);
      stop = 'failed';
      break;
    }
    for (const e of one.errors) if (!outcome.errors.some((x) => x.code === e.code)) outcome.errors.push(e);
    for (const [m, v] of Object.entries(one.result.samples)) (result.samples[m] ??= []).push(...v);
  }
  for (const [m, v] of Object.entries(result.samples)) if (v.length) result.metrics[m] = summarize(v);
  const record: TrialsRecord = {
    metric,
    minTrials: plan.minTrials,
    maxTrials: plan.maxTrials,
    target: plan.targetHalfWidth,
    taken: values.length,
    widths,
    stop,
    ...(plan.batches ? { batches: true as const } : {}),
  };
  result.trials = record;
  if (values.length !== plan.minTrials) result.params.trials = values.length;
  result.tool.method = `${result.tool.method}; ${trialsMethod(record)}`;
}
