import { describe, expect, it } from 'vitest';
import type { JobEvent, PlanStep, TestResult } from '../../electron/contract/contract.js';
import { initialJobs, latestRunningJob, reduceJobEvent, type JobsState } from '../../src/store/job-reducer';
import { currentSamples, cursorText, overallPercent, targetProgress } from '../../src/store/job-selectors';
import { useAppStore, initialAppData } from '../../src/store/app-store';

type Body = JobEvent extends infer E ? (E extends JobEvent ? Omit<E, 'jobId' | 'seq'> : never) : never;

const plan: PlanStep[] = [
  { target: 'local', place: 'native', test: 'seq-write', trials: 3, estimateSec: 10 },
  { target: 'local', place: 'native', test: 'rand-read', trials: 3, estimateSec: 10 },
  { target: 'lima:dev', place: 'shared', test: 'seq-write', trials: 3, estimateSec: 20 },
];

const result = (test: TestResult['test'], median: number): TestResult => ({
  test,
  place: 'native',
  metrics: { write_MBps: { median, min: median - 1, max: median + 1, n: 3 } },
  tool: { name: 'fio', version: '3.33', method: 'fio psync direct=1 end_fsync=1' },
  params: { sizeMiB: 64 },
  command: 'fio --name=seq-write',
  samples: { write_MBps: [median - 1, median, median + 1] },
});

function feed(events: Body[], jobId = 'j1', start: JobsState = initialJobs): JobsState {
  return events.reduce((s, body, i) => reduceJobEvent(s, { ...body, jobId, seq: i + 1 } as JobEvent), start);
}

const started: Body = { type: 'job-started', spec: { suite: 'quick' }, plan, startedAt: '2026-01-01T00:00:00Z' };

