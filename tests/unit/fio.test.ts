// fio JSON -> samples, replayed on real fio 3.33 output captured on this machine with the exact
// commands of the bench scripts (tests/fixtures/fio/README.md), plus garbage and old-format input.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fioSamples, type FioSample } from '../../electron/engine/bench/fio.js';

const text = (name: string): string => readFileSync(new URL(`../fixtures/fio/${name}.json`, import.meta.url), 'utf8');
/** The parts of fio's JSON output these tests read or change (the optional ones are deleted by some test). */
type Percentiles = Record<string, number>;
type FioSection = {
  bw: number;
  bw_bytes?: number;
  clat_ns?: { percentile?: Percentiles };
  lat_ns: { percentile?: Percentiles };
  clat?: { percentile: Percentiles };
};
type FioOutput = {
  jobs: { error?: number; read: FioSection; write: FioSection }[];
};
const fixture = (name: string): FioOutput => JSON.parse(text(name)) as FioOutput;
const asMap = (s: FioSample[]): Record<string, number> => Object.fromEntries(s.map((x) => [x.metric, x.value]));

describe('fioSamples on real fio 3.33 output', () => {
  it('seq-write: write_MBps from bw_bytes in 10^6 bytes/s', () => {
    expect(fioSamples('seq-write', fixture('seq-write'))).toEqual([{ metric: 'write_MBps', value: 2255.760134 }]);
  });

  it('seq-read: read_MBps', () => {
    expect(fioSamples('seq-read', fixture('seq-read'))).toEqual([{ metric: 'read_MBps', value: 2886.402752 }]);
  });

  it('rand-read: IOPS, MB/s and the clat percentiles in µs, in the order of docs/bench-protocol.md', () => {
    const s = fioSamples('rand-read', fixture('rand-read'));
    expect(s.map((x) => x.metric)).toEqual(['read_iops', 'read_MBps', 'clat_p50_us', 'clat_p70_us', 'clat_p90_us', 'clat_p95_us', 'clat_p99_us']);
    const m = asMap(s);
    expect(m.read_iops).toBeCloseTo(87756.624338, 5);
    expect(m.read_MBps).toBeCloseTo(359.464239, 6);
    expect(m.clat_p50_us).toBeCloseTo(317.44, 6);
    expect(m.clat_p70_us).toBeCloseTo(325.632, 6);
    expect(m.clat_p90_us).toBeCloseTo(354.304, 6);
    expect(m.clat_p95_us).toBeCloseTo(366.592, 6);
    expect(m.clat_p99_us).toBeCloseTo(1892.352, 6);
  });

  it('rand-write: its write section as its catalogue entry reads it: IOPS, MB/s and the clat percentiles in µs', () => {
    const s = fioSamples('rand-write', fixture('rand-write'));
    expect(s.map((x) => x.metric)).toEqual([
      'write_iops',
      'write_MBps',
      'write_clat_p50_us',
      'write_clat_p70_us',
      'write_clat_p90_us',
      'write_clat_p95_us',
      'write_clat_p99_us',
    ]);
    const m = asMap(s);
    expect(m.write_iops).toBeCloseTo(37978.382627, 5);
    expect(m.write_MBps).toBeCloseTo(155.571932, 6);
    expect(m.write_clat_p50_us).toBeCloseTo(399.36, 6);
    expect(m.write_clat_p70_us).toBeCloseTo(452.608, 6);
    expect(m.write_clat_p90_us).toBeCloseTo(798.72, 6);
    expect(m.write_clat_p95_us).toBeCloseTo(2998.272, 6);
    expect(m.write_clat_p99_us).toBeCloseTo(8585.216, 6);
  });

  it('rand-write on a read output (or rand-read on a write one) says the section did no I/O, not zero numbers', () => {
    expect(() => fioSamples('rand-write', fixture('rand-read'))).toThrow(/fio did no write I\/O/);
    expect(() => fioSamples('rand-read', fixture('rand-write'))).toThrow(/fio did no read I\/O/);
  });

  it('rand-write without its percentiles names the list to run fio with', () => {
    const f = fixture('rand-write');
    delete f.jobs[0].write.clat_ns!.percentile!['95.000000'];
    expect(() => fioSamples('rand-write', f)).toThrow('fio output has no 95th latency percentile (run fio with --percentile_list=50:70:90:95:99)');
  });

  it('accepts the output as text too (what a transport may hand over)', () => {
    expect(fioSamples('seq-write', text('seq-write'))).toEqual(fioSamples('seq-write', fixture('seq-write')));
  });

  it('two jobs: sums IOPS and bandwidth, takes percentiles from the job with the most ios', () => {
    const m = asMap(fioSamples('rand-read', fixture('rand-read-2jobs')));
    expect(m.read_iops).toBeCloseTo(46434.113177 + 46384.523095, 5);
    expect(m.read_MBps).toBeCloseTo((190206413 + 190003292) / 1e6, 6);
    // job 0 did 232217 ios, job 1 231969: job 0's p95 (403456 ns), not job 1's (399360 ns)
    expect(m.clat_p95_us).toBeCloseTo(403.456, 6);
    expect(m.clat_p99_us).toBeCloseTo(481.28, 6);
  });
});

