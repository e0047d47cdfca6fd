// perf's app-vs-by-hand measurement (scripts/perf-abab.mjs, issue 30) must not let order fake a ratio: each side
// runs after a settle, and the side that goes first alternates from pair to pair, so that an effect of going
// first (or second) falls on both sides alike. The world here is made up on purpose: the run that goes first in
// a pair measures 10% more, whichever side it is; app and by hand are otherwise the same.
import { describe, expect, it } from 'vitest';
import { DEFAULT_PAIRS, abab, type SettleReport } from '../../scripts/perf-abab.mjs';

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
    expect(w.calls).toEqual(['settle', 'app 1 shared', 'settle', 'hand 1 shared', 'settle', 'app 1 guest', 'settle', 'hand 1 guest', 'settle', 'hand 2 shared', 'settle', 'app 2 shared', 'settle', 'hand 2 guest', 'settle', 'app 2 guest']);
    // Each pair's line names the sides in the order they ran.
    expect(lines[0]).toMatch(/^shared pair 1: app .* \| {2}by hand /);
    expect(lines[2]).toMatch(/^shared pair 2: by hand .* \| {2}app /);
  });

  it('one app run for every place: by hand in each place, then the app, in even pairs', async () => {
    const w = world(['shared', 'guest']);
    await abab({ places: ['shared', 'guest'], pairs: 2, app: w.app, byHand: w.byHand, settleIn: w.settleIn, say: () => undefined });
    expect(w.calls).toEqual(['settle', 'app 1', 'settle', 'hand 1 shared', 'settle', 'hand 1 guest', 'settle', 'hand 2 shared', 'settle', 'hand 2 guest', 'settle', 'app 2']);
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
});
