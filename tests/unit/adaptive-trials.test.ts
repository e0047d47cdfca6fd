// Adaptive trials' decision on recorded trial vectors: the primary metric's trials of real runs,
// tests/fixtures/runs/aa-quick-{a,b}.json (two back-to-back quick runs of This machine recorded on 2026-11-26 on the
// 2-CPU development VM while other work shared it; see verdicts-recorded-aa.test.ts). The interval is the verdicts'
// (Welch's t on the logs, 95%); the decision is replayed one trial at a time as the runner takes them.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Run } from '../../electron/contract/contract.js';
import { decideTrials } from '../../electron/engine/bench/adaptive.js';
import { trialsPlan, type TrialsPlan } from '../../electron/measurement/plan-estimate.js';
import { logMeanInterval, studentTQuantile } from '../../electron/measurement/verdict-stats.js';
import { HEADLINE_METRIC } from '../../electron/measurement/metrics.js';
import { runFileSchema } from '../../electron/engine/store/run-schema.js';
import { runSpecSchema } from '../../electron/engine/api-schemas.js';

const fixture = (name: string): Run => JSON.parse(readFileSync(`tests/fixtures/runs/${name}.json`, 'utf8')) as Run;
const trialsOf = (run: Run, test: string): number[] => {
  const r = run.targets[0].results.find((x) => x.test === test)!;
  return r.samples[HEADLINE_METRIC[r.test]];
};

/** The runner's loop over a fixed vector: decide after each trial from the minimum on. */
function replay(values: number[], plan: TrialsPlan): { taken: number; widths: (number | null)[]; stop?: string } {
  const widths: (number | null)[] = [];
  for (let n = plan.minTrials; n <= values.length; n++) {
    const d = decideTrials(values.slice(0, n), plan);
    widths.push(d.width);
    if (!d.more) return { taken: n, widths, stop: d.stop };
  }
  return { taken: values.length, widths };
}

describe('the interval adaptive trials use', () => {
  it('is the geometric mean with the t interval on the logs, n − 1 degrees of freedom', () => {
    const v = [584.190328, 613.566756, 419.266623]; // aa-quick-a seq-write write_MBps
    const l = v.map(Math.log);
    const m = l.reduce((a, b) => a + b) / 3;
    const sd = Math.sqrt(l.reduce((a, x) => a + (x - m) ** 2, 0) / 2);
    const t = studentTQuantile(0.975, 2);
    const i = logMeanInterval(v)!;
    expect(i.center).toBeCloseTo(Math.exp(m), 6);
    expect(i.lo).toBeCloseTo(Math.exp(m - (t * sd) / Math.sqrt(3)), 6);
    expect(i.hi).toBeCloseTo(Math.exp(m + (t * sd) / Math.sqrt(3)), 6);
    expect(i.halfWidth).toBeCloseTo((i.hi - i.lo) / 2 / i.center, 9);
    expect(logMeanInterval([5, 5, 5])!.halfWidth).toBe(0);
    expect(logMeanInterval([5])).toBeNull();
    expect(logMeanInterval([5, 0, 6])).toBeNull();
  });
});