describe('fioSamples on older or other fio layouts (derived from the real output)', () => {
  it('uses bw (KiB/s) when bw_bytes is absent', () => {
    const j = fixture('seq-read');
    const kib = j.jobs[0].read.bw;
    delete j.jobs[0].read.bw_bytes;
    expect(fioSamples('seq-read', j)).toEqual([{ metric: 'read_MBps', value: (kib * 1024) / 1e6 }]);
  });

  it('reads fio 2.x "clat" percentiles, which are in µs', () => {
    const j = fixture('rand-read');
    const r = j.jobs[0].read;
    r.clat = { percentile: Object.fromEntries(Object.entries(r.clat_ns!.percentile!).map(([k, v]) => [k, v / 1000])) };
    delete r.clat_ns;
    expect(asMap(fioSamples('rand-read', j)).clat_p50_us).toBeCloseTo(317.44, 6);
  });

  it('falls back to total-latency percentiles (lat_ns) when clat has none', () => {
    const j = fixture('rand-read');
    const r = j.jobs[0].read;
    r.lat_ns.percentile = { '50.000000': 400000, '70.000000': 500000, '90.000000': 600000, '95.000000': 700000, '99.000000': 900000 };
    delete r.clat_ns!.percentile;
    expect(asMap(fioSamples('rand-read', j)).clat_p99_us).toBe(900);
  });
});

describe('fioSamples refuses garbage with a clear error', () => {
  it.each([
    ['not JSON at all', 'fio: engine libaio not loadable', /not valid JSON/],
    ['truncated output', text('rand-read').slice(0, 2000), /not valid JSON \(truncated\?\)/],
    ['null', null, /not a JSON object/],
    ['a number', 42, /not a JSON object/],
    ['an array', [1, 2], /not a JSON object/],
    ['an object without jobs', { foo: 1 }, /unexpected shape at "jobs"/],
    ['jobs that is not an array', { jobs: 'x' }, /unexpected shape at "jobs"/],
    ['no jobs', { jobs: [] }, /no jobs/],
    ['a wrong type inside', { jobs: [{ read: { bw_bytes: 'fast' } }] }, /jobs\.0\.read\.bw_bytes/],
  ])('%s', (_name, input, message) => {
    expect(() => fioSamples('seq-read', input)).toThrow(message);
  });

  it('a failed job', () => {
    const j = fixture('seq-read');
    j.jobs[0].error = 5;
    expect(() => fioSamples('seq-read', j)).toThrow(/fio job "seq-read" failed with error 5/);
  });

  it('output of the wrong test (a write run given as a read)', () => {
    expect(() => fioSamples('seq-read', fixture('seq-write'))).toThrow(/fio did no read I\/O/);
    expect(() => fioSamples('rand-read', fixture('seq-write'))).toThrow(/fio did no read I\/O/);
  });

  it('missing percentiles', () => {
    const j = fixture('rand-read');
    delete j.jobs[0].read.clat_ns!.percentile;
    expect(() => fioSamples('rand-read', j)).toThrow(/no latency percentiles/);
    const k = fixture('rand-read');
    delete k.jobs[0].read.clat_ns!.percentile!['70.000000'];
    expect(() => fioSamples('rand-read', k)).toThrow(/no 70th latency percentile/);
  });

  it('a test fio does not measure', () => {
    expect(() => fioSamples('net', fixture('seq-read'))).toThrow(/does not apply to the net test/);
  });
});

