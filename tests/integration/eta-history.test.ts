// The engine records each step's time in the stored run, and the next run of the same step takes its
// estimate from it (real engine, real sh, the small-files test on this machine's disk).
import { mkdtemp, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Envelope, JobEvent, Run } from '../../electron/contract/contract.js';
import { createEngine, type Engine } from '../../electron/engine/api.js';

async function call<T>(engine: Engine, channel: string, ...args: unknown[]): Promise<T> {
  const env = (await engine.dispatch(channel, args)) as Envelope<T>;
  if (!env.ok) throw new Error(`${env.error.code}: ${env.error.message}`);
  return env.value;
}

describe('engine: step times recorded, and the next ETA calibrated from them', () => {
  let home: string;
  let engine: Engine;
  const events: JobEvent[] = [];
  beforeAll(async () => {
    home = await mkdtemp(join(process.cwd(), '.vmbench-tmp-eta-'));
    engine = createEngine({ dataDir: home, mode: 'cli' });
    engine.subscribe((e) => events.push(e));
  });
  afterAll(async () => {
    await engine.close();
    await rm(home, { recursive: true, force: true });
  });

  async function runOnce(): Promise<{ started: Extract<JobEvent, { type: 'job-started' }>; progress: Extract<JobEvent, { type: 'progress' }>[]; run: Run }> {
    const { jobId } = await call<{ jobId: string }>(engine, 'run.start', { suite: 'quick', tests: ['small-files'] });
    await engine.waitForJob(jobId);
    const mine = events.filter((e) => e.jobId === jobId);
    const finished = mine.find((e) => e.type === 'job-finished') as Extract<JobEvent, { type: 'job-finished' }>;
    expect(finished.status).toBe('completed');
    return {
      started: mine.find((e) => e.type === 'job-started') as Extract<JobEvent, { type: 'job-started' }>,
      progress: mine.filter((e): e is Extract<JobEvent, { type: 'progress' }> => e.type === 'progress'),
      run: await call<Run>(engine, 'runs.get', finished.runId!),
    };
  }

  it('estimates from the plan first, then from the run it stored', async () => {
    const first = await runOnce();
    expect(first.started.estimate).toEqual({ kind: 'plan' });
    expect(first.started.plan[0]).toMatchObject({ estimateFrom: 'plan', trials: 3 });
    const timing = first.run.targets[0].results[0].timing!;
    expect(timing.trialEndSec).toHaveLength(3);
    expect(timing.trialEndSec[0]).toBeGreaterThan(0);
    expect([...timing.trialEndSec].sort((a, b) => a - b)).toEqual(timing.trialEndSec);
    expect(timing.sec).toBeGreaterThanOrEqual(timing.trialEndSec[2]);
    // Each progress event says how many trials are done and when it was sent.
    expect(first.progress.map((p) => p.done)).toEqual([0, 1, 2, 3]);
    expect(first.progress.every((p) => typeof p.at === 'number')).toBe(true);

    const second = await runOnce();
    expect(second.started.estimate).toEqual({ kind: 'history', runs: 1, steps: 1 });
    const step = second.started.plan[0];
    expect(step.estimateFrom).toBe('history');
    expect(step.estimateSec).toBe(Math.max(1, Math.round(timing.sec)));
    expect(step.checkpoints).toEqual(timing.trialEndSec.map((e) => Math.min(1, e / timing.sec)));
    // The bar at the end of trial 1 is where trial 1 ended last time, not a third of the way.
    const afterOne = second.progress.find((p) => p.done === 1)!;
    expect(afterOne.fraction).toBeCloseTo(step.checkpoints![0], 5);
  }, 120_000);
});
