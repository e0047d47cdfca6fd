// The statistics behind every verdict (measurement/verdict-stats.ts): Student's t, Welch's interval of a ratio and of a
// ratio of native ratios, the call a user reads, and the words. Reference values are from SciPy (scipy.stats.t, and
// Welch's interval computed on the logs of the trials with it).
import { describe, expect, it } from 'vitest';
import {
  callRatio,
  levelText,
  logMeanInterval,
  methodText,
  studentTCdf,
  studentTQuantile,
  summaryLine,
  VERDICT_METHOD,
  CROSS_MACHINE_METHOD,
  welchLogRatio,
  verdictWord,
  welchLogRatioOfRatios,
} from '../../electron/measurement/verdict-stats.js';

const BEFORE = [100, 104, 98];
const AFTER = [150, 160, 155, 149, 151];

describe("Student's t", () => {
  it.each([
    [0.1, 1, 0.5317255174305535],
    [10, 1, 0.9682744825694465],
    [0.5, 3, 0.6742760175759245],
    [-2, 3, 0.06966298427942152],
    [1.5, 4.5, 0.8998904571719233],
    [30, 2.5, 0.9998544676454213],
    [0.2, 40, 0.5787530366071412],
    [-0.3, 7.3, 0.386270268089855],
    // Below one degree of freedom (no Welch test gives one; the function is general).
    [1, 0.5, 0.698878389158678],
    [-3, 0.8, 0.12622282480337066],
    [0.3, 0.6, 0.5818866772094913],
  ])('P(T < %s) with %s degrees of freedom is %s', (t, df, p) => {
    expect(studentTCdf(t, df)).toBeCloseTo(p, 10);
  });

  it('is one half at zero', () => {
    expect(studentTCdf(0, 5)).toBeCloseTo(0.5, 12);
  });

  it.each([
    [0.975, 1, 12.706204736174694],
    [0.975, 2.5, 3.5746548420036817],
    [0.025, 7.3, -2.3450667365477034],
    [0.995, 40, 2.7044592674331622],
    [0.9, 3, 1.637744353696209],
  ])('the %s quantile with %s degrees of freedom is %s', (p, df, t) => {
    expect(studentTQuantile(p, df)).toBeCloseTo(t, 8);
  });

  it('the median is 0', () => {
    expect(studentTQuantile(0.5, 3)).toBe(0);
  });
});

