import { execFileSync } from 'node:child_process';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Envelope, JobEvent, Run, RunList } from '../../electron/contract/contract.js';
import { createEngine, type Engine } from '../../electron/engine/api.js';
import { isFailure } from '../../electron/contract/run-status.js';

async function call<T>(engine: Engine, channel: string, ...args: unknown[]): Promise<T> {
  const env = (await engine.dispatch(channel, args)) as Envelope<T>;
  if (!env.ok) throw new Error(`${env.error.code}: ${env.error.message}`);
  return env.value;
}

/** fio processes whose command line mentions a folder. */
function fioProcessesIn(dir: string): string[] {
  try {
    return execFileSync('pgrep', ['-af', 'fio'], { encoding: 'utf8' })
      .split('\n')
      .filter((l) => l.includes(dir));
  } catch {
    return [];
  }
}

describe('engine: the quick suite on this machine, with real fio', () => {
  let home: string;
  let engine: Engine;
  const events: JobEvent[] = [];
  beforeAll(async () => {
    // A real disk, not a tmpfs: the repo's own scratch folder.
    home = await mkdtemp(join(process.cwd(), '.vmbench-tmp-engine-'));
    engine = createEngine({ dataDir: home, mode: 'cli' });
    engine.subscribe((e) => events.push(e));
  });
  afterAll(async () => {
    await engine.close();
    await rm(home, { recursive: true, force: true });
  });

  it('runs every disk test, aggregates median/min/max/n, records tools and commands, and stores the run', async () => {
    // At the suite's minimum of 3 trials (no added trials), so that this run takes the same time on a noisy machine.
    const { jobId } = await call<{ jobId: string }>(engine, 'run.start', { suite: 'quick', trials: { maxTrials: 3 } });
    await engine.waitForJob(jobId);
    const finished = events.find((e) => e.type === 'job-finished' && e.jobId === jobId) as Extract<JobEvent, { type: 'job-finished' }>;
    const run = await call<Run>(engine, 'runs.get', finished.runId!);
    const local = run.targets[0];
    expect(local.id).toBe('local');
    expect(local.probe?.tools.fio).toMatch(/\d+\.\d+/);
    // Nothing failed; a medium that did not settle is a warning on measured numbers, not a failure.
    expect(local.errors.filter(isFailure)).toEqual([]);
    expect(finished.status).toBe('completed');
    expect(local.results.map((r) => r.test).sort()).toEqual(['rand-read', 'seq-read', 'seq-write', 'small-files']);
    for (const r of local.results) {
      expect(r.place).toBe('native');
      for (const [metric, s] of Object.entries(r.metrics)) {
        expect(s.n, `${r.test} ${metric}`).toBeGreaterThanOrEqual(3);
        expect(s.min).toBeLessThanOrEqual(s.median);
        expect(s.median).toBeLessThanOrEqual(s.max);
        expect(s.median).toBeGreaterThan(0);
        expect(r.samples[metric]).toHaveLength(s.n);
      }
      expect(r.tool.method).not.toBe('not reported');
      // Every disk test settled write-back (sync, then Dirty+Writeback near zero) before its first trial, and says so.
      expect(r.params, r.test).toMatchObject({ settleMs: expect.any(Number), settled: expect.any(Boolean), settleLimitS: 30 });
      expect(r.params.settleLeftKiB, r.test).toEqual(expect.any(Number)); // Linux: /proc/meminfo was read
      if (r.params.settled)
        expect(r.tool.method, r.test).toMatch(/; write-back settled in \d+\.\d s before the first trial \(sync, then Dirty\+Writeback \d+\.\d MiB\)$/);
      else {
        expect(r.tool.method, r.test).toMatch(
          /; write-back did not settle within 30 s before the first trial \(Dirty\+Writeback still \d+\.\d MiB.*\): the numbers may be low$/,
        );
        expect(local.errors, r.test).toContainEqual(expect.objectContaining({ test: r.test, place: 'native', code: 'writeback-not-settled' }));
      }
    }
    const rr = local.results.find((r) => r.test === 'rand-read')!;
    expect(Object.keys(rr.metrics)).toEqual(expect.arrayContaining(['read_iops', 'clat_p50_us', 'clat_p99_us']));
    expect(rr.tool).toMatchObject({ name: 'fio' });
    expect(rr.command).toMatch(/^fio .*--rw=randread/);
    // Live events: a plan, progress with a fraction, samples as they came.
    const mine = events.filter((e) => e.jobId === jobId);
    expect(mine[0].type).toBe('job-started');
    expect(mine.some((e) => e.type === 'progress' && e.fraction > 0 && e.fraction <= 1)).toBe(true);
    expect(mine.filter((e) => e.type === 'sample').length).toBeGreaterThanOrEqual(12);
    // The first number on screen: seq-write's warm-up pass, streamed as trial 0 before the first trial, not counted.
    const sw = mine.filter((e) => e.type === 'sample' && e.test === 'seq-write' && e.metric === 'write_MBps') as Extract<JobEvent, { type: 'sample' }>[];
    expect(sw.map((e) => e.trial)).toEqual([0, 1, 2, 3]);
    expect(local.results.find((r) => r.test === 'seq-write')!.samples.write_MBps).toEqual(sw.slice(1).map((e) => e.value));
    const list = await call<RunList>(engine, 'runs.list');
    expect(list.runs.map((r) => r.id)).toContain(run.id);
    expect(await readdir(join(home, 'scratch'))).toEqual([]);
  });

  it('adaptive trials: a target that real trials cannot meet (±0%) adds trials one at a time up to the maximum, and the run records how many and why', async () => {
    // The target is a suite setting; run.start takes a suite override of it (trials.targetPct), as a user's run could.
    const { jobId } = await call<{ jobId: string }>(engine, 'run.start', { suite: 'quick', tests: ['small-files'], trials: { targetPct: 0, maxTrials: 4 } });
    await engine.waitForJob(jobId);
    const mine = events.filter((e) => e.jobId === jobId);
    const finished = mine.find((e) => e.type === 'job-finished') as Extract<JobEvent, { type: 'job-finished' }>;
    expect(finished.status).toBe('completed');
    const started = mine.find((e) => e.type === 'job-started') as Extract<JobEvent, { type: 'job-started' }>;
    expect(started.plan).toEqual([expect.objectContaining({ test: 'small-files', trials: 3, maxTrials: 4 })]);
    const run = await call<Run>(engine, 'runs.get', finished.runId!);
    const r = run.targets[0].results[0];
    expect(r.trials).toMatchObject({ metric: 'create_per_s', minTrials: 3, maxTrials: 4, target: 0, taken: 4, stop: 'max-reached' });
    expect(r.trials!.widths).toHaveLength(2); // after trials 3 and 4
    for (const w of r.trials!.widths) expect(w!).toBeGreaterThan(0);
    for (const [metric, s] of Object.entries(r.metrics)) {
      expect(s.n, metric).toBe(4);
      expect(r.samples[metric], metric).toHaveLength(4);
    }
    expect(r.params.trials).toBe(4);
    expect(r.tool.method).toMatch(
      /adaptive trials: 3, then one at a time up to 4 while the 95% interval of create_per_s was wider than ±0%.*took 4: maximum reached, target not met$/,
    );
    // Live: samples of trial 4 stream like the first three; progress follows what is scheduled (3 trials, then 4 of 4).
    const trialsSeen = new Set(mine.filter((e) => e.type === 'sample' && e.metric === 'create_per_s').map((e) => (e as { trial: number }).trial));
    expect([...trialsSeen].sort()).toEqual([1, 2, 3, 4]);
    const totals = mine.filter((e) => e.type === 'progress').map((e) => (e as { trials: number }).trials);
    expect(totals).toContain(3);
    expect(Math.max(...totals)).toBe(4);
    const progress = mine.filter((e) => e.type === 'progress') as Extract<JobEvent, { type: 'progress' }>[];
    const last = progress.at(-1)!;
    const scheduled = progress.find((e) => e.trials === 4)!;
    // The added trial counts as scheduled work: when it is scheduled the fraction steps back (the step grew), the
    // last progress is at the end of it (the step's last checkpoint, which with this machine's history of the step
    // can be a little before 1, the rest being the step's tail), and never past 1.
    expect(scheduled.fraction).toBeLessThan(progress[progress.indexOf(scheduled) - 1].fraction);
    expect(last).toMatchObject({ done: 4, trials: 4 });
    expect(last.fraction).toBeGreaterThan(scheduled.fraction);
    expect(last.fraction).toBeLessThanOrEqual(1);
  });

  it('cancel mid-test kills fio and leaves no test file', async () => {
    const { jobId } = await call<{ jobId: string }>(engine, 'run.start', { suite: 'standard', tests: ['seq-write', 'rand-read'] });
    // Wait until fio is really running in the scratch folder, in a step of the full suite (the headline's short passes come first and end quickly).
    const scratch = join(home, 'scratch');
    const inFullStep = () => events.some((e) => e.type === 'progress' && e.jobId === jobId && e.step > 0);
    // Bounded by the test's own time-out, not by a guess at this machine's speed (a loaded CI machine is slow).
    while (!(inFullStep() && fioProcessesIn(scratch).length > 0)) {
      if (events.some((e) => e.type === 'job-finished' && e.jobId === jobId)) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(fioProcessesIn(scratch).length).toBeGreaterThan(0);
    expect((await readdir(scratch)).length).toBeGreaterThan(0);
    expect(await call<{ cancelled: boolean }>(engine, 'run.cancel', jobId)).toEqual({ cancelled: true });
    const finished = events.find((e) => e.type === 'job-finished' && e.jobId === jobId) as Extract<JobEvent, { type: 'job-finished' }>;
    expect(finished.status).toBe('cancelled');
    expect(await readdir(scratch)).toEqual([]);
    expect(fioProcessesIn(scratch)).toEqual([]);
  });
});
