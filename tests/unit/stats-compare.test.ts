import { describe, expect, it } from 'vitest';
import { summarize } from '../../electron/measurement/trial-stats.js';
import { compareRuns } from '../../electron/engine/compare.js';
import { makeRun, result } from '../helpers/make-run.js';

describe('summarize', () => {
  it('reports median, min, max and n of an odd count', () => {
    expect(summarize([3, 1, 2])).toEqual({ median: 2, min: 1, max: 3, n: 3 });
  });
  it('takes the mean of the middle two for an even count', () => {
    expect(summarize([10, 40, 20, 30])).toEqual({ median: 25, min: 10, max: 40, n: 4 });
  });
  it('ignores non-finite values and refuses an empty set', () => {
    expect(summarize([NaN, 5, Infinity]).n).toBe(1);
    expect(() => summarize([])).toThrow(/no finite values/);
  });
});

describe('compareRuns', () => {
  const a = makeRun('a', '2026-11-21T10:00:00Z', [result('rand-read', 'native', { read_iops: [8213, 8190, 8240], clat_p50_us: [3490, 3510, 3470] })]);
  const b = makeRun('b', '2026-11-21T11:00:00Z', [
    result('rand-read', 'native', { read_iops: [9425, 9400, 9450], clat_p50_us: [2933, 2950, 2910] }),
    result('seq-write', 'native', { write_MBps: [500, 510, 505] }),
  ]);

  it('gives one change per metric, the ratio, with its percent derived from it (the IOPS of the io_uring article in docs/evidence.md)', () => {
    const cmp = compareRuns(a, b);
    const iops = cmp.rows.find((r) => r.metric === 'read_iops')!;
    expect(iops).toMatchObject({ medianA: 8213, medianB: 9425, primary: true, verdict: 'better', improved: true });
    // Before and after are the geometric means of the trials: the ratio is exactly theirs.
    expect(iops.ratio! / (iops.b! / iops.a!)).toBeCloseTo(1, 12);
    expect(iops.ratio).toBeCloseTo(1.1476, 3);
    expect(iops.pct).toBeCloseTo((iops.ratio! - 1) * 100, 10);
    // The latency percentile of the same fio job is shown with its ratio but does not vote.
    const p50 = cmp.rows.find((r) => r.metric === 'clat_p50_us')!;
    expect(p50).toMatchObject({ primary: false, verdict: 'supporting', improved: null });
    expect(p50.ratio).toBeCloseTo(0.8398, 3);
    expect(p50.pct).toBeCloseTo((p50.ratio! - 1) * 100, 10);
  });
  it('keeps metrics present on one side only, without a change', () => {
    const row = compareRuns(a, b).rows.find((r) => r.metric === 'write_MBps')!;
    expect(row).toMatchObject({ a: null, medianB: 505, pct: null, ratio: null, improved: null, verdict: 'only-after' });
  });
  it('calls small changes neither better nor worse', () => {
    const c = makeRun('c', '2026-11-21T12:00:00Z', [result('rand-read', 'native', { read_iops: [8250, 8230, 8270], clat_p50_us: [3490, 3500, 3480] })]);
    expect(compareRuns(a, c).rows.find((r) => r.metric === 'read_iops')!).toMatchObject({ improved: null, verdict: 'noise' });
  });
});

describe('compareRuns: settings changed between the runs (what an apply did)', () => {
  it('lists each differing setting of a target present in both runs', () => {
    const before = makeRun('a', '2026-11-21T10:00:00Z', [result('rand-read', 'native', { read_iops: [8213] })]);
    const after = makeRun('b', '2026-11-21T11:00:00Z', [result('rand-read', 'native', { read_iops: [9425] })]);
    before.targets[0].settings = { diskIo: 'default', nicModel: 'rtl8139', cpus: 2 };
    after.targets[0].settings = { diskIo: 'io_uring', nicModel: 'rtl8139', cpus: 2, iothreads: 1 };
    expect(compareRuns(before, after).settings).toEqual([
      { target: 'local', setting: 'diskIo', a: 'default', b: 'io_uring' },
      { target: 'local', setting: 'iothreads', a: null, b: 1 },
    ]);
  });
});

describe('buildPlan', () => {
  it('runs disk tests in every place, net once per guest (its guest place)', async () => {
    const { buildPlan } = await import('../../electron/engine/bench/runner.js');
    const transport = (places: ('native' | 'shared' | 'guest')[]) => ({
      places: () => places,
      placeDir: () => '/x',
      run: async () => ({ exitCode: 0, cancelled: false, timedOut: false }),
    });
    const plan = buildPlan({ suite: 'quick', tests: ['rand-read', 'net'] }, [
      { id: 'local', runtime: 'local', label: 'This machine', settings: {}, transport: transport(['native']) },
      { id: 'libvirt:web', runtime: 'libvirt:web', label: 'web', settings: {}, transport: transport(['shared', 'guest']) },
    ]);
    expect(plan.map((p) => `${p.target} ${p.place} ${p.test}`)).toEqual([
      'local native rand-read',
      'local native net',
      'libvirt:web shared rand-read',
      'libvirt:web guest rand-read',
      'libvirt:web guest net',
    ]);
  });
});
