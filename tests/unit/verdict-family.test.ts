/**
 * The family-wise verdict (verdict-family.ts) as a property of the real compare: pure noise across
 * the whole family of metrics of a comparison (every metric of the default suite's tests, in every
 * place, with the suites' real trial counts) is called a change in at most the stated rate, and a
 * real change is still found. Pairs are generated from a fixed seed, so the test is deterministic;
 * the bound allows for the finite number of pairs (a binomial upper quantile, computed below).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Place, Suite, TestId } from '../../electron/contract/contract.js';
import { compareRuns } from '../../electron/engine/compare.js';
import { defaultTests, preset } from '../../electron/measurement/plan-estimate.js';
import { decidable, decideFamily, primaryMetric } from '../../electron/measurement/verdict-family.js';
import { VERDICT_METHOD } from '../../electron/measurement/verdict-stats.js';
import { makeRun, result } from '../helpers/make-run.js';

/** Every metric each test reports (the metric names of docs/bench-protocol.md). */
const METRICS: Partial<Record<TestId, string[]>> = {
  'seq-write': ['write_MBps'],
  'seq-read': ['read_MBps'],
  'rand-read': ['read_iops', 'read_MBps', 'clat_p50_us', 'clat_p70_us', 'clat_p90_us', 'clat_p95_us', 'clat_p99_us'],
  'small-files': ['create_per_s', 'stat_per_s', 'read_per_s', 'delete_per_s'],
};
const TESTS = defaultTests('quick') as TestId[];

/** How the trials of one metric scatter: the shapes benchmark trials take. */
type Shape = 'lognormal' | 'normal' | 'skewed' | 'uniform' | 'outlier' | 'bimodal' | 'log-t3';
const SHAPES: Shape[] = ['lognormal', 'normal', 'skewed', 'uniform', 'outlier', 'bimodal', 'log-t3'];

/** mulberry32: a small deterministic PRNG for the trial values. */
function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function gauss(r: () => number): number {
  return Math.sqrt(-2 * Math.log(1 - r())) * Math.cos(2 * Math.PI * r());
}

/** One trial of a metric whose typical value is `base` and relative spread `cv`. */
function draw(shape: Shape, base: number, cv: number, r: () => number): number {
  switch (shape) {
    case 'lognormal':
      return base * Math.exp(cv * gauss(r));
    case 'normal':
      return Math.max(base * 1e-3, base * (1 + cv * gauss(r)));
    case 'skewed': // a latency-like right tail
      return base * (1 - cv + cv * -Math.log(1 - r()));
    case 'uniform':
      return base * (1 + cv * Math.sqrt(3) * (2 * r() - 1));
    case 'outlier': // now and then a slow trial (another job ran meanwhile)
      return base * (1 + (cv / 3) * gauss(r)) * (r() < 0.2 ? 1 + 5 * cv : 1);
    case 'bimodal': // cache hit or miss
      return base * (r() < 0.5 ? 1 : 1 + 2 * cv) * (1 + (cv / 5) * gauss(r));
    case 'log-t3': {
      // Student's t with 3 degrees of freedom on the log scale: heavy tails (a trial now and then far off).
      const chi2 = gauss(r) ** 2 + gauss(r) ** 2 + gauss(r) ** 2;
      return base * Math.exp((cv * gauss(r)) / Math.sqrt(chi2 / 3));
    }
  }
}

/** One generated comparison: suite, places, and per metric a shape and a spread. */
interface PairSpec {
  suite: Suite;
  places: Place[];
  seed: number;
  shapes: Shape[];
  cvs: number[];
}

const pairSpec = fc.record({
  suite: fc.constantFrom<Suite>('quick', 'quick', 'standard', 'thorough'),
  places: fc.constantFrom<Place[]>(['native'], ['native', 'shared', 'guest']),
  seed: fc.integer({ min: 1, max: 2 ** 31 - 1 }),
  shapes: fc.array(fc.constantFrom(...SHAPES), { minLength: 64, maxLength: 64 }),
  cvs: fc.array(fc.constantFrom(0.01, 0.03, 0.08, 0.15, 0.3), { minLength: 64, maxLength: 64 }),
});

/** Two runs of the same setup (A/A), or B with some metrics scaled by `shift` (metric -> factor). */
function pair(spec: PairSpec, shift: Record<string, number> = {}): ReturnType<typeof compareRuns> {
  const r = rng(spec.seed);
  const sides = [[], []] as ReturnType<typeof result>[][];
  let i = 0;
  for (const place of spec.places) {
    for (const test of TESTS) {
      const metrics = METRICS[test] ?? [];
      const n = preset(spec.suite, test).trials;
      const samples: [Record<string, number[]>, Record<string, number[]>] = [{}, {}];
      for (const m of metrics) {
        const shape = spec.shapes[i % 64];
        const cv = spec.cvs[i % 64];
        i++;
        const base = 100 + 10000 * r();
        for (const side of [0, 1] as const) samples[side][m] = Array.from({ length: n }, () => draw(shape, base, cv, r) * (side === 1 ? (shift[m] ?? 1) : 1));
      }
      sides[0].push(result(test, place, samples[0]));
      sides[1].push(result(test, place, samples[1]));
    }
  }
  return compareRuns(makeRun('a', '2026-01-01T00:00:00Z', sides[0]), makeRun('b', '2026-01-01T01:00:00Z', sides[1]));
}