describe('reduceJobEvent', () => {
  it('builds a job from job-started, progress, samples and results', () => {
    const s = feed([
      started,
      { type: 'probe', target: 'local', probe: { os: 'Debian', kernel: '6.1', arch: 'x86_64', cpus: 2, memMiB: 4000, tools: { fio: '3.33' }, mounts: [] } },
      { type: 'progress', step: 1, steps: 3, target: 'local', place: 'native', test: 'seq-write', trial: 2, trials: 3, fraction: 0.2, etaSec: 40 },
      { type: 'sample', target: 'local', place: 'native', test: 'seq-write', trial: 1, metric: 'write_MBps', value: 812.5 },
      { type: 'result', target: 'local', result: result('seq-write', 800) },
    ]);
    const job = s.jobs.j1;
    expect(s.order).toEqual(['j1']);
    expect(job.status).toBe('running');
    expect(job.plan).toHaveLength(3);
    expect(job.probes.local.kernel).toBe('6.1');
    expect(job.samples).toHaveLength(1);
    expect(job.results[0].result.metrics.write_MBps.median).toBe(800);
    expect(job.done).toEqual(['local|native|seq-write']);
    // seq-write (10 of 40 estimated seconds) is done: 25%, whatever fraction the engine last sent.
    expect(overallPercent(job)).toBe(25);
    expect(cursorText(job)).toBe('seq-write · native · trial 2/3');
    expect(currentSamples(job).map((x) => x.value)).toEqual([812.5]);
    expect(latestRunningJob(s)).toBe('j1');
  });

  it('ignores replayed events by seq (reconnect replay)', () => {
    const once = feed([started, { type: 'sample', target: 'local', place: 'native', test: 'seq-write', trial: 1, metric: 'write_MBps', value: 1 }]);
    const replayed = feed(
      [started, { type: 'sample', target: 'local', place: 'native', test: 'seq-write', trial: 1, metric: 'write_MBps', value: 1 }],
      'j1',
      once,
    );
    expect(replayed).toBe(once);
    expect(replayed.jobs.j1.samples).toHaveLength(1);
  });

  it('is pure: the previous state is not mutated', () => {
    const a = feed([started]);
    const snapshot = JSON.stringify(a);
    reduceJobEvent(a, { jobId: 'j1', seq: 5, type: 'log', level: 'info', message: 'hi' });
    expect(JSON.stringify(a)).toBe(snapshot);
  });

  it('records errors as done steps and the finish with its run id', () => {
    const s = feed([
      started,
      { type: 'test-error', target: 'local', error: { test: 'rand-read', place: 'native', code: 'tool-missing', message: 'fio not found' } },
      { type: 'job-finished', status: 'cancelled', runId: 'r1', message: 'cancelled by user' },
    ]);
    const job = s.jobs.j1;
    expect(job.errors[0].error.code).toBe('tool-missing');
    expect(job.done).toContain('local|native|rand-read');
    expect(job.status).toBe('cancelled');
    expect(job.runId).toBe('r1');
    expect(cursorText(job)).toBe('cancelled');
    expect(latestRunningJob(s)).toBeNull();
  });

  it('accepts a job first seen mid-way (no job-started buffered)', () => {
    const s = feed(
      [{ type: 'progress', step: 2, steps: 3, target: 'local', place: 'native', test: 'rand-read', trial: 1, trials: 3, fraction: 0.5, etaSec: 10 }],
      'j2',
    );
    expect(s.jobs.j2.status).toBe('running');
    expect(overallPercent(s.jobs.j2)).toBe(50);
  });

  it('computes per-target progress weighted by estimates', () => {
    const s = feed([
      started,
      { type: 'result', target: 'local', result: result('seq-write', 800) },
      { type: 'progress', step: 2, steps: 3, target: 'local', place: 'native', test: 'rand-read', trial: 2, trials: 2, fraction: 0.375, etaSec: 25 },
    ]);
    const tp = targetProgress(s.jobs.j1);
    expect(tp.map((t) => t.target)).toEqual(['local', 'lima:dev']);
    expect(tp[0]).toMatchObject({ doneSteps: 1, failedSteps: 0, totalSteps: 2, percent: 75 });
    expect(tp[1]).toMatchObject({ doneSteps: 0, totalSteps: 1, percent: 0 });
  });

  it('keeps the overall % equal to the estimate-weighted mean of the per-target bars', () => {
    // 16 steps over two targets, 14 done: the overall bar cannot say 11% (seen when it followed a stale engine fraction).
    const steps: PlanStep[] = [];
    for (const place of ['native'] as const)
      for (const test of ['seq-write', 'seq-read', 'rand-read', 'small-files'] as const)
        steps.push({ target: 'local', place, test, trials: 3, estimateSec: test === 'rand-read' ? 38 : 5 });
    for (const place of ['shared', 'guest', 'volume'] as const)
      for (const test of ['seq-write', 'seq-read', 'rand-read', 'small-files'] as const)
        steps.push({ target: 'docker', place, test, trials: 3, estimateSec: test === 'rand-read' ? 56 : 10 });
    const events: Body[] = [{ type: 'job-started', spec: { suite: 'quick' }, plan: steps, startedAt: '2026-01-01T00:00:00Z' }];
    for (const s of steps.slice(0, 14)) events.push({ type: 'test-error', target: s.target, error: { test: s.test, place: s.place, code: 'x', message: 'x' } });
    events.push({
      type: 'progress',
      step: 14,
      steps: 16,
      target: 'docker',
      place: 'volume',
      test: 'rand-read',
      trial: 2,
      trials: 3,
      fraction: 0.11,
      etaSec: 100,
    });
    const job = feed(events).jobs.j1;
    const tp = targetProgress(job);
    const weights = (t: string): number => steps.filter((s) => s.target === t).reduce((a, s) => a + s.estimateSec, 0);
    const mean = tp.reduce((a, t) => a + t.percent * weights(t.target), 0) / (weights('local') + weights('docker'));
    expect(tp.map((t) => t.doneSteps)).toEqual([4, 10]);
    // Every finished step here failed: the bars say so rather than looking like success.
    expect(tp.map((t) => t.failedSteps)).toEqual([4, 10]);
    expect(Math.abs(overallPercent(job) - mean)).toBeLessThanOrEqual(1);
    expect(overallPercent(job)).toBeGreaterThan(75);
  });

  it('keeps separate jobs apart', () => {
    const s = feed([started], 'b', feed([started], 'a'));
    expect(s.order).toEqual(['a', 'b']);
    expect(Object.keys(s.jobs)).toHaveLength(2);
  });
});

describe('app store', () => {
  it('applies events without adopting replayed jobs, and keeps local always selected', () => {
    useAppStore.setState(initialAppData());
    const st = useAppStore.getState();
    st.applyJobEvent({ ...started, jobId: 'x', seq: 1 } as JobEvent);
    expect(useAppStore.getState().jobs.jobs.x.status).toBe('running');
    expect(useAppStore.getState().activeJobId).toBeNull();
    st.toggleTarget('local');
    expect(useAppStore.getState().selectedTargets).toEqual(['local']);
    st.toggleTarget('lima:dev');
    expect(useAppStore.getState().selectedTargets).toEqual(['local', 'lima:dev']);
  });

  it('shows errors as dismissible banners without duplicates', () => {
    useAppStore.setState(initialAppData());
    const st = useAppStore.getState();
    st.pushError(Object.assign(new Error('engine busy'), { code: 'busy' }));
    st.pushError(new Error('engine busy'));
    const banners = useAppStore.getState().banners;
    expect(banners).toHaveLength(1);
    st.dismissBanner(banners[0].id);
    expect(useAppStore.getState().banners).toHaveLength(0);
  });
});
