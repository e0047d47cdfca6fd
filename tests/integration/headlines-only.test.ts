// Stop after the verdicts (issue 42): "That's enough" (run.enough) during a run, and `headlinesOnly` from the start,
// each give a valid stored run marked as headlines only that Compare, the exports and the card accept. On this
// machine with real fio and sh; the headline lands before any other test runs.
import { mkdtemp, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Comparison, Envelope, JobEvent, Run } from '../../electron/contract/contract.js';
import { createEngine, type Engine } from '../../electron/engine/api.js';
import { testSpec } from '../../electron/contract/test-catalogue.js';
import { placeVerdicts, verdictTargets } from '../../electron/presentation/place-verdict.js';

async function call<T>(engine: Engine, channel: string, ...args: unknown[]): Promise<T> {
  const env = (await engine.dispatch(channel, args)) as Envelope<T>;
  if (!env.ok) throw new Error(`${env.error.code}: ${env.error.message}`);
  return env.value;
}

describe('stop after the verdicts', () => {
  let home: string;
  let engine: Engine;
  const events: JobEvent[] = [];
  const runs: Run[] = [];
  const finishedOf = (jobId: string) => events.find((e) => e.type === 'job-finished' && e.jobId === jobId) as Extract<JobEvent, { type: 'job-finished' }>;
  beforeAll(async () => {
    home = await mkdtemp(join(process.cwd(), '.vmbench-tmp-headlines-'));
    engine = createEngine({ dataDir: home, mode: 'cli' });
    engine.subscribe((e) => events.push(e));
  });
  afterAll(async () => {
    await engine.close();
    await rm(home, { recursive: true, force: true });
  });

  it('"That\'s enough" during the headline stops after it: a completed run, marked headlines only, with the headline as its result', async () => {
    const { jobId } = await call<{ jobId: string }>(engine, 'run.start', { suite: 'quick', tests: ['seq-write', 'small-files'] });
    // Asked while the headline is measured: it finishes (a verdict is never cut short), nothing after it runs.
    for (let i = 0; i < 600 && !events.some((e) => e.jobId === jobId && e.type === 'progress'); i++) await new Promise((r) => setTimeout(r, 50));
    expect(await call<{ accepted: boolean }>(engine, 'run.enough', jobId)).toEqual({ accepted: true });
    await engine.waitForJob(jobId);
    const mine = events.filter((e) => e.jobId === jobId);
    const started = mine.find((e) => e.type === 'job-started') as Extract<JobEvent, { type: 'job-started' }>;
    expect(started.plan.map((p) => `${p.test}${p.headline ? ' (headline)' : ''}`)).toEqual(['seq-write (headline)', 'seq-write', 'small-files']);
    // The verdict landed; no other step started or gave a result.
    const headline = mine.find((e) => e.type === 'headline') as Extract<JobEvent, { type: 'headline' }>;
    expect(headline.result).toMatchObject({ test: 'seq-write', place: 'native', params: { sizeMiB: testSpec('seq-write')!.headline!.params.sizeMiB } });
    expect(mine.filter((e) => e.type === 'progress').every((e) => e.step === 0)).toBe(true);
    expect(mine.some((e) => e.type === 'result')).toBe(false);
    const finished = finishedOf(jobId);
    expect(finished.status).toBe('completed');
    const run = await call<Run>(engine, 'runs.get', finished.runId!);
    expect(run.headlinesOnly).toBe(true);
    expect(run.tests).toEqual(['seq-write']);
    expect(run.targets[0].results).toEqual([headline.result]);
    expect(run.targets[0].headlines).toBeUndefined();
    expect(run.targets[0].status).toBe('ok');
    // Its trials: adaptive to the headline's target or cap, and said in its method.
    expect(headline.result.trials).toMatchObject({ target: 0.05, maxTrials: testSpec('seq-write')!.headline!.maxTrials });
    expect(headline.result.tool.method).toMatch(/adaptive trials: 3, then in batches .* up to 10/);
    // This machine's verdict is the baseline itself.
    expect(placeVerdicts(verdictTargets(run))).toEqual([expect.objectContaining({ target: 'local', place: 'native', baseline: true })]);
    runs.push(run);
  });

  it('headlinesOnly from the start measures only the headlines; the two runs compare, export and make a card like any other', async () => {
    const { jobId } = await call<{ jobId: string }>(engine, 'run.start', { suite: 'quick', headlinesOnly: true });
    await engine.waitForJob(jobId);
    const run = await call<Run>(engine, 'runs.get', finishedOf(jobId).runId!);
    expect(run).toMatchObject({ status: 'completed', headlinesOnly: true, tests: ['seq-write'] });
    runs.push(run);
    const [a, b] = runs;
    const cmp = await call<Comparison>(engine, 'runs.compare', a.id, b.id);
    expect(cmp.rows.map((r) => [r.test, r.place])).toContainEqual(['seq-write', 'native']);
    for (const format of ['md', 'csv', 'json'] as const) {
      const out = await call<{ content: string }>(engine, 'runs.export', a.id, format);
      expect(out.content.length, format).toBeGreaterThan(0);
    }
    const json = JSON.parse((await call<{ content: string }>(engine, 'runs.export', a.id, 'json')).content) as Run;
    expect(json.headlinesOnly).toBe(true);
    const card = await call<{ pngBase64: string }>(engine, 'card.render', { runId: a.id, compareTo: b.id });
    expect(Buffer.from(card.pngBase64, 'base64').subarray(1, 4).toString()).toBe('PNG');
    // And it reads back from the history like any run.
    const list = await call<{ runs: { id: string }[]; warnings: string[] }>(engine, 'runs.list');
    expect(list.warnings).toEqual([]);
    expect(list.runs.map((r) => r.id)).toEqual(expect.arrayContaining([a.id, b.id]));
  });
});
