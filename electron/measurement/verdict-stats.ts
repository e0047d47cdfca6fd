/**
 * The statistics behind every before/after and "× this machine" verdict (Compare, Results headline,
 * share card, CLI): Welch's t-test on the logarithm of the per-trial values. Working on logs makes
 * the difference of means a ratio (of geometric means), so the interval is an interval of the ratio.
 */
import type { CompareSummary, CompareVerdict } from '../contract/contract.js';
import { translator, type Lang } from '../messages/i18n.js';
import { summarize } from './trial-stats.js';

/** The method, as stated in the UI, the README and the JSON. */
export const VERDICT_METHOD = {
  name: 'welch-log-ratio',
  /** The family-wise rate: the chance that pure noise makes a comparison call anything better or worse. */
  alpha: 0.05,
  /** How the family is controlled: one voting (primary) metric per test and place, Bonferroni across them. */
  correction: 'bonferroni-primary',
  /** Smallest ratio change called better/worse, even when significant (5% = 1.05× or 1/1.05×). */
  minEffect: 0.05,
  /** Trials needed on each side before anything is decided. */
  minTrials: 3,
  text:
    "Ratio of the geometric means of the trials (after / before) with an interval from Welch's t-test on the log of each trial, " +
    "widened by the test's run-to-run drift: two runs of the same setup differ by more than the trials of either show (the page cache, the files' layout, the pace of the host's disk), " +
    'so each side adds the drift measured between such runs. ' +
    'One metric per test votes (MB/s for sequential reads and writes, IOPS for random reads, creates/s for small files, …); the others are shown, not voting. ' +
    'With k voting metrics each interval is a (1 − 0.05/k) interval (Bonferroni), so pure noise calls anything better or worse in at most 5% of comparisons. ' +
    'Better or worse only when that interval excludes 1× and the ratio is at least 5% away from 1×; otherwise "within noise". ' +
    'Fewer than 3 trials on either side: too few to decide.',
} as const;

/** A ratio b/a of two sets of trials with its confidence interval. */
export interface RatioEstimate {
  ratio: number;
  lo: number;
  hi: number;
}

/** How a ratio reads against the method: a real change, noise, or not decidable. */
export type RatioCall = 'higher' | 'lower' | 'noise' | 'undecided';

function lnGamma(x: number): number {
  // Lanczos approximation (g = 7, n = 9), accurate to ~1e-15 for x > 0.
  const c = [
    0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313, -176.61502916214059, 12.507343278686905, -0.13857109526572012,
    9.9843695780195716e-6, 1.5056327351493116e-7,
  ];
  // Stryker disable next-line ConditionalExpression: Lanczos is as accurate below 0.5 for the arguments t gives (a = df / 2 > 0); the reflection is the textbook form.
  if (x < 0.5) return Math.log(Math.PI / Math.sin(Math.PI * x)) - lnGamma(1 - x);
  const xx = x - 1;
  let s = c[0];
  for (let i = 1; i < 9; i++) s += c[i] / (xx + i);
  const t = xx + 7.5;
  return 0.5 * Math.log(2 * Math.PI) + (xx + 0.5) * Math.log(t) - t + Math.log(s);
}