describe('adaptive trials on recorded trials', () => {
  // The recorded runs are quick runs; replayed as `vmbench run --max-trials 5` takes them (quick alone keeps 3).
  const quick = trialsPlan('quick', 'seq-write', { maxTrials: 5 });

  it('quick keeps 3 trials (target ±10%, for the unstable mark) unless a run asks for more; standard 5 to 8 and thorough 7 to 12 at ±5%; watch keeps its count; a run may override target and maximum', () => {
    expect(trialsPlan('quick', 'seq-write')).toEqual({ minTrials: 3, maxTrials: 3, targetHalfWidth: 0.1 });
    expect(quick).toEqual({ minTrials: 3, maxTrials: 5, targetHalfWidth: 0.1 });
    expect(trialsPlan('standard', 'seq-read')).toEqual({ minTrials: 5, maxTrials: 8, targetHalfWidth: 0.05 });
    expect(trialsPlan('thorough', 'rand-read')).toEqual({ minTrials: 7, maxTrials: 12, targetHalfWidth: 0.05 });
    expect(trialsPlan('quick', 'watch', { maxTrials: 5 }).maxTrials).toBe(3);
    expect(trialsPlan('standard', 'rand-read', { targetPct: 0, maxTrials: 6 })).toEqual({ minTrials: 5, maxTrials: 6, targetHalfWidth: 0 });
  });

  it('adds trials while a noisy metric is wider than the target and stops at the maximum, saying so', () => {
    // aa-quick-b rand-read read_iops 57,175 / 78,864 / 64,775: ±41% after 3 trials; two more recorded-run values
    // (aa-quick-a's 149,809 and 72,072) keep it wide.
    const b = trialsOf(fixture('aa-quick-b'), 'rand-read');
    const a = trialsOf(fixture('aa-quick-a'), 'rand-read');
    const r = replay([...b, a[0], a[1]], quick);
    expect(r.stop).toBe('max-reached');
    expect(r.taken).toBe(5);
    expect(r.widths).toHaveLength(3);
    for (const w of r.widths) expect(w!).toBeGreaterThan(0.1);
  });

  it('stops at the minimum when the interval already meets the target', () => {
    // aa-quick-b small-files create_per_s 37,779 / 39,759 / 44,791: ±22% at n=3 is wider than ±10%, but a stated ±25% is met at once.
    const v = trialsOf(fixture('aa-quick-b'), 'small-files');
    expect(replay(v, { ...quick, targetHalfWidth: 0.25 })).toMatchObject({ taken: 3, stop: 'target-met' });
    const d = decideTrials(v, quick);
    expect(d.more).toBe(true);
    expect(d.width!).toBeGreaterThan(0.1);
  });

  it('stops as soon as an added trial narrows the interval to the target', () => {
    // aa-quick-b seq-read read_MBps 1,382 / 1,295 / 950 is ±52% (one slow trial); with aa-quick-a's 1,259 and 1,278 as
    // the 4th and 5th trials it narrows to ±27%, then ±18%: the decision after each is recomputed on all the trials so far.
    const v = [...trialsOf(fixture('aa-quick-b'), 'seq-read'), ...trialsOf(fixture('aa-quick-a'), 'seq-read').filter((x) => x < 1300)];
    const r = replay(v, { ...quick, maxTrials: 8, targetHalfWidth: 0.2 });
    expect(r.widths[0]!).toBeGreaterThan(0.2);
    expect(r.stop).toBe('target-met');
    expect(r.taken).toBe(5);
    expect(r.widths.at(-1)!).toBeLessThanOrEqual(0.2);
  });

  it('a target of 0% is met only by identical trials, so real trials go to the maximum', () => {
    for (const test of ['seq-write', 'seq-read', 'rand-read', 'small-files']) {
      const v = [...trialsOf(fixture('aa-quick-a'), test), ...trialsOf(fixture('aa-quick-b'), test)];
      expect(replay(v, { minTrials: 3, maxTrials: 6, targetHalfWidth: 0 }), test).toMatchObject({ taken: 6, stop: 'max-reached' });
    }
    expect(decideTrials([7, 7, 7], { minTrials: 3, maxTrials: 6, targetHalfWidth: 0 })).toEqual({ more: false, width: 0, stop: 'target-met' });
  });

  it('a trial at zero gives no interval: it keeps adding until the maximum', () => {
    expect(decideTrials([10, 0, 11], quick)).toEqual({ more: true, width: null });
    expect(decideTrials([10, 0, 11, 10, 10], quick)).toEqual({ more: false, width: null, stop: 'max-reached' });
  });
});

describe('the stored record of adaptive trials', () => {
  it('a run stored before adaptive trials (no record) still loads; a record is kept; a bad one is refused', () => {
    const old = fixture('aa-quick-a');
    expect(old.targets[0].results.every((r) => r.trials === undefined)).toBe(true);
    expect(runFileSchema.safeParse(old).success).toBe(true);
    const withRecord = structuredClone(old);
    withRecord.targets[0].results[0].trials = {
      metric: 'write_MBps',
      minTrials: 3,
      maxTrials: 5,
      target: 0.1,
      taken: 5,
      widths: [0.3, null, 0.2],
      stop: 'max-reached',
    };
    const parsed = runFileSchema.safeParse(withRecord);
    expect(parsed.success).toBe(true);
    expect((parsed.data as unknown as Run).targets[0].results[0].trials?.widths).toEqual([0.3, null, 0.2]);
    withRecord.targets[0].results[0].trials!.stop = 'gave-up' as never;
    expect(runFileSchema.safeParse(withRecord).success).toBe(false);
  });

  it('run.start takes a suite override of the target and the maximum, within bounds', () => {
    expect(runSpecSchema.safeParse({ suite: 'quick', trials: { targetPct: 0, maxTrials: 4 } }).success).toBe(true);
    expect(runSpecSchema.safeParse({ suite: 'quick', trials: { targetPct: -1 } }).success).toBe(false);
    expect(runSpecSchema.safeParse({ suite: 'quick', trials: { maxTrials: 500 } }).success).toBe(false);
    expect(runSpecSchema.safeParse({ suite: 'quick', trials: { other: 1 } }).success).toBe(false);
  });
});
