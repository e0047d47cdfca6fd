/**
 * One step of a run (a test in a place of a target): its service or upload set-up, the script's first run, the trials
 * added while its interval is wider than the target (adaptive trials), and what it leaves behind removed; and the probe.
 * bench/runner.ts schedules the steps and reports the run.
 */
import type { BenchEvent, Place, ProbeInfo, RunSpec, TrialsRecord, TrialsStop } from '../../contract/contract.js';
import { whyOf } from '../util/errors.js';
import { msg } from '../../messages/finding-text.js';
import { withEnglish } from '../../messages/message-english.js';
import type { Emit } from '../util/jobs.js';
import type { SuiteParams, TrialsPlan } from '../../measurement/plan-estimate.js';
import { HEADLINE_METRIC } from '../../measurement/metrics.js';
import { targetNameRef } from '../../presentation/headline.js';
import { roundTo, summarize } from '../../measurement/trial-stats.js';
import { decideTrials, trialsMethod } from './adaptive.js';
import { COMMAND_TIMEOUT_SEC, commandArgs, commandWarnings, needsUpload, uploadForStep } from './command-step.js';
import { isServiceTest, ServiceSetupError, setupServiceStep } from './service-step.js';
import { WatchDriver } from './watch-step.js';
import { StepCollector } from './step-collector.js';
import { scriptArgs, scriptSource, timeoutSec, type ScriptTest } from '../transports/bench-scripts.js';
import { normalizeProbe } from './probe.js';
import type { ResolvedTarget } from './resolved-target.js';

/** Runs the probe script in a target's first place. */
export async function runProbe(t: ResolvedTarget, signal: AbortSignal, timeoutMs = 30_000, place: Place = t.transport.places()[0]): Promise<ProbeInfo | null> {
  let probe: ProbeInfo | null = null;
  await t.transport.run(
    { name: 'probe', source: scriptSource('probe'), args: ['--dir', t.transport.placeDir(place)] },
    { signal, timeoutMs, onEvent: (ev: BenchEvent) => (ev.event === 'probe' ? (probe = normalizeProbe(ev)) : undefined) },
  );
  return probe;
}

export async function runStep(
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
    if (outcome.result && upload?.ok) Object.assign(outcome.result.params, { uploadSec: roundTo(upload.upload.sec, 3), uploadBytes: upload.upload.bytes });
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