/** Continued fraction of the incomplete beta function (modified Lentz). */
function betaCf(a: number, b: number, x: number): number {
  const tiny = 1e-300;
  let c = 1;
  let d = 1 - ((a + b) * x) / (a + 1);
  // Stryker disable next-line EqualityOperator,ConditionalExpression: Lentz's guard against a zero denominator, never near zero for a, b >= 0.5 and 0 < x < 1.
  if (Math.abs(d) < tiny) d = tiny;
  d = 1 / d;
  let h = d;
  // Stryker disable next-line EqualityOperator: the cap is never reached (convergence comes far sooner).
  for (let m = 1; m <= 300; m++) {
    const m2 = 2 * m;
    let aa = (m * (b - m) * x) / ((a + m2 - 1) * (a + m2));
    d = 1 + aa * d;
    // Stryker disable next-line EqualityOperator,ConditionalExpression: Lentz's guard against a zero denominator, never near zero for a, b >= 0.5 and 0 < x < 1.
    if (Math.abs(d) < tiny) d = tiny;
    c = 1 + aa / c;
    // Stryker disable next-line EqualityOperator,ConditionalExpression: Lentz's guard against a zero denominator, never near zero for a, b >= 0.5 and 0 < x < 1.
    if (Math.abs(c) < tiny) c = tiny;
    d = 1 / d;
    h *= d * c;
    aa = (-(a + m) * (a + b + m) * x) / ((a + m2) * (a + m2 + 1));
    d = 1 + aa * d;
    // Stryker disable next-line EqualityOperator,ConditionalExpression: Lentz's guard against a zero denominator, never near zero for a, b >= 0.5 and 0 < x < 1.
    if (Math.abs(d) < tiny) d = tiny;
    c = 1 + aa / c;
    // Stryker disable next-line EqualityOperator,ConditionalExpression: Lentz's guard against a zero denominator, never near zero for a, b >= 0.5 and 0 < x < 1.
    if (Math.abs(c) < tiny) c = tiny;
    d = 1 / d;
    const del = d * c;
    h *= del;
    // Stryker disable next-line EqualityOperator,ConditionalExpression,ArithmeticOperator: without the early stop it only iterates more, to the same value.
    if (Math.abs(del - 1) < 1e-14) break;
  }
  return h;
}

/** Regularized incomplete beta I_x(a, b). */
function incompleteBeta(x: number, a: number, b: number): number {
  // Stryker disable next-line EqualityOperator,ConditionalExpression: x = 0 only at an infinite t, where the formula gives 0 too.
  if (x <= 0) return 0;
  // Stryker disable next-line EqualityOperator,ConditionalExpression: x = 1 at t = 0, where the formula gives 1 too.
  if (x >= 1) return 1;
  const front = Math.exp(lnGamma(a + b) - lnGamma(a) - lnGamma(b) + a * Math.log(x) + b * Math.log(1 - x));
  // Stryker disable next-line EqualityOperator,ConditionalExpression,ArithmeticOperator: which side's continued fraction is used (I_x(a, b) = 1 − I_1−x(b, a)) changes how fast it converges, not the value.
  return x < (a + 1) / (a + b + 2) ? (front * betaCf(a, b, x)) / a : 1 - (front * betaCf(b, a, 1 - x)) / b;
}

/** Cumulative distribution of Student's t with df degrees of freedom (df may be fractional, as in Welch's test). */
export function studentTCdf(t: number, df: number): number {
  const tail = 0.5 * incompleteBeta(df / (df + t * t), df / 2, 0.5);
  // Stryker disable next-line EqualityOperator: at t = 0 the tail is 0.5 either way.
  return t >= 0 ? 1 - tail : tail;
}

/** The t value below which a fraction p of Student's t distribution lies (bisection on the CDF). */
export function studentTQuantile(p: number, df: number): number {
  if (p === 0.5) return 0;
  // Stryker disable next-line EqualityOperator: p = 0.5 has returned.
  if (p < 0.5) return -studentTQuantile(1 - p, df);
  let lo = 0;
  let hi = 1;
  // Stryker disable next-line EqualityOperator: a CDF exactly equal to p moves a bound by nothing that matters.
  while (studentTCdf(hi, df) < p) hi *= 2;
  // Stryker disable next-line EqualityOperator,ConditionalExpression,LogicalOperator,ArithmeticOperator,UpdateOperator: the cap and the tolerance only stop the bisection; more steps give the same quantile.
  for (let i = 0; i < 200 && hi - lo > 1e-12 * hi; i++) {
    const mid = (lo + hi) / 2;
    // Stryker disable next-line EqualityOperator: a CDF exactly equal to p moves a bound by nothing that matters.
    if (studentTCdf(mid, df) < p) lo = mid;
    else hi = mid;
  }
  return (lo + hi) / 2;
}

function meanVar(xs: number[]): { mean: number; variance: number } {
  const mean = xs.reduce((s, x) => s + x, 0) / xs.length;
  const variance = xs.reduce((s, x) => s + (x - mean) ** 2, 0) / (xs.length - 1);
  return { mean, variance };
}

