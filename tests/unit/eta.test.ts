import { describe, expect, it } from 'vitest';
import type { EtaRise } from '../../electron/contract/contract.js';
import { EtaTracker } from '../../electron/engine/bench/eta';

interface Seen {
  t: number;
  eta: number;
  rise?: EtaRise;
}

/** Replays a run: steps with an estimate and the time they really took, progress at a step's start and after every trial of 3. */
function replay(steps: { estimate: number; actual: number; added?: number }[]): Seen[] {
  const total = steps.reduce((a, s) => a + s.estimate, 0);
  const tracker = new EtaTracker(total);
  const out: Seen[] = [];
  let done = 0;
  let t = 0;
  for (const [i, s] of steps.entries()) {
    tracker.stepStarted(i, s.estimate, done, t);
    const trials = 3 + (s.added ?? 0);
    const per = s.estimate / 3;
    for (let trial = 0; trial < trials; trial++) {
      if (trial === 3) tracker.grow(per * (s.added ?? 0), s.added ?? 0, done + s.estimate, t);
      const u = tracker.next(done + per * trial, t);
      out.push({ t, eta: u.etaSec, ...(u.rise ? { rise: u.rise } : {}) });
      t += s.actual / trials;
    }
    done += s.estimate + per * (s.added ?? 0);
  }
  const u = tracker.next(done, t);
  out.push({ t, eta: u.etaSec, ...(u.rise ? { rise: u.rise } : {}) });
  return out;
}

/** The updates at which the ETA went up against the countdown of the one before (1 s of rounding allowed). */
function rises(seen: Seen[]): Seen[] {
  return seen.filter((s, i) => i > 0 && s.eta > Math.max(0, seen[i - 1].eta - (s.t - seen[i - 1].t)) + 1);
}

describe('EtaTracker', () => {
  it('counts down the estimate when steps take as long as estimated, and never says it rose', () => {
    const seen = replay(Array.from({ length: 8 }, () => ({ estimate: 12, actual: 12 })));
    expect(seen[0].eta).toBe(96);
    for (const s of seen) expect(Math.abs(s.eta - (96 - s.t))).toBeLessThanOrEqual(1);
    expect(seen.at(-1)!.eta).toBe(0);
    expect(seen.filter((s) => s.rise)).toEqual([]);
  });

  it('rises only when a step overran, once per overrun, and says which step and by how much (seen: 3m32 -> 5m55, 1m26s then 44 s)', () => {
    const steps = [
      ...Array.from({ length: 4 }, () => ({ estimate: 5, actual: 5 })),
      { estimate: 38, actual: 120 }, // a guest's rand-read much slower than on the reference disk
      ...Array.from({ length: 8 }, () => ({ estimate: 10, actual: 10 })),
    ];
    const seen = replay(steps);
    // Every rise carries its reason, and every reason is a rise.
    for (const r of rises(seen)) expect(r.rise).toBeDefined();
    const reasons = seen.filter((s) => s.rise).map((s) => s.rise!);
    expect(reasons.length).toBeGreaterThan(0);
    for (const r of reasons) {
      expect(r).toMatchObject({ why: 'overrun', step: 4 });
      if (r.why === 'overrun') expect(r.tookSec).toBeGreaterThan(r.expectedSec);
    }
    expect(seen.at(-1)!.eta).toBe(0);
  });

  it('holds instead of rising while the slow step has not used its allowance yet', () => {
    // Everything 1.5x slower than planned: the ETA stops counting down inside a step until that step
    // overruns, so it never shows 0 while work remains.
    const seen = replay(Array.from({ length: 6 }, () => ({ estimate: 10, actual: 15 })));
    for (const r of rises(seen)) expect(r.rise?.why).toBe('overrun');
    for (const s of seen.slice(0, -1)) expect(s.eta).toBeGreaterThan(0);
    // Near the end it is not far from what is really left: the measured pace is used after a rise.
    const late = seen.length - 4;
    const realLeft = seen.at(-1)!.t - seen[late].t;
    expect(seen[late].eta).toBeGreaterThanOrEqual(realLeft * 0.6);
    expect(seen[late].eta).toBeLessThanOrEqual(realLeft * 1.5);
  });

  it('after fast steps a step at the plan speed overruns the shorter allowance: the ETA rises with it and never sits at 0 while work remains', () => {
    const seen = replay([
      { estimate: 20, actual: 8 },
      { estimate: 20, actual: 8 },
      { estimate: 20, actual: 20 },
      { estimate: 20, actual: 20 },
    ]);
    for (const s of seen.slice(0, -1)) expect(s.eta).toBeGreaterThan(0);
    // The rise comes from a step that ran at the plan's speed (2 or 3: the first fast steps lowered the ETA gradually).
    const risen = seen.filter((s) => s.rise).map((s) => s.rise!);
    expect(risen.length).toBeGreaterThan(0);
    for (const r of risen) expect(r).toMatchObject({ why: 'overrun', step: expect.toSatisfy((n: number) => n >= 2) });
    for (const r of rises(seen)) expect(r.rise).toBeDefined();
  });

  it('a step that adds trials raises the ETA with the number added', () => {
    const seen = replay([
      { estimate: 30, actual: 50, added: 2 }, // 5 trials at the plan's 10 s each
      { estimate: 30, actual: 30 },
    ]);
    const added = seen.filter((s) => s.rise?.why === 'added');
    expect(added.map((s) => s.rise)).toEqual([{ why: 'added', step: 0, trials: 2 }]);
    for (const r of rises(seen)) expect(r.rise).toBeDefined();
  });

  it('never goes below zero and ends at zero; faster steps only bring it down', () => {
    const seen = replay([
      { estimate: 60, actual: 5 },
      { estimate: 60, actual: 5 },
    ]);
    expect(seen.every((s) => s.eta >= 0)).toBe(true);
    expect(seen.at(-1)!.eta).toBe(0);
    expect(rises(seen)).toEqual([]);
  });
});
