// The width of a verdict's interval, on data small enough to do by hand. Checking only lo < ratio < hi lets a
// variance over n instead of n − 1 (or a wrong Welch–Satterthwaite df, or no Bonferroni) pass: every bound below
// is written out from the formula, and the test fails when the interval is narrower or wider than that.
//
// The data: one side is constant (1, 1, 1: logs 0, 0, 0, variance 0, so it is exact), the other is 1, e, e²
// (logs 0, 1, 2). For the logs 0, 1, 2:
//   mean = 1; sum of squares about the mean = 1 + 0 + 1 = 2; s² = 2 / (n − 1) = 1 (over n it would be 2/3);
//   standard error of the mean = √(s² / n) = √(1/3) = 0.5773503.
// Welch–Satterthwaite with one variable side: df = (v)² / (v² / (n − 1)) = n − 1 = 2.
// Student's t for df = 2 has a closed form: t(p) = (2p − 1) / √(2p(1 − p)).
//   p = 0.975  (alpha 0.05):   t = 0.95 / √(2 · 0.975 · 0.025) = 0.95 / 0.2207940 = 4.3026527
//   p = 0.9875 (alpha 0.025):  t = 0.975 / √(2 · 0.9875 · 0.0125) = 0.975 / 0.1571219 = 6.2053468
// So at alpha 0.05: log bounds 1 ∓ 4.3026527 · 0.5773503 = 1 ∓ 2.4841377, i.e. [e^−1.4841377, e^3.4841377]
//   = [0.2266977, 32.594309] around e = 2.7182818.
// (With s² over n: se = √(2/9) = 0.4714045 and the bounds would be [0.3576180, 20.661869], which must fail.)
// At alpha 0.025: 1 ∓ 6.2053468 · 0.5773503 = 1 ∓ 3.5826587: [0.0755728, 97.773996].
import { describe, expect, it } from 'vitest';
import { decideFamily } from '../../electron/measurement/verdict-family.js';
import { logMeanInterval, welchLogRatio, welchLogRatioOfRatios } from '../../electron/measurement/verdict-stats.js';

const E = Math.E;
const CONST = [1, 1, 1];
const SPREAD = [1, E, E * E];

/** Relative closeness: a bound within 1e-6 of its hand-computed value. */
function near(actual: number, expected: number): void {
  expect(Math.abs(actual / expected - 1)).toBeLessThan(1e-6);
}

describe('verdict intervals have the width the formula gives (n − 1 variance, Welch df, Bonferroni)', () => {
  it('ratio of 1, e, e² over a constant side: e [0.2266977, 32.594309] at 95%', () => {
    const r = welchLogRatio(CONST, SPREAD)!;
    near(r.ratio, E);
    near(r.lo, 0.2266977352);
    near(r.hi, 32.5943093);
  });

  it('the same the other way round: 1/e [1/32.594309, 1/0.2266977]', () => {
    const r = welchLogRatio(SPREAD, CONST)!;
    near(r.ratio, 1 / E);
    near(r.lo, 1 / 32.5943093);
    near(r.hi, 1 / 0.2266977352);
  });

  it('both sides 1, e, e²: ratio 1, df = (2/3)² / ((1/3)²/2 + (1/3)²/2) = 4, t = 2.7764451, bounds e^∓(2.7764451 · √(2/3)) = [0.1036269, 9.6500002]', () => {
    // Each side: s² = 1, v = s²/n = 1/3; se = √(1/3 + 1/3) = 0.8164966; log half-width 2.7764451 · 0.8164966 = 2.2669579.
    const r = welchLogRatio(SPREAD, SPREAD)!;
    near(r.ratio, 1);
    near(r.lo, 0.1036269409);
    near(r.hi, 9.650000195);
  });

  it("one side's interval (logMeanInterval): centre e, [0.2266977, 32.594309], half-width (32.594309 − 0.2266977) / 2 / e = 5.9536894", () => {
    const i = logMeanInterval(SPREAD)!;
    near(i.center, E);
    near(i.lo, 0.2266977352);
    near(i.hi, 32.5943093);
    near(i.halfWidth, 5.953689428);
  });

  it('across machines with exact natives the ratio of ratios has the same interval as the plain ratio', () => {
    const r = welchLogRatioOfRatios(CONST, CONST, CONST, SPREAD)!;
    near(r.ratio, E);
    near(r.lo, 0.2266977352);
    near(r.hi, 32.5943093);
  });

  it('a family of two voting metrics draws each interval at alpha 0.05 / 2: [0.0755728, 97.773996]', () => {
    const d = decideFamily([
      { a: CONST, b: SPREAD, primary: true },
      { a: CONST, b: SPREAD, primary: true },
    ]);
    expect(d.family).toBe(2);
    expect(d.perTestAlpha).toBe(0.025);
    for (const c of d.calls) {
      near(c.estimate!.lo, 0.07557281466);
      near(c.estimate!.hi, 97.77399628);
    }
  });
});