/**
 * The degrees of freedom of a sum of variances (Welch–Satterthwaite): each estimated term with its count of trials.
 * A known term (the run-to-run drift) adds to the sum and not to the denominator; with no estimated spread at all the
 * t distribution is the normal one, reached here by a cap (t at 10^6 degrees of freedom differs from z by 10^-6).
 */
function satterthwaite(terms: { v: number; n: number }[], known: number): number {
  const estimated = terms.reduce((s, x) => s + (x.v * x.v) / (x.n - 1), 0);
  const total = terms.reduce((s, x) => s + x.v, known);
  // No estimated spread (every trial alike, the drift alone): total² / 0 is Infinity, capped as any large value.
  return Math.min(1e6, total ** 2 / estimated);
}

/**
 * Ratio of the geometric means of b over a with a (1 - alpha) interval, from Welch's t-test on the logs.
 * `drift` is the run-to-run drift of a comparison between two runs (the test's `drift` in the catalogue: the standard
 * deviation, on the log scale, of a run's geometric mean across runs of the same setup beyond what its own trials
 * show): each side adds drift² to the variance of the difference. 0 (the default) within one run.
 * Null when either side has fewer than two positive finite values (a log needs them positive).
 */
export function welchLogRatio(a: number[], b: number[], alpha: number = VERDICT_METHOD.alpha, drift = 0): RatioEstimate | null {
  const la = a.filter((x) => Number.isFinite(x) && x > 0).map(Math.log);
  const lb = b.filter((x) => Number.isFinite(x) && x > 0).map(Math.log);
  if (la.length < 2 || lb.length < 2 || la.length !== a.length || lb.length !== b.length) return null;
  const A = meanVar(la);
  const B = meanVar(lb);
  const diff = B.mean - A.mean;
  const va = A.variance / la.length;
  const vb = B.variance / lb.length;
  const known = 2 * drift * drift;
  const se = Math.sqrt(va + vb + known);
  // Stryker disable next-line ConditionalExpression,BlockStatement: with no spread the general formula gives the same point (t × 0 = 0, even where the degrees of freedom are 0/0).
  if (se === 0) {
    // Identical trials on both sides: the ratio is exact.
    const r = Math.exp(diff);
    return { ratio: r, lo: r, hi: r };
  }
  const df = satterthwaite(
    [
      { v: va, n: la.length },
      { v: vb, n: lb.length },
    ],
    known,
  );
  const tCrit = studentTQuantile(1 - alpha / 2, df);
  return { ratio: Math.exp(diff), lo: Math.exp(diff - tCrit * se), hi: Math.exp(diff + tCrit * se) };
}

/**
 * The run-to-run drift that pairs of runs of the same setup show (an A/A: `npm run perf:aa -- --keep DIR`), on the log
 * scale: from the differences d of the pairs' log geometric means, whose variance is 2·drift² plus the two sides'
 * squared standard errors. Robust to a rare wild pair: the variance of d is read from its median absolute value
 * (median |d| / 0.6745, as for a normal of mean 0), less the pairs' mean squared standard errors; 0 when the trials
 * explain it all. Null with fewer than 3 pairs or a pair whose trials form no log (fewer than 2, or one at zero).
 */
export function runToRunDrift(pairs: readonly { a: readonly number[]; b: readonly number[] }[]): number | null {
  const logs = (xs: readonly number[]): number[] | null => (xs.length >= 2 && xs.every((x) => Number.isFinite(x) && x > 0) ? xs.map(Math.log) : null);
  const rows: { d: number; v: number }[] = [];
  for (const p of pairs) {
    const [la, lb] = [logs(p.a), logs(p.b)];
    if (!la || !lb) return null;
    const [A, B] = [meanVar(la), meanVar(lb)];
    rows.push({ d: B.mean - A.mean, v: A.variance / la.length + B.variance / lb.length });
  }
  if (rows.length < 3) return null;
  const varD = (summarize(rows.map((r) => Math.abs(r.d))).median / 0.6745) ** 2;
  const trials = rows.reduce((s, r) => s + r.v, 0) / rows.length;
  return Math.sqrt(Math.max(0, varD - trials) / 2);
}

