import { describe, expect, it } from 'vitest';
import { EtaTracker } from '../../electron/engine/bench/eta';

/** Replays a run: steps with an estimate and the time they really took, progress after every trial of 3. */
function replay(steps: { estimate: number; actual: number }[]): { t: number; eta: number }[] {
  const total = steps.reduce((a, s) => a + s.estimate, 0);
  const tracker = new EtaTracker(total);
  const out: { t: number; eta: number }[] = [];
  let done = 0;
  let t = 0;
  for (const s of steps) {
    for (let trial = 0; trial < 3; trial++) {
      out.push({ t, eta: tracker.next(done + (s.estimate * trial) / 3, t) });
      t += s.actual / 3;
    }
    done += s.estimate;
  }
  out.push({ t, eta: tracker.next(done, t) });
  return out;
}

describe('EtaTracker', () => {
  it('counts down the estimate when steps take as long as estimated', () => {
    const seen = replay(Array.from({ length: 8 }, () => ({ estimate: 12, actual: 12 })));
    expect(seen[0].eta).toBe(96);
    for (const s of seen) expect(Math.abs(s.eta - (96 - s.t))).toBeLessThanOrEqual(1);
    expect(seen.at(-1)!.eta).toBe(0);
  });

  it('does not jump when one step takes far longer than estimated (seen: 3m32 -> 5m55)', () => {
    const steps = [
      ...Array.from({ length: 4 }, () => ({ estimate: 5, actual: 5 })),
      { estimate: 38, actual: 120 }, // a guest's rand-read much slower than on the reference disk
      ...Array.from({ length: 8 }, () => ({ estimate: 10, actual: 14 })),
    ];
    const seen = replay(steps);
    for (let i = 1; i < seen.length; i++) {
      const countdown = Math.max(0, seen[i - 1].eta - (seen[i].t - seen[i - 1].t));
      // Each update moves at most a quarter of the way to the new raw value, and never by more than 40 s here.
      expect(Math.abs(seen[i].eta - countdown)).toBeLessThanOrEqual(40);
    }
    // It still learns the slower pace: two steps before the end (20 estimated seconds, 28 real ones left)
    // the ETA is above the bare estimate and not far from what is really left.
    const late = seen.length - 7;
    const realLeft = seen.at(-1)!.t - seen[late].t;
    expect(realLeft).toBeCloseTo(28, 5);
    expect(seen[late].eta).toBeGreaterThan(20);
    expect(seen[late].eta).toBeLessThan(realLeft * 2); // the pace is the mean so far, slow step included
  });

  it('never goes below zero and ends at zero', () => {
    const seen = replay([
      { estimate: 60, actual: 5 },
      { estimate: 60, actual: 5 },
    ]);
    expect(seen.every((s) => s.eta >= 0)).toBe(true);
    expect(seen.at(-1)!.eta).toBe(0);
  });
});