describe('fioSamples on outputs shaped by hand', () => {
  /** A read section with the given fields. */
  const read = (s: Record<string, unknown>): Record<string, unknown> => ({ total_ios: 100, iops: 10, bw_bytes: 1e6, ...s });
  const clat = (p50: number): Record<string, unknown> => ({
    clat_ns: { percentile: { '50.000000': p50 * 1000, '70.000000': p50 * 1000, '90.000000': p50 * 1000, '95.000000': p50 * 1000, '99.000000': p50 * 1000 } },
  });
  const out = (...jobs: Record<string, unknown>[]): unknown => ({ 'fio version': 'fio-3.33', jobs });

  it('a job without the section the test reads is skipped; none with it is an error naming the section', () => {
    expect(asMap(fioSamples('seq-read', out({ write: read({}) }, { read: read({ bw_bytes: 3e6 }) })))).toEqual({ read_MBps: 3 });
    expect(() => fioSamples('seq-read', out({ write: read({}) }))).toThrow('fio output has no read section');
  });

  it('no bandwidth or no IOPS in a section is an error that says which', () => {
    expect(() => fioSamples('seq-read', out({ read: read({ bw_bytes: undefined }) }))).toThrow('fio output has neither bw_bytes nor bw');
    expect(() => fioSamples('rand-read', out({ read: read({ iops: undefined, ...clat(10) }) }))).toThrow('fio output has no iops in a read section');
  });

  it('a test without latency percentiles needs none; one with them reads total latency in µs when that is all there is', () => {
    expect(asMap(fioSamples('seq-read', out({ read: read({}) })))).toEqual({ read_MBps: 1 });
    const lat = { lat: { percentile: { '50.000000': 7, '70.000000': 7, '90.000000': 7, '95.000000': 8, '99.000000': 9 } }, clat_ns: { percentile: {} } };
    expect(asMap(fioSamples('rand-read', out({ read: read(lat) })))).toMatchObject({ clat_p50_us: 7, clat_p99_us: 9 });
  });

  it('percentiles come from the job with the most I/O, counted in bytes when ios are not given', () => {
    const a = read({ total_ios: undefined, io_bytes: 1000, ...clat(10) });
    const b = read({ total_ios: undefined, io_bytes: 5000, ...clat(20) });
    expect(asMap(fioSamples('rand-read', out({ read: a }, { read: b })).filter((s) => s.metric === 'clat_p50_us'))).toEqual({ clat_p50_us: 20 });
    expect(asMap(fioSamples('rand-read', out({ read: b }, { read: a })).filter((s) => s.metric === 'clat_p50_us'))).toEqual({ clat_p50_us: 20 });
    // A tie keeps the first job's.
    const c = read({ total_ios: undefined, io_bytes: 5000, ...clat(30) });
    expect(asMap(fioSamples('rand-read', out({ read: b }, { read: c })).filter((s) => s.metric === 'clat_p50_us'))).toEqual({ clat_p50_us: 20 });
  });

  it('zero is a measurement; below zero is refused, naming the metric', () => {
    expect(asMap(fioSamples('seq-read', out({ read: read({ bw_bytes: 0 }) })))).toEqual({ read_MBps: 0 });
    expect(() => fioSamples('seq-read', out({ read: read({ bw_bytes: -1e6 }) }))).toThrow('fio output gives an invalid read_MBps: -1');
  });

  it('text that is not JSON keeps the parser error as the cause; a failed job without a name is named "?"', () => {
    let error: Error | undefined;
    try {
      fioSamples('seq-read', '{"jobs": [');
    } catch (e) {
      error = e as Error;
    }
    expect(error?.message).toMatch(/^fio output is not valid JSON \(truncated\?\): /);
    expect(error?.cause).toBeInstanceOf(SyntaxError);
    expect(() => fioSamples('seq-read', out({ error: 5, read: read({}) }))).toThrow('fio job "?" failed with error 5');
  });
});
