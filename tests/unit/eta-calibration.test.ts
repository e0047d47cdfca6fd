// The ETA's calibration from recorded step durations, the plan's estimate before a run (the same
// calibration, run-estimate.ts, asked through run.estimate), the bar's weighting by expected time, and the
// countdown between events: pure functions fed with runs as the engine records them.
// tests/fixtures/runs/quick-timed.json is a real quick run of This machine on the 2-CPU development VM
// (`vmbench run --suite quick`, 2026-11-27, stored with its steps' timing; the probe's mounts cut to "/"):
// its steps took 13.4 + 10.1 + 38.2 + 9.5 s and the whole run 71.5 s, where the static plan says 53 s.
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Envelope, JobEvent, PlanStep, Run, RunEstimate, TestResult } from '../../electron/contract/contract.js';
import { calibratePlan } from '../../electron/engine/bench/calibrate.js';
import { estimateRun } from '../../electron/engine/bench/run-estimate.js';
import { createEngine } from '../../electron/engine/api.js';
import {
  SCRIPT_TESTS,
  estimateSec,
  headlineEstimateSec,
  planCheckpoints,
  stepDoneFraction,
  targetEstimateSec,
  targetMaxEstimateSec,
  targetVerdictSec,
} from '../../electron/measurement/plan-estimate.js';
import { initialJobs, reduceJobEvent, type JobState } from '../../src/store/job-reducer.js';
import { liveEtaSec, overallPercent } from '../../src/store/job-selectors.js';
import { makeRun, result } from '../helpers/make-run.js';

/** A stored run whose local/native results took these times (seconds to the end of each trial, then the whole step). */
function timedRun(id: string, startedAt: string, steps: { test: TestResult['test']; ends: number[]; sec: number }[], suite: Run['suite'] = 'quick'): Run {
  const results = steps.map((s) => ({ ...result(s.test, 'native', { v: [1, 2, 3] }), timing: { sec: s.sec, trialEndSec: s.ends } }));
  return { ...makeRun(id, startedAt, results), suite };
}

const step = (test: PlanStep['test'], trials = 3): PlanStep => ({ target: 'local', place: 'native', test, trials, estimateSec: estimateSec('quick', test) });

describe('calibratePlan', () => {
  it("takes each step's time and checkpoints from its last three recorded runs (the median), newest first", () => {
    const history = [
      timedRun('r4', '2026-01-04T00:00:00Z', [{ test: 'rand-read', ends: [16, 28, 40], sec: 41 }]),
      timedRun('r3', '2026-01-03T00:00:00Z', [{ test: 'rand-read', ends: [20, 32, 44], sec: 45 }]),
      timedRun('r2', '2026-01-02T00:00:00Z', [{ test: 'rand-read', ends: [14, 26, 38], sec: 39 }]),
      timedRun('r1', '2026-01-01T00:00:00Z', [{ test: 'rand-read', ends: [100, 200, 300], sec: 300 }]), // the fourth run back: not used
    ];
    const { plan, source } = calibratePlan([step('rand-read')], 'quick', history);
    expect(plan[0].estimateSec).toBe(41);
    expect(plan[0].estimateFrom).toBe('history');
    // Trial 1 ends after the layout pass: 39% of the step, not a third of it.
    expect(plan[0].checkpoints![0]).toBeCloseTo(16 / 41, 5);
    expect(plan[0].checkpoints![2]).toBeCloseTo(40 / 41, 5);
    expect(source).toEqual({ kind: 'history', runs: 3, steps: 1 });
  });

  it("keeps the plan's estimate for a step never timed here, another suite's times and runs without timing", () => {
    const history = [
      timedRun('t1', '2026-01-05T00:00:00Z', [{ test: 'seq-write', ends: [50, 60, 70], sec: 80 }], 'thorough'),
      makeRun('old', '2026-01-01T00:00:00Z', [result('seq-write', 'native', { write_MBps: [1, 2, 3] })]),
      timedRun('q1', '2026-01-04T00:00:00Z', [{ test: 'small-files', ends: [1, 2, 3], sec: 4 }]),
    ];
    const { plan, source } = calibratePlan([step('seq-write'), step('small-files')], 'quick', history);
    expect(plan[0]).toMatchObject({
      estimateSec: estimateSec('quick', 'seq-write'),
      estimateFrom: 'plan',
      checkpoints: planCheckpoints('quick', 'seq-write', 3),
    });
    expect(plan[1]).toMatchObject({ estimateSec: 4, estimateFrom: 'history' });
    expect(source).toEqual({ kind: 'history', runs: 1, steps: 1 });
    expect(calibratePlan([step('seq-write')], 'quick', []).source).toEqual({ kind: 'plan' });
  });

  it('ignores a recorded step with another trial count', () => {
    const history = [timedRun('q1', '2026-01-04T00:00:00Z', [{ test: 'small-files', ends: [1, 2, 3, 4, 5], sec: 6 }])];
    expect(calibratePlan([step('small-files')], 'quick', history).plan[0].estimateFrom).toBe('plan');
  });
});

