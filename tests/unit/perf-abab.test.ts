// perf's app-vs-by-hand measurement (scripts/perf/perf-abab.mjs) must not let order fake a ratio: each side
// runs after a settle, and the side that goes first alternates from pair to pair, so that an effect of going
// first (or second) falls on both sides alike. The world here is made up on purpose: the run that goes first in
// a pair measures 10% more, whichever side it is; app and by hand are otherwise the same.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DEFAULT_PAIRS, GOAL_TOLERANCE, abab, goalText, ownSession, pairSpread, pairsForGoal, type SettleReport } from '../../scripts/perf/perf-abab.mjs';

const SETTLED: SettleReport = { ms: 100, settled: true, leftKiB: 0 };

/** A log of the calls, and app/byHand/settleIn that give the first run of each pair 10% more. */
function world(places: string[]) {
  const calls: string[] = [];
  const seenInPair = new Set<string>();
  const trials = (place: string, i: number): number[] => {
    const first = !seenInPair.has(`${i}:${place}`);
    seenInPair.add(`${i}:${place}`);
    return first ? [110, 111, 109] : [100, 101, 99];
  };
  return {
    calls,
    settleIn: () => (calls.push('settle'), SETTLED),
    app: (i: number, place?: string) => {
      calls.push(`app ${i}${place ? ` ${place}` : ''}`);
      return Object.fromEntries((place ? [place] : places).map((p) => [p, trials(p, i)]));
    },
    byHand: (i: number, place: string) => (calls.push(`hand ${i} ${place}`), trials(place, i)),
  };
}

describe('perf abab: counterbalanced pairs', () => {
  it('pairs an even number of times by default', () => {
    expect(DEFAULT_PAIRS % 2).toBe(0);
  });

  it('one app run per place: settles before each side, the app first in odd pairs and by hand first in even ones', async () => {
    const w = world(['shared', 'guest']);
    const lines: string[] = [];
    await abab({ places: ['shared', 'guest'], pairs: 2, appPerPlace: true, app: w.app, byHand: w.byHand, settleIn: w.settleIn, say: (l) => lines.push(l) });
    expect(w.calls).toEqual([
      'settle',
      'app 1 shared',
      'settle',
      'hand 1 shared',
      'settle',
      'app 1 guest',
      'settle',
      'hand 1 guest',
      'settle',
      'hand 2 shared',
      'settle',
      'app 2 shared',
      'settle',
      'hand 2 guest',
      'settle',
      'app 2 guest',
    ]);
    // Each pair's line names the sides in the order they ran.
    expect(lines[0]).toMatch(/^shared pair 1: app .* \| {2}by hand /);
    expect(lines[2]).toMatch(/^shared pair 2: by hand .* \| {2}app /);
  });

  it('one app run for every place: by hand in each place, then the app, in even pairs', async () => {
    const w = world(['shared', 'guest']);
    await abab({ places: ['shared', 'guest'], pairs: 2, app: w.app, byHand: w.byHand, settleIn: w.settleIn, say: () => undefined });
    expect(w.calls).toEqual([
      'settle',
      'app 1',
      'settle',
      'hand 1 shared',
      'settle',
      'hand 1 guest',
      'settle',
      'hand 2 shared',
      'settle',
      'hand 2 guest',
      'settle',
      'app 2',
    ]);
  });

  it('an effect of going first cancels out: each pair is off by 10%, the whole ratio is 1 and meets the goal', async () => {
    const w = world(['volume']);
    const lines: string[] = [];
    const all = await abab({ places: ['volume'], appPerPlace: true, app: w.app, byHand: w.byHand, settleIn: w.settleIn, say: (l) => lines.push(l) });
    expect(lines.filter((l) => / pair \d/.test(l)).map((l) => /ratio (\S+)×/.exec(l)?.[1])).toEqual(['1.10', '0.91', '1.10', '0.91']);
    expect(all.volume.estimate!.ratio).toBeCloseTo(1, 6);
    expect(all.volume.estimate!.lo).toBeLessThan(1);
    expect(all.volume.estimate!.hi).toBeGreaterThan(1);
    expect(lines.at(-1)).toMatch(/^volume all 4 pairs: app \/ by hand 1\.00× .* meets the goal$/);
  });

  it("reports the spread of the pairs' ratios with the verdict", async () => {
    const w = world(['volume']);
    const lines: string[] = [];
    const all = await abab({ places: ['volume'], appPerPlace: true, app: w.app, byHand: w.byHand, settleIn: w.settleIn, say: (l) => lines.push(l) });
    expect(all.volume.pairRatios.map((r) => r.toFixed(2))).toEqual(['1.10', '0.91', '1.10', '0.91']);
    // Each pair's trials as the ledger keeps them (scripts/perf/perf-ledger.mjs): the side that went first measured 10% more.
    expect(all.volume.pairTrials.map((p) => [p.pair, p.app, p.byHand])).toEqual([
      [1, [110, 111, 109], [100, 101, 99]],
      [2, [100, 101, 99], [110, 111, 109]],
      [3, [110, 111, 109], [100, 101, 99]],
      [4, [100, 101, 99], [110, 111, 109]],
    ]);
    expect(all.volume.pairTrials.map((p) => p.ratio)).toEqual(all.volume.pairRatios);
    expect(lines.at(-1)).toContain(`the pairs' ratios spread ±${(pairSpread(all.volume.pairRatios)! * 100).toFixed(1)}%: meets the goal`);
  });
});