describe("Welch's interval of a ratio", () => {
  it('gives the ratio of geometric means with its 95% interval', () => {
    const r = welchLogRatio(BEFORE, AFTER)!;
    expect(r.ratio).toBeCloseTo(1.5198057832781569, 10);
    expect(r.lo).toBeCloseTo(1.4322409392576327, 8);
    expect(r.hi).toBeCloseTo(1.6127241971472799, 8);
  });

  it('is wider at a stricter level', () => {
    const r = welchLogRatio(BEFORE, AFTER, 0.01)!;
    expect(r.lo).toBeCloseTo(1.3794031242151832, 8);
    expect(r.hi).toBeCloseTo(1.674499338400373, 8);
  });

  it('is exact when every trial of each side is the same', () => {
    expect(welchLogRatio([2, 2, 2], [4, 4])).toEqual({ ratio: 2, lo: 2, hi: 2 });
  });

  it('has no ratio with fewer than two trials on a side or a trial at zero, below or not a number', () => {
    expect(welchLogRatio([1], [1, 2])).toBeNull();
    expect(welchLogRatio([1, 2], [1])).toBeNull();
    expect(welchLogRatio([1, 2, 0], [1, 2])).toBeNull();
    expect(welchLogRatio([1, 2], [1, 2, -1])).toBeNull();
    expect(welchLogRatio([1, 2, NaN], [1, 2])).toBeNull();
    expect(welchLogRatio([1, 2], [1, Infinity, 2])).toBeNull();
    expect(welchLogRatio([1, 2], [1, 2])).not.toBeNull();
  });

  it("between two runs, adds each side's run-to-run drift to the interval (the estimated spread keeps its degrees of freedom)", () => {
    const r = welchLogRatio(BEFORE, AFTER, 0.05, 0.05)!;
    expect(r.ratio).toBeCloseTo(1.5198057832781569, 10);
    expect(r.lo).toBeCloseTo(1.314200568482244, 8);
    expect(r.hi).toBeCloseTo(1.7575777048653283, 8);
    const strict = welchLogRatio(BEFORE, AFTER, 0.0125, 0.1)!;
    expect(strict.lo).toBeCloseTo(1.0629956135770737, 8);
    expect(strict.hi).toBeCloseTo(2.1729248826465235, 8);
    expect(welchLogRatio(BEFORE, AFTER, 0.05, 0)).toEqual(welchLogRatio(BEFORE, AFTER));
  });

  it('with no spread in the trials, the drift alone gives a normal interval', () => {
    const r = welchLogRatio([2, 2, 2], [4, 4], 0.05, 0.1)!;
    expect(r.ratio).toBe(2);
    expect(r.lo).toBeCloseTo(1.5158349597445175, 5);
    expect(r.hi).toBeCloseTo(2.638809703052481, 5);
  });

  it('across machines, adds the drift of each of the four sets', () => {
    const r = welchLogRatioOfRatios([1000, 1010, 990], [500, 520, 505], [2000, 2050, 1980, 2010], [1500, 1490, 1530], 0.05, 0.03)!;
    expect(r.ratio).toBeCloseTo(1.4747746280754415, 10);
    expect(r.lo).toBeCloseTo(1.3049424000472274, 8);
    expect(r.hi).toBeCloseTo(1.6667097364116166, 8);
  });

  it('across machines, compares each side to its own native trials', () => {
    const r = welchLogRatioOfRatios([1000, 1010, 990], [500, 520, 505], [2000, 2050, 1980, 2010], [1500, 1490, 1530])!;
    expect(r.ratio).toBeCloseTo(1.4747746280754415, 10);
    expect(r.lo).toBeCloseTo(1.4155204968382464, 8);
    expect(r.hi).toBeCloseTo(1.5365091558003716, 8);
    expect(welchLogRatioOfRatios([1, 1], [2, 2], [3, 3], [12, 12])).toEqual({ ratio: 2, lo: 2, hi: 2 });
    for (const i of [0, 1, 2, 3]) {
      const sets = [
        [1, 2],
        [1, 2],
        [1, 2],
        [1, 2],
      ];
      sets[i] = [1];
      expect(welchLogRatioOfRatios(sets[0], sets[1], sets[2], sets[3])).toBeNull();
      sets[i] = [1, 2, 0];
      expect(welchLogRatioOfRatios(sets[0], sets[1], sets[2], sets[3])).toBeNull();
    }
  });
});

describe('the interval of one set of trials', () => {
  it('is the geometric mean with its t interval and half width', () => {
    const r = logMeanInterval([100, 110, 95, 105])!;
    expect(r.center).toBeCloseTo(102.3473017085549, 9);
    expect(r.lo).toBeCloseTo(92.57107379546376, 7);
    expect(r.hi).toBeCloseTo(113.15597559305039, 7);
    expect(r.halfWidth).toBeCloseTo(0.1005639692202359, 9);
    expect(logMeanInterval([100, 110, 95, 105], 0.2)!.halfWidth).toBeCloseTo(0.051688188633389594, 9);
  });

  it('is formed from two trials', () => {
    const r = logMeanInterval([100, 110])!;
    expect(r.center).toBeCloseTo(104.88088481701524, 9);
    expect(r.lo).toBeCloseTo(57.24326232559301, 6);
    expect(r.hi).toBeCloseTo(192.1623533165056, 6);
  });

  it('is a point for equal trials and absent for one trial or one at zero', () => {
    expect(logMeanInterval([5, 5, 5])).toEqual({ center: 5, lo: 5, hi: 5, halfWidth: 0 });
    expect(logMeanInterval([5])).toBeNull();
    expect(logMeanInterval([5, 0, 5])).toBeNull();
  });
});

