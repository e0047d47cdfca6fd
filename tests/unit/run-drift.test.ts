// Run-to-run drift: two runs of the same setup differ by more than the trials of either show (the page cache, the files'
// layout, the pace of the host's disk). verdict-stats.ts runToRunDrift reads it from A/A pairs; each test's `drift` in the
// catalogue is what Compare adds to both sides of two runs (welchLogRatio). Checked here against A/A rounds recorded on the
// development machine (tests/fixtures/aa-runs/, README.md there): the catalogue's drift is at least what each round shows,
// and Compare replayed on their calm pairs (all but the few that met a slow phase of the host's disk, wildPairs) flags them
// no more often than its family-wise rate allows, where without the drift it flagged more.
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Run } from '../../electron/contract/contract.js';
import { TEST_CATALOGUE, testSpec } from '../../electron/contract/test-catalogue.js';
import { compareRuns } from '../../electron/engine/compare.js';
import { decideFamily } from '../../electron/measurement/verdict-family.js';
import { runToRunDrift } from '../../electron/measurement/verdict-stats.js';
import { summarize } from '../../electron/measurement/trial-stats.js';

const median = (xs: number[]): number => summarize(xs).median;

describe('the drift that pairs of runs of the same setup show', () => {
  const pair = (d: number, a: number[] = [100, 100]): { a: number[]; b: number[] } => ({ a, b: a.map((x) => x * Math.exp(d)) });

  it('is the spread of the pairs’ log differences, per run, from their median absolute value', () => {
    // |d| = 0.1 in every pair, no spread within a run: var(d) = (0.1 / 0.6745)², drift = sqrt(var(d) / 2).
    const drift = runToRunDrift([pair(0.1), pair(-0.1), pair(0.1), pair(-0.1)])!;
    expect(drift).toBeCloseTo(Math.sqrt((0.1 / 0.6745) ** 2 / 2), 12);
    // An odd count takes the middle one; an even count the mean of the two middle ones.
    expect(runToRunDrift([pair(0.1), pair(0.3), pair(-0.2)])).toBeCloseTo(Math.sqrt((0.2 / 0.6745) ** 2 / 2), 12);
    expect(runToRunDrift([pair(0.1), pair(0.3), pair(-0.2), pair(0.4)])).toBeCloseTo(Math.sqrt((0.25 / 0.6745) ** 2 / 2), 12);
  });

  it('is not moved far by one wild pair (a slow phase of the host’s disk)', () => {
    const calm = [pair(0.05), pair(-0.05), pair(0.05), pair(-0.05), pair(0.05)];
    expect(runToRunDrift([...calm, pair(Math.log(4))])).toBeCloseTo(runToRunDrift(calm)!, 12);
  });

  it('leaves out what the trials of each run already show, and is 0 when they show it all', () => {
    // Each side's trials e^±0.1 around its centre: log variance 0.02 over 2 trials, so 0.01 a side, 0.02 a pair.
    const spread = (d: number): { a: number[]; b: number[] } => ({ a: [Math.exp(-0.1), Math.exp(0.1)], b: [Math.exp(d - 0.1), Math.exp(d + 0.1)] });
    const pairs = [spread(0.3), spread(-0.3), spread(0.3)];
    expect(runToRunDrift(pairs)).toBeCloseTo(Math.sqrt(((0.3 / 0.6745) ** 2 - 0.02) / 2), 12);
    expect(runToRunDrift([spread(0.05), spread(-0.05), spread(0.05)])).toBe(0);
  });

  it('is not formed from fewer than 3 pairs, or from a pair with one trial or a trial at zero', () => {
    expect(runToRunDrift([pair(0.1), pair(0.1)])).toBeNull();
    expect(runToRunDrift([pair(0.1), pair(0.1), { a: [100], b: [100, 101] }])).toBeNull();
    expect(runToRunDrift([pair(0.1), pair(0.1), { a: [100, 0], b: [100, 101] }])).toBeNull();
    expect(runToRunDrift([pair(0.1), pair(0.1), pair(0.1)])).not.toBeNull();
  });
});

/** A recorded A/A round: pairs of two runs of the same setup (a control pair) or one with set-up ahead and one without. */
interface Round {
  source: string;
  pairs: { kind: 'test' | 'control'; a: Run; b: Run }[];
}
const dir = new URL('../fixtures/aa-runs/', import.meta.url);
const rounds = readdirSync(dir)
  .filter((f) => f.endsWith('.json'))
  .map((f) => ({ file: f, ...(JSON.parse(readFileSync(new URL(f, dir), 'utf8')) as Round) }));

/** The voting trials of one pair: each target, place and test measured in both runs, with its primary metric's trials. */
function votingItems(a: Run, b: Run): { key: string; test: string; a: number[]; b: number[] }[] {
  const items = [];
  for (const ta of a.targets) {
    const tb = b.targets.find((t) => t.id === ta.id);
    for (const ra of ta.results) {
      const rb = tb?.results.find((r) => r.test === ra.test && r.place === ra.place);
      const metric = testSpec(ra.test)!.primary;
      if (rb?.samples[metric] && ra.samples[metric])
        items.push({ key: `${ta.id} ${ra.place} ${ra.test}`, test: ra.test, a: ra.samples[metric], b: rb.samples[metric] });
    }
  }
  return items;
}

/**
 * The wild pairs of a round (from 0): a step of either run whose median is under half, or over twice, the median of the
 * round's steps at that place and test. A slow phase of the host's disk for most of a step: its trials agree with each
 * other, so no rule on them can tell it from a real change, and it is no part of the run-to-run drift that Compare allows.
 */
