/**
 * Setting a run's targets up before their steps: each transport's prepare (an image, a container; a failure there is each of
 * its steps' error), what net measures there, then the probe. Before the first measurement, or, for the targets that
 * bench/overlap.ts lets go ahead, one after another beside the first steps (each of their steps waits for its own set-up).
 */
import { availableParallelism } from 'node:os';
import type { Place, PlanStep, RunSpec, TargetRun } from '../../contract/contract.js';
import { isMsgRef } from '../../messages/error-text.js';
import { msg } from '../../messages/finding-text.js';
import { withEnglish } from '../../messages/message-english.js';
import type { Emit } from '../util/jobs.js';
import { targetNameRef } from '../../presentation/headline.js';
import { busyCores, overlapOn, setupsAhead } from './overlap.js';
import { runProbe } from './run-step.js';
import type { ResolvedTarget } from './resolved-target.js';

/** What setting up needs from the run. */
export interface SetUpContext {
  spec: RunSpec;
  plan: PlanStep[];
  /** The places each target is measured in (its first one is probed). */
  placed: readonly { id: string; places: readonly Place[] }[];
  /** Each target's run record: its probe and its set-up errors go there. */
  runs: Map<string, TargetRun>;
  signal: AbortSignal;
  emit: Emit;
  /** The cores other work keeps busy now (default: overlap.ts busyCores, sampled when a set-up could go ahead). */
  busyCores?: () => Promise<number>;
}

/** The targets' set-ups: which failed (their steps are skipped), and when a target set up ahead is ready. */
export interface SetUps {
  unusable: Set<string>;
  /** Settles when the target's set-up has ended (at once for one set up before the first step). */
  ready(id: string): Promise<void>;
  /** Settles when every set-up ahead has ended (a cancelled run waits for it before freeing its targets). */
  settled: Promise<void>;
}

/** Sets the targets up (none left out of the run may be given): the ones bench/overlap.ts allows ahead, the others at once. */
export async function setUpTargets(planned: ResolvedTarget[], ctx: SetUpContext): Promise<SetUps> {
  const { spec, plan, placed, runs, signal, emit } = ctx;
  const unusable = new Set<string>();
  const setUp = async (t: ResolvedTarget): Promise<void> => {
    if (signal.aborted) return;
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
  const free = async (): Promise<number> => Math.max(0, availableParallelism() - (await (ctx.busyCores ?? busyCores)()));
  const ahead = overlapOn() && planned.length > 1 ? await setupsAhead(planned, plan, free, spec.image) : new Set<string>();
  for (const t of planned) if (!ahead.has(t.id)) await setUp(t);
  const aheadReady = new Map<string, Promise<void>>();
  let settled = Promise.resolve();
  for (const t of planned.filter((x) => ahead.has(x.id))) {
    emit({ type: 'log', level: 'info', ...withEnglish(msg('log.setupAhead', { target: targetNameRef(t) })) });
    settled = settled.then(() => setUp(t));
    aheadReady.set(t.id, settled);
  }
  return { unusable, ready: async (id) => aheadReady.get(id), settled };
}