describe('the call a user reads', () => {
  it('higher or lower only when the interval excludes 1× and the change is at least 5%', () => {
    expect(callRatio(BEFORE, AFTER).call).toBe('higher');
    expect(callRatio(AFTER, BEFORE).call).toBe('lower');
    // Clear (the interval excludes 1×) but only 2% away: within noise.
    expect(callRatio([100, 100.1, 99.9], [102, 102.1, 101.9])).toMatchObject({ call: 'noise' });
    expect(callRatio([102, 102.1, 101.9], [100, 100.1, 99.9])).toMatchObject({ call: 'noise' });
    // Exactly 5% up with no spread: a change.
    expect(callRatio([1, 1, 1], [1.05, 1.05, 1.05]).call).toBe('higher');
    // Large but the interval holds 1×: within noise.
    expect(callRatio([100, 50, 200], [150, 75, 300]).call).toBe('noise');
  });

  it('too few trials to decide, saying how many', () => {
    expect(callRatio([1, 2], [1, 2, 3])).toEqual({
      call: 'undecided',
      estimate: welchLogRatio([1, 2], [1, 2, 3]),
      reason: 'too few trials to decide (2; 3 needed on each side)',
    });
    expect(callRatio([1, 2, 3], [1, 2, 3], 0.05, { a: [1, 2, 3], b: [1, 2] }).reason).toBe('too few trials to decide (2; 3 needed on each side)');
    expect(callRatio([1, 2, 3], [1, 2, 0])).toEqual({ call: 'undecided', estimate: null, reason: 'a trial measured zero or less, so no ratio can be formed' });
  });

  it('across machines, it is the ratio of native ratios that is called', () => {
    const base = { a: [1000, 1010, 990], b: [2000, 2050, 1980, 2010] };
    const r = callRatio([500, 520, 505], [1500, 1490, 1530], 0.05, base);
    expect(r.call).toBe('higher');
    expect(r.estimate!.ratio).toBeCloseTo(1.4747746280754415, 10);
  });
});

describe('the words', () => {
  it('names each verdict in English and Japanese', () => {
    expect(verdictWord('noise')).toBe('within noise');
    expect(verdictWord('worse', 'en')).toBe('worse');
    expect(verdictWord('worse', 'ja')).toBe('悪化');
  });

  it('states the level as a percentage', () => {
    expect(levelText(0.95)).toBe('95%');
    expect(levelText(0.9875)).toBe('98.75%');
  });

  it('states the method in English and Japanese, across machines too', () => {
    expect(methodText()).toBe(VERDICT_METHOD.text);
    expect(methodText('en', true)).toBe(CROSS_MACHINE_METHOD.text);
    expect(methodText('ja')).not.toBe(VERDICT_METHOD.text);
    expect(methodText('ja', true)).not.toBe(methodText('ja'));
    expect(methodText('ja', true)).not.toBe(CROSS_MACHINE_METHOD.text);
  });

  it('counts the verdicts in one line', () => {
    const none = { better: 0, worse: 0, noise: 0, undecided: 0, onlyOne: 0 };
    expect(summaryLine({ ...none, better: 1, noise: 3 })).toBe('1 better, 0 worse, 3 within noise');
    expect(summaryLine({ ...none, worse: 2, undecided: 1, onlyOne: 2 })).toBe('0 better, 2 worse, 0 within noise, 1 too few trials to tell, 2 only in one run');
    expect(summaryLine({ ...none, noise: 4 })).toBe('No significant change: 4 within noise');
    expect(summaryLine({ ...none, noise: 4, supporting: 9 })).toBe('No significant change: 4 within noise · 9 more metrics shown, not voting');
  });
});