/** The smallest k with P(Binomial(n, p) <= k) >= q: how many false families a rate p allows in n pairs, at confidence q. */
function binomialUpper(n: number, p: number, q: number): number {
  let cdf = 0;
  let pmf = Math.pow(1 - p, n);
  for (let k = 0; k <= n; k++) {
    cdf += pmf;
    if (cdf >= q) return k;
    pmf *= ((n - k) / (k + 1)) * (p / (1 - p));
  }
  return n;
}

const flagged = (cmp: ReturnType<typeof compareRuns>): boolean => cmp.rows.some((r) => r.verdict === 'better' || r.verdict === 'worse');
const PAIRS = 1000;
const specs = fc.sample(pairSpec, { seed: 24, numRuns: PAIRS });

// A thousand comparisons take a few seconds; the machine is shared, so the limit is generous (no time is asserted).
describe('family-wise verdict: pure noise across the whole family', { timeout: 60_000 }, () => {
  it('calls any metric of an A/A comparison better or worse in at most the stated rate of pairs', () => {
    const alpha = VERDICT_METHOD.alpha;
    const false_ = specs.filter((s) => flagged(pair(s))).length;
    // If the true rate were alpha, more than this many flagged pairs would happen with probability < 0.1%.
    const allowed = binomialUpper(PAIRS, alpha, 0.999);
    expect(allowed).toBeLessThan(PAIRS * 0.08);
    expect(false_).toBeLessThanOrEqual(allowed);
  });

  it('states the family, its per-test level and the interval level with every comparison', () => {
    const cmp = pair({ ...specs[0], suite: 'quick', places: ['native'] });
    expect(cmp.method).toMatchObject({ alpha: 0.05, correction: 'bonferroni-primary', family: 4, perTestAlpha: 0.0125, level: 0.9875 });
    // 13 metrics, one voting per test: 4 voting, 9 shown but not voting.
    expect(cmp.rows).toHaveLength(13);
    expect(
      cmp.rows
        .filter((r) => r.primary)
        .map((r) => r.metric)
        .sort(),
    ).toEqual(['create_per_s', 'read_MBps', 'read_iops', 'write_MBps']);
    expect(cmp.summary.supporting).toBe(9);
  });
});

describe('family-wise verdict: a real change is still found', { timeout: 60_000 }, () => {
  const spread =
    (max: number) =>
    (s: PairSpec): PairSpec => ({ ...s, cvs: s.cvs.map((c) => Math.min(c, max)) });
  const iopsWorse = (s: PairSpec): boolean =>
    pair(s, { read_iops: 0.5 })
      .rows.filter((r) => r.metric === 'read_iops')
      .every((r) => r.verdict === 'worse');

  it('flags a 2× drop of random-read IOPS with the quick suite (3 trials, 4 voting metrics, up to 8% spread) in at least 80% of pairs', () => {
    const quick = specs.slice(0, 300).map((s) => spread(0.08)({ ...s, suite: 'quick', places: ['native'] }));
    expect(quick.filter(iopsWorse).length / quick.length).toBeGreaterThanOrEqual(0.8);
  });

  it('always flags it with the thorough suite (7 trials), even in a family of 12 voting metrics', () => {
    const thorough = specs.slice(0, 200).map((s) => spread(0.08)({ ...s, suite: 'thorough', places: ['native', 'shared', 'guest'] }));
    expect(thorough.filter(iopsWorse)).toHaveLength(thorough.length);
  });

  it('always reads the throttle tests as worse with the quick suite: 100× fewer random-read IOPS, 20× fewer MB/s written', () => {
    for (const s of specs.slice(0, 200).map((x) => spread(0.08)({ ...x, suite: 'quick' }))) {
      const cmp = pair(s, { read_iops: 0.01, write_MBps: 0.05 });
      for (const m of ['read_iops', 'write_MBps']) expect(cmp.rows.filter((r) => r.metric === m).map((r) => r.verdict)).toEqual(s.places.map(() => 'worse'));
    }
  });
});

describe('the family rule, item by item', () => {
  it('the headline metric votes when the result has it, else the first known metric it has, else none', () => {
    expect(primaryMetric('rand-read', ['clat_p99_us', 'read_iops'])).toBe('read_iops');
    // Without its headline metric a result is not voted for by a metric it does not have.
    expect(primaryMetric('rand-read', ['no_such_metric', 'read_MBps'])).toBe('read_MBps');
    expect(primaryMetric('rand-read', ['clat_p99_us', 'read_MBps', 'no_such_metric'])).toBe('read_MBps');
    expect(primaryMetric('rand-read', [])).toBeNull();
  });

  it('a comparison is decided only with three trials on each side', () => {
    expect(decidable([1, 2, 3], [1, 2, 3])).toBe(true);
    expect(decidable([1, 2], [1, 2, 3])).toBe(false);
    expect(decidable([1, 2, 3], [1, 2])).toBe(false);
  });

  it('across machines, a comparison whose baselines are too few does not count in the family', () => {
    const trials = [100, 101, 99];
    const decision = decideFamily([
      { a: trials, b: trials, primary: true, base: { a: trials, b: trials } },
      { a: trials, b: trials, primary: true, base: { a: trials, b: [100, 101] } },
    ]);
    expect(decision.family).toBe(1);
    expect(decision.level).toBeCloseTo(0.95);
    expect(decision.calls[1].call).toBe('undecided');
  });
});