/** A (1 - alpha) interval of one set of trials: the geometric mean with Welch's t interval on the log of each trial (the verdicts' interval, for one side). */
export interface TrialInterval {
  center: number;
  lo: number;
  hi: number;
  /** Half the interval's width over its center (0.1 = ±10%). */
  halfWidth: number;
}

/** The interval of one set of trials as the verdicts form it (t on the logs, n − 1 degrees of freedom); null with fewer than two trials or one at zero or below. */
export function logMeanInterval(xs: number[], alpha: number = VERDICT_METHOD.alpha): TrialInterval | null {
  const l = xs.filter((x) => Number.isFinite(x) && x > 0).map(Math.log);
  if (l.length < 2 || l.length !== xs.length) return null;
  const { mean, variance } = meanVar(l);
  const se = Math.sqrt(variance / l.length);
  const center = Math.exp(mean);
  // Stryker disable next-line ConditionalExpression,BlockStatement: with no spread the general formula gives the same point (t × 0 = 0).
  if (se === 0) return { center, lo: center, hi: center, halfWidth: 0 };
  const t = studentTQuantile(1 - alpha / 2, l.length - 1);
  const lo = Math.exp(mean - t * se);
  const hi = Math.exp(mean + t * se);
  return { center, lo, hi, halfWidth: (hi - lo) / 2 / center };
}

/** The cross-machine method: each place's ratio to its own machine's native, compared between the machines. */
export const CROSS_MACHINE_METHOD = {
  name: 'welch-log-ratio-of-native-ratios',
  text:
    "Across machines, each place is first divided by its own machine's native result (This machine, same run and test): " +
    'the verdict is on (B place / B native) ÷ (A place / A native), the ratio of the geometric means of the trials, with an interval ' +
    "from Welch's t-test on the logs of all four sets of trials (Welch–Satterthwaite degrees of freedom), widened by the test's run-to-run drift for each set. Absolute numbers are shown but do not decide, " +
    'because the two machines differ in hardware. Otherwise as before: one voting metric per test and place, Bonferroni across them, ' +
    'better or worse only when the interval excludes 1× and the ratio is at least 5% away from 1×; fewer than 3 trials in any of the four sets: too few to decide.',
} as const;

/**
 * (b / bBase) ÷ (a / aBase) of geometric means with a (1 - alpha) interval: Welch's t on the logs of four
 * independent sets of trials, the difference of differences of their means. Null when any set has fewer than
 * two positive finite values.
 */
export function welchLogRatioOfRatios(
  aBase: number[],
  a: number[],
  bBase: number[],
  b: number[],
  alpha: number = VERDICT_METHOD.alpha,
  drift = 0,
): RatioEstimate | null {
  const sets = [aBase, a, bBase, b].map((xs) => xs.filter((x) => Number.isFinite(x) && x > 0).map(Math.log));
  if (sets.some((l, i) => l.length < 2 || l.length !== [aBase, a, bBase, b][i].length)) return null;
  const mv = sets.map(meanVar);
  const sign = [1, -1, -1, 1];
  const diff = mv.reduce((s, x, i) => s + sign[i] * x.mean, 0);
  const v = mv.map((x, i) => x.variance / sets[i].length);
  // Four runs' sets (each machine's place and native), each with its own drift.
  const known = 4 * drift * drift;
  const se = Math.sqrt(v.reduce((s, x) => s + x, known));
  // Stryker disable next-line ConditionalExpression,BlockStatement: with no spread the general formula gives the same point (t × 0 = 0, even where the degrees of freedom are 0/0).
  if (se === 0) {
    const r = Math.exp(diff);
    return { ratio: r, lo: r, hi: r };
  }
  const df = satterthwaite(
    v.map((x, i) => ({ v: x, n: sets[i].length })),
    known,
  );
  const tCrit = studentTQuantile(1 - alpha / 2, df);
  return { ratio: Math.exp(diff), lo: Math.exp(diff - tCrit * se), hi: Math.exp(diff + tCrit * se) };
}