const TIMED = new URL('../fixtures/runs/quick-timed.json', import.meta.url);
const timed = (): Run => JSON.parse(readFileSync(TIMED, 'utf8')) as Run;
const LOCAL = [{ id: 'local', places: ['native' as const] }];

describe("the plan's estimate before a run", () => {
  it('comes from a recorded run of the same steps and says so: its steps and its time around them', () => {
    const run = timed();
    const steps = run.targets[0].results.map((r) => r.timing!.sec);
    const wall = (Date.parse(run.finishedAt) - Date.parse(run.startedAt)) / 1000;
    const { estimate } = estimateRun({ suite: 'quick' }, LOCAL, [run]);
    // Each step's recorded time (whole seconds), the headline's from the plan (the recorded run had none), plus what the run spent outside its steps.
    const outside = wall - steps.reduce((a, s) => a + s, 0);
    const headline = headlineEstimateSec('quick', 'seq-write', 'native');
    const expected = Math.round(steps.reduce((a, s) => a + Math.max(1, Math.round(s)), 0) + headline + outside);
    expect(estimate).toMatchObject({ seconds: expected, source: { kind: 'history', runs: 1, steps: 4 }, steps: 5 });
    expect(estimate.targets).toEqual([
      {
        id: 'local',
        seconds: expected,
        maxSeconds: expect.any(Number),
        verdictSeconds: Math.round(headline + outside),
        source: { kind: 'history', runs: 1, steps: 4 },
      },
    ]);
    expect(estimate.seconds).not.toBe(targetEstimateSec('quick', SCRIPT_TESTS, ['native']));
  });

  it("is the static plan without a past run of those steps (none, another suite's, another target's)", () => {
    const plan = {
      seconds: targetEstimateSec('quick', SCRIPT_TESTS, ['native']),
      maxSeconds: targetMaxEstimateSec('quick', SCRIPT_TESTS, ['native']),
      source: { kind: 'plan' },
    };
    expect(estimateRun({ suite: 'quick' }, LOCAL, []).estimate).toMatchObject(plan);
    expect(estimateRun({ suite: 'quick' }, LOCAL, [{ ...timed(), suite: 'standard' }]).estimate).toMatchObject(plan);
    const other = estimateRun({ suite: 'quick' }, [...LOCAL, { id: 'docker:default', places: ['volume', 'guest'] }], [timed()]).estimate;
    expect(other.targets[1]).toEqual({
      id: 'docker:default',
      seconds: targetEstimateSec('quick', SCRIPT_TESTS, ['volume', 'guest']),
      maxSeconds: targetMaxEstimateSec('quick', SCRIPT_TESTS, ['volume', 'guest']),
      verdictSeconds: targetVerdictSec('quick', SCRIPT_TESTS, ['volume', 'guest']),
      source: { kind: 'plan' },
    });
    expect(other.source).toEqual({ kind: 'history', runs: 1, steps: 4 });
    expect(other.steps).toBe(12 + 3); // and the three places' headlines
    expect(other.seconds).toBe(other.targets[0].seconds + other.targets[1].seconds);
  });

  it('mixes recorded steps with the plan for the tests the past runs did not time', () => {
    const run = timed();
    const { estimate, plan } = estimateRun({ suite: 'quick', tests: ['seq-write', 'dev-tree'] }, LOCAL, [run]);
    expect(plan.map((p) => [p.test, p.estimateFrom])).toEqual([
      ['seq-write', 'plan'], // the headline: the recorded run had none
      ['seq-write', 'history'],
      ['dev-tree', 'plan'],
    ]);
    expect(estimate.source).toEqual({ kind: 'history', runs: 1, steps: 1 });
  });

  it('is what run.estimate answers from the stored history, with its input checked', async () => {
    const home = mkdtempSync(join(tmpdir(), 'vmbench-estimate-'));
    try {
      const engine = createEngine({ dataDir: home, mode: 'cli' });
      const ask = (...args: unknown[]): Promise<Envelope<RunEstimate>> => engine.dispatch('run.estimate', args) as Promise<Envelope<RunEstimate>>;
      const none = await ask({ suite: 'quick', targets: LOCAL });
      expect(none).toMatchObject({ ok: true, value: { seconds: targetEstimateSec('quick', SCRIPT_TESTS, ['native']), source: { kind: 'plan' } } });
      mkdirSync(join(home, 'runs'));
      copyFileSync(TIMED, join(home, 'runs', `${timed().id}.json`));
      const withRun = await ask({ suite: 'quick', targets: LOCAL });
      expect(withRun).toEqual({ ok: true, value: estimateRun({ suite: 'quick' }, LOCAL, [timed()]).estimate });
      expect(await ask({ suite: 'quick', targets: [{ id: 'local', places: ['attic'] }] })).toMatchObject({ ok: false, error: { code: 'invalid-input' } });
      expect(await ask({ suite: 'quick', targets: [] })).toMatchObject({ ok: false, error: { code: 'invalid-input' } });
      await engine.close();
    } finally {
      rmSync(home, { recursive: true, force: true });
    }
  });
});

