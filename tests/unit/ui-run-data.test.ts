import { describe, expect, it } from 'vitest';
import type { CompareRow, Run, RunSummary, TargetRun, TestResult } from '../../electron/contract/contract.js';
import { fmtEta, fmtNum, fmtRatio } from '../../src/lib/format';
import { latencyData, smallFilesAbsData, smallFilesRatioData, tableRows, throughputData } from '../../src/lib/run-data';
import { defaultComparePair, orderPair } from '../../src/store/compare-pick';
import { groupRows } from '../../src/views/compare/compare-table';

const st = (median: number) => ({ median, min: median * 0.9, max: median * 1.1, n: 3 });
const res = (test: TestResult['test'], place: TestResult['place'], metrics: Record<string, number>): TestResult => ({
  test,
  place,
  metrics: Object.fromEntries(Object.entries(metrics).map(([k, v]) => [k, st(v)])),
  tool: { name: 'fio', version: '3.33', method: 'fio' },
  params: {},
  command: 'fio …',
  samples: {},
});
const target = (id: string, label: string, results: TestResult[]): TargetRun => ({
  id,
  runtime: id.split(':')[0],
  label,
  settings: {},
  probe: null,
  results,
  errors: [],
  status: 'ok',
});

const run: Run = {
  schemaVersion: 1,
  id: 'r1',
  startedAt: '2026-01-01T00:00:00Z',
  finishedAt: '2026-01-01T00:01:00Z',
  status: 'completed',
  suite: 'quick',
  tests: ['seq-write', 'seq-read', 'rand-read', 'small-files'],
  app: { version: '0.1.0', platform: 'linux', arch: 'x64' },
  targets: [
    {
      ...target('local', 'This machine', [
        res('seq-write', 'native', { write_MBps: 1000 }),
        res('seq-read', 'native', { read_MBps: 2000 }),
        res('rand-read', 'native', { read_iops: 9000, clat_p50_us: 100, clat_p99_us: 900 }),
        res('small-files', 'native', { create_per_s: 5000, stat_per_s: 50000 }),
      ]),
      errors: [{ test: 'net', place: 'native', code: 'tool-missing', message: 'iperf3 not found' }],
    },
    target('lima:dev', 'Lima dev', [res('seq-write', 'shared', { write_MBps: 250 }), res('rand-read', 'shared', { read_iops: 3000, clat_p50_us: 400 })]),
  ],
};

describe('run data for charts and tables', () => {
  it('puts native and shared throughput side by side with ratios to native', () => {
    const rows = throughputData(run);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({ name: 'This machine · native', write_MBps: 1000, read_MBps: 2000, write_MBps_ratio: null });
    expect(rows[1]).toMatchObject({ name: 'Lima dev · shared folder', write_MBps: 250, write_MBps_ratio: 0.25 });
  });

  it('builds latency percentiles per place and small-file ops', () => {
    const lat = latencyData(run);
    expect(lat.series.map((s) => s.label)).toEqual(['This machine · native', 'Lima dev · shared folder']);
    expect(lat.rows.map((r) => r.pct)).toEqual(['p50', 'p99']);
    expect(lat.rows[0]).toMatchObject({ local__native: 100, 'lima:dev__shared': 400 });
    // Small files are drawn as ratios to native; with only the baseline measured, in ops/s.
    expect(smallFilesRatioData(run)).toBeNull();
    const abs = smallFilesAbsData(run);
    expect(abs.rows.map((r) => r.op)).toEqual(['create', 'stat']);
    expect(abs.rows[0]).toMatchObject({ local__native: 5000 });
  });

  it('lists every metric and the errors, baseline first', () => {
    const rows = tableRows(run);
    expect(rows[0]).toMatchObject({ kind: 'metric', test: 'seq-write', metric: 'write_MBps', ratio: null });
    const err = rows.find((r) => r.kind === 'error');
    expect(err && err.kind === 'error' && err.error.code).toBe('tool-missing');
    const lima = rows.find((r) => r.kind === 'metric' && r.target.id === 'lima:dev' && r.metric === 'read_iops');
    expect(lima && lima.kind === 'metric' && lima.ratio).toBeCloseTo(1 / 3);
  });
});

describe('compare helpers', () => {
  const sum = (id: string, startedAt: string, status: RunSummary['status'] = 'completed'): RunSummary => ({
    id,
    startedAt,
    status,
    suite: 'quick',
    targets: ['local'],
    tests: ['seq-write'],
    targetStatus: { local: 'ok' },
    headline: {},
  });
  it('defaults to the two newest runs that measured something, before then after', () => {
    const runs = [sum('a', '2026-01-01'), sum('c', '2026-01-03', 'failed'), sum('b', '2026-01-02')];
    expect(defaultComparePair(runs)).toEqual({ a: 'a', b: 'b' });
    expect(orderPair(runs, 'b', 'a')).toEqual({ a: 'a', b: 'b' });
    expect(defaultComparePair([sum('a', '2026-01-01')])).toEqual({ a: null, b: 'a' });
  });
  it('groups rows by target, place and test in suite order', () => {
    const row = (test: CompareRow['test'], metric: string): CompareRow => ({
      target: 'local',
      test,
      place: 'native',
      metric,
      direction: 'higher',
      a: 1,
      b: 2,
      medianA: 1,
      medianB: 2,
      pct: 100,
      primary: true,
      improved: true,
      verdict: 'better',
      ratio: 2,
      ci: [1.5, 2.5],
      nA: 3,
      nB: 3,
      spreadA: [1, 1],
      spreadB: [2, 2],
      drift: 0.05,
    });
    const groups = groupRows([row('rand-read', 'read_iops'), row('seq-write', 'write_MBps'), row('rand-read', 'clat_p50_us')]);
    expect(groups.map((g) => g.title)).toEqual(['local · native · seq-write', 'local · native · rand-read']);
    expect(groups[1].rows).toHaveLength(2);
  });
});

describe('formatting', () => {
  it('formats numbers, ratios and ETAs', () => {
    expect(fmtNum(9425.4)).toBe('9,425');
    expect(fmtNum(36.84)).toBe('36.8');
    expect(fmtNum(null)).toBe('—');
    expect(fmtRatio(0.254)).toBe('0.25×');
    expect(fmtEta(65)).toBe('1m 05s');
  });
});