/** The two baselines of a cross-machine comparison: each machine's native trials of the same test and metric. */
export interface Baselines {
  a: number[];
  b: number[];
}

/**
 * Classifies trials of b against trials of a at a (per-comparison) level alpha: clearly higher, clearly lower, within
 * noise, or too few trials. With baselines, it is each side's ratio to its own baseline that is compared. `drift`: the
 * test's run-to-run drift when a and b are from two runs (welchLogRatio).
 */
export function callRatio(
  a: number[],
  b: number[],
  alpha: number = VERDICT_METHOD.alpha,
  base?: Baselines,
  drift = 0,
): { call: RatioCall; estimate: RatioEstimate | null; reason?: string } {
  const m = VERDICT_METHOD;
  const estimate = base ? welchLogRatioOfRatios(base.a, a, base.b, b, alpha, drift) : welchLogRatio(a, b, alpha, drift);
  const fewest = Math.min(a.length, b.length, ...(base ? [base.a.length, base.b.length] : []));
  if (fewest < m.minTrials) {
    return { call: 'undecided', estimate, reason: `too few trials to decide (${fewest}; ${m.minTrials} needed on each side)` };
  }
  if (!estimate) return { call: 'undecided', estimate: null, reason: 'a trial measured zero or less, so no ratio can be formed' };
  // Stryker disable next-line EqualityOperator: an interval that ends exactly at 1× with a ratio 5% away needs a t × se that rounds to the ratio's log exactly.
  const excludesOne = estimate.lo > 1 || estimate.hi < 1;
  const bigEnough = Math.abs(Math.log(estimate.ratio)) >= Math.log(1 + m.minEffect);
  // Stryker disable next-line EqualityOperator: a ratio of exactly 1× is not big enough, so it never reaches here.
  if (excludesOne && bigEnough) return { call: estimate.ratio > 1 ? 'higher' : 'lower', estimate };
  return { call: 'noise', estimate };
}

/** A verdict in a language's words ("within noise", "誤差の範囲"). */
export function verdictWord(v: CompareVerdict, lang: Lang = 'en'): string {
  return translator(lang)(`common:verdict.${v}`);
}

const VERDICTS: CompareVerdict[] = ['better', 'worse', 'noise', 'undecided', 'supporting', 'only-before', 'only-after'];
/** Verdicts in English words (verdictWord gives them in any language). */
export const VERDICT_WORDS = Object.fromEntries(VERDICTS.map((v) => [v, verdictWord(v)])) as Record<CompareVerdict, string>;

/** The method of VERDICT_METHOD (or, across machines, CROSS_MACHINE_METHOD) in a language. */
export function methodText(lang: Lang = 'en', crossMachine = false): string {
  // The English catalogue holds the constants' text (verdict-stats.test.ts checks it), so every language reads it there.
  return translator(lang)(crossMachine ? 'common:compare.methodCross' : 'common:compare.method');
}

/** The level of an interval as a percentage ("95%", "98.75%"). */
export function levelText(level: number): string {
  return `${Number((level * 100).toFixed(2))}%`;
}

/** A comparison's verdict counts as one line in a language ("1 worse, 3 within noise · 9 supporting metrics, not voting"; "No significant change — …" when nothing was flagged). */
export function summaryLine(
  s: Pick<CompareSummary, 'better' | 'worse' | 'noise' | 'undecided' | 'onlyOne'> & { supporting?: number },
  lang: Lang = 'en',
): string {
  const t = translator(lang);
  const flagged = s.better + s.worse > 0;
  const parts = flagged ? [t('common:compare.better', { count: s.better }), t('common:compare.worse', { count: s.worse })] : [];
  parts.push(t('common:compare.noise', { count: s.noise }));
  if (s.undecided) parts.push(t('common:compare.undecided', { count: s.undecided }));
  if (s.onlyOne) parts.push(t('common:compare.onlyOne', { count: s.onlyOne }));
  const counts = parts.join(t('common:compare.joiner'));
  const line = flagged ? counts : t('common:compare.noChange', { counts });
  return s.supporting ? t('common:compare.withSupporting', { line, count: s.supporting }) : line;
}