function wildPairs(round: Round): Set<number> {
  const steps = round.pairs.flatMap((p, i) =>
    votingItems(p.a, p.b).flatMap((x) => [
      { i, key: x.key, m: median(x.a) },
      { i, key: x.key, m: median(x.b) },
    ]),
  );
  const typical = new Map([...new Set(steps.map((s) => s.key))].map((k) => [k, median(steps.filter((s) => s.key === k).map((s) => s.m))]));
  return new Set(steps.filter((s) => s.m < typical.get(s.key)! / 2 || s.m > typical.get(s.key)! * 2).map((s) => s.i));
}

/** What the family-wise rule flags in a pair, with each test's drift or with none. */
function flags(items: ReturnType<typeof votingItems>, withDrift: boolean): string[] {
  const d = decideFamily(items.map((x) => ({ a: x.a, b: x.b, primary: true, drift: withDrift ? testSpec(x.test)!.drift : 0 })));
  return items.filter((_, i) => d.calls[i].call === 'higher' || d.calls[i].call === 'lower').map((x) => x.key);
}

/** The smallest k with P(X <= k) >= 0.99 for X ~ Binomial(n, p): how many of n pairs pure noise may flag at a rate p. */
function binomialQ99(n: number, p: number): number {
  let cdf = 0;
  for (let k = 0; k <= n; k++) {
    let c = 1;
    for (let i = 0; i < k; i++) c = (c * (n - i)) / (i + 1);
    cdf += c * p ** k * (1 - p) ** (n - k);
    if (cdf >= 0.99) return k;
  }
  return n;
}

describe('the allowance for a round of few pairs', () => {
  it('is the binomial 99th percentile', () => {
    expect([binomialQ99(6, 0.05), binomialQ99(16, 0.05), binomialQ99(16, 0.5)]).toEqual([2, 3, 13]);
  });
});

describe('the wild pairs', () => {
  it('are those the rounds’ sources describe: one run’s step at under half or over twice the round’s median', () => {
    const wild = Object.fromEntries(rounds.map((r) => [r.file, [...wildPairs(r)].map((i) => i + 1)]));
    expect(wild).toEqual({
      'overlap-headlines-2026-11-29.json': [3, 4, 5, 12],
      'overlap-headlines-2026-11-29-b.json': [9],
      'quick-native-2026-11-29.json': [1],
    });
  });
});

describe('the catalogue’s drift', () => {
  it('is, for a test no round measured, the largest of those measured', () => {
    const measured = new Set(rounds.flatMap((r) => r.pairs.flatMap((p) => votingItems(p.a, p.b).map((x) => x.test))));
    const largest = Math.max(...[...measured].map((t) => testSpec(t)!.drift));
    for (const e of TEST_CATALOGUE) if (!measured.has(e.id)) expect(e.drift, e.id).toBe(largest);
  });
});

describe.each(rounds)('the recorded A/A round $file', (round) => {
  it('is a round of at least 5 pairs, with its source', () => {
    expect(round.source.length).toBeGreaterThan(40);
    expect(round.pairs.length).toBeGreaterThanOrEqual(5);
  });

  it('shows no test drifting by more than the catalogue’s drift', () => {
    const byKey = new Map<string, { test: string; pairs: { a: number[]; b: number[] }[] }>();
    for (const p of round.pairs) {
      for (const x of votingItems(p.a, p.b)) byKey.set(x.key, { test: x.test, pairs: [...(byKey.get(x.key)?.pairs ?? []), x] });
    }
    expect(byKey.size).toBeGreaterThan(0);
    for (const [key, { test, pairs }] of byKey) {
      const shown = runToRunDrift(pairs);
      expect(shown, key).not.toBeNull();
      expect(testSpec(test)!.drift, `${key}: ${pairs.length} pairs show ${(shown! * 100).toFixed(1)}%`).toBeGreaterThanOrEqual(shown!);
    }
  });

  it('is flagged by Compare, with the drift, in no more pairs than its rate allows, where without it more were', () => {
    const flagged = round.pairs.map((p) => compareRuns(p.a, p.b).rows.filter((r) => r.primary && (r.verdict === 'better' || r.verdict === 'worse')));
    // Compare gives the same flags as the family rule with the catalogue's drift, and its rows carry that drift.
    round.pairs.forEach((p, i) => {
      expect(flagged[i].map((r) => `${r.target} ${r.place} ${r.test}`).sort()).toEqual(flags(votingItems(p.a, p.b), true).sort());
      for (const r of flagged[i]) expect(r.drift).toBe(testSpec(r.test)!.drift);
    });
    const wild = wildPairs(round);
    expect(wild.size, 'most of a round is calm').toBeLessThan(round.pairs.length / 3);
    const calm = round.pairs.map((p, i) => ({ p, i })).filter(({ i }) => !wild.has(i));
    const withDrift = calm.filter(({ i }) => flagged[i].length > 0).length;
    const without = calm.filter(({ p }) => flags(votingItems(p.a, p.b), false).length > 0).length;
    // Pure noise flags a pair at a rate of at most 5% (the family-wise rate); the wild pairs met a disturbance (wildPairs).
    expect(withDrift, `${withDrift} of ${calm.length} calm pairs flagged (${without} without the drift)`).toBeLessThanOrEqual(binomialQ99(calm.length, 0.05));
  });
});

describe('without the drift', () => {
  it('the calm pairs of some round are flagged beyond the rate: the drift is what keeps two runs of one setup from reading as a change', () => {
    const over = rounds.filter((round) => {
      const wild = wildPairs(round);
      const calm = round.pairs.filter((_, i) => !wild.has(i));
      return calm.filter((p) => flags(votingItems(p.a, p.b), false).length > 0).length > binomialQ99(calm.length, 0.05);
    });
    expect(over.map((r) => r.file)).not.toEqual([]);
  });
});