describe('the plan checkpoints', () => {
  it("put a step's set-up before its first trial (seq-read writes its file and reads it once first)", () => {
    const c = planCheckpoints('quick', 'seq-read', 3);
    expect(c).toHaveLength(3);
    expect(c[0]).toBeGreaterThan(1 / 3 + 0.1);
    expect(c[2]).toBeCloseTo(1, 5);
    expect(stepDoneFraction({ trials: 3, checkpoints: c }, 1)).toBe(c[0]);
    expect(stepDoneFraction({ trials: 3 }, 1)).toBeCloseTo(1 / 3, 5);
    expect(stepDoneFraction({ trials: 3, checkpoints: c }, 0)).toBe(0);
  });
});

function job(events: JobEvent[]): JobState {
  let s = initialJobs;
  for (const ev of events) s = reduceJobEvent(s, ev);
  return s.jobs.j;
}

describe('the bar and the ETA of a running job', () => {
  // Recorded: seq-write took 10 s, rand-read 40 s with its first trial ending at 16 s (after the layout pass).
  const history = [
    timedRun('r1', '2026-01-01T00:00:00Z', [
      { test: 'seq-write', ends: [4, 7, 10], sec: 10 },
      { test: 'rand-read', ends: [16, 28, 40], sec: 40 },
    ]),
  ];
  const { plan, source } = calibratePlan([step('seq-write'), step('rand-read')], 'quick', history);
  const started: JobEvent = { jobId: 'j', seq: 1, type: 'job-started', spec: { suite: 'quick' }, plan, startedAt: new Date(0).toISOString(), estimate: source };
  const progress = (seq: number, s: number, test: PlanStep['test'], done: number, fraction: number, etaSec: number, at: number): JobEvent => ({
    jobId: 'j',
    seq,
    type: 'progress',
    step: s,
    steps: 2,
    target: 'local',
    place: 'native',
    test,
    trial: Math.min(done + 1, 3),
    trials: 3,
    fraction,
    etaSec,
    done,
    at,
  });

  it("weights the bar by recorded time: seq-write done is 20%, rand-read's first trial 32 points more", () => {
    const afterWrite = job([
      started,
      progress(2, 1, 'rand-read', 0, 0.2, 40, 10_000),
      { jobId: 'j', seq: 3, type: 'result', target: 'local', result: result('seq-write', 'native', { write_MBps: [1] }) },
    ]);
    expect(overallPercent(afterWrite)).toBe(20);
    const oneTrial = job([
      started,
      { jobId: 'j', seq: 2, type: 'result', target: 'local', result: result('seq-write', 'native', { write_MBps: [1] }) },
      progress(3, 1, 'rand-read', 1, 0.52, 24, 26_000),
    ]);
    expect(overallPercent(oneTrial)).toBe(20 + 32); // 16 of rand-read's 40 s, of 50 s in all
  });

  it('counts the ETA down every second without a new event, and not below the steps still to come', () => {
    const j = job([started, progress(2, 0, 'seq-write', 1, 0.08, 46, 1_000)]);
    expect(liveEtaSec(j, 1_000)).toBe(46);
    expect(liveEtaSec(j, 2_000)).toBe(45);
    expect(liveEtaSec(j, 5_000)).toBe(42);
    // 60 s later seq-write has not reported again: the ETA rests on rand-read's 40 s at the pace so far (46 / 46 remaining).
    expect(liveEtaSec(j, 61_000)).toBe(40);
  });

  it('counts the whole estimate down from the start before the first progress event', () => {
    const j = job([started]);
    expect(liveEtaSec(j, 5_000)).toBe(45);
    expect(liveEtaSec(job([started, { jobId: 'j', seq: 2, type: 'job-finished', status: 'completed', runId: 'x' }]), 5_000)).toBeNull();
  });
});