// Recorded pairs of real rounds (npm run perf on the 2-CPU development machine, 2026-11-27): whether a ratio
// outside the tolerance is a difference or noise is the interval's call, and the verdict says which.
describe('perf abab: the verdict on a place', () => {
  it('meets the goal only with the ratio within the tolerance and an interval that includes 1', () => {
    expect(GOAL_TOLERANCE).toBe(0.05);
    expect(goalText({ ratio: 0.988, lo: 0.87, hi: 1.13 }, 0.124)).toBe('meets the goal');
    expect(goalText({ ratio: 1.05, lo: 0.98, hi: 1.12 }, 0.06)).toBe('meets the goal');
    expect(goalText(null, null)).toBe('n/a');
  });

  it('an interval that excludes 1 is a difference, whatever the ratio', () => {
    // Native seq-write of round A (pairs 1.10, 0.98, 1.04, 1.11): 1.055 [1.01–1.11].
    expect(goalText({ ratio: 1.055, lo: 1.01, hi: 1.11 }, 0.06)).toMatch(
      /^misses the goal .*: the interval excludes 1: by these trials, app and by hand differ$/,
    );
    expect(goalText({ ratio: 0.97, lo: 0.955, hi: 0.985 }, 0.01)).toMatch(/interval excludes 1/);
  });

  it('a ratio outside the tolerance with an interval that includes 1 is undecided, and says how many pairs would decide', () => {
    // Docker volume of session 18's round 2: pairs 1.28, 1.03, 0.98, 1.05; 1.081 [0.92–1.27].
    const spread = pairSpread([1.28, 1.03, 0.98, 1.05])!;
    expect(spread).toBeCloseTo(0.116, 2);
    const text = goalText({ ratio: 1.081, lo: 0.92, hi: 1.27 }, spread);
    expect(text).toMatch(/^misses the goal .*, undecided: the interval includes 1/);
    expect(text).toContain(`about ${pairsForGoal(spread)} pairs would pin the ratio to ±5%`);
  });

  it('pairs needed: (1.96 × spread / ln 1.05)², rounded up to an even count', () => {
    expect(pairsForGoal(0.116)).toBe(22); // 21.7 -> 22
    expect(pairsForGoal(0.205)).toBe(68); // 67.8 -> 68
    expect(pairsForGoal(0.001)).toBe(2);
    expect(pairSpread([1.1])).toBeNull();
    expect(pairSpread([1.1, 1.1])).toBe(0);
  });
});

describe('a by-hand program on this machine', () => {
  it("runs in a session of its own, as the app's scripts do (Linux's autogroups share the CPU between sessions)", () => {
    const [file, args] = ownSession('sh', ['-c', 'echo $$; cut -d" " -f6 /proc/$$/stat']);
    if (process.platform !== 'linux') return expect([file, args]).toEqual(['sh', ['-c', 'echo $$; cut -d" " -f6 /proc/$$/stat']]);
    const [pid, sid] = execFileSync(file, args, { encoding: 'utf8' }).trim().split('\n');
    // The session's leader is the program itself, not this test's session.
    expect(sid).toBe(pid);
    expect(Number(sid)).not.toBe(Number(readFileSync('/proc/self/stat', 'utf8').split(' ')[5]));
  });
});
