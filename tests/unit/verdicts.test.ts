import { describe, expect, it } from 'vitest';
import type { RunSummary } from '../../electron/contract/contract.js';
import { compareRuns, summarizeVerdicts } from '../../electron/engine/compare.js';
import { runStatus, targetStatus, withStatus } from '../../electron/contract/run-status.js';
import { formatInterval } from '../../electron/presentation/format.js';
import { runHeadlines } from '../../electron/presentation/headline.js';
import { callRatio, studentTQuantile, welchLogRatio } from '../../electron/measurement/verdict-stats.js';
import { defaultComparePair, sharesMetrics } from '../../src/store/compare-pick.js';
import { makeRun, result } from '../helpers/make-run.js';

describe("Student's t quantiles (reference values from any t table)", () => {
  it.each([
    [1, 12.706],
    [2, 4.303],
    [4, 2.776],
    [10, 2.228],
    [30, 2.042],
  ])('df %d: t(0.975) = %f', (df, t) => {
    expect(studentTQuantile(0.975, df)).toBeCloseTo(t, 3);
  });
});

describe("Welch's test on log values", () => {
  it('gives the ratio of geometric means with an interval around it', () => {
    const e = welchLogRatio([100, 102, 98], [150, 148, 155])!;
    expect(e.ratio).toBeCloseTo(Math.cbrt(150 * 148 * 155) / Math.cbrt(100 * 102 * 98), 6);
    expect(e.lo).toBeLessThan(e.ratio);
    expect(e.hi).toBeGreaterThan(e.ratio);
    expect(e.lo).toBeGreaterThan(1);
  });
  it('calls a difference inside the spread noise, not a change', () => {
    // Seen in the issue: create files -73.5% between two identical quick runs, within their own min–max.
    expect(callRatio([900, 3400, 2100], [600, 2900, 1500]).call).toBe('noise');
  });
  it('calls a tight, large difference a change', () => {
    expect(callRatio([410, 402, 398], [2210, 2180, 2260]).call).toBe('higher');
    expect(callRatio([2210, 2180, 2260], [410, 402, 398]).call).toBe('lower');
  });
  it('does not call a significant but tiny (below 5%) difference a change', () => {
    expect(callRatio([1000, 1001, 1002], [1020, 1021, 1022]).call).toBe('noise');
  });
  it('refuses to decide with fewer than 3 trials on a side', () => {
    const c = callRatio([100, 101], [300, 301, 299]);
    expect(c.call).toBe('undecided');
    expect(c.reason).toMatch(/too few trials/);
  });
  it('formats ratios with their interval', () => {
    expect(formatInterval(1.4215, [1.312, 1.549], 'en')).toBe('1.42× [1.31–1.55]');
    expect(formatInterval(0.3212, null, 'en')).toBe('0.32×');
    expect(formatInterval(null, null, 'en')).toBe('—');
  });
});

describe('compareRuns verdicts', () => {
  const a = makeRun('a', '2026-11-21T10:00:00Z', [
    result('seq-write', 'native', { write_MBps: [410, 402, 398] }),
    result('small-files', 'native', { create_per_s: [900, 3400, 2100], delete_per_s: [5000, 5200, 5100] }),
    result('rand-read', 'native', { read_iops: [8000, 8100] }),
  ]);
  const b = makeRun('b', '2026-11-21T11:00:00Z', [
    result('seq-write', 'native', { write_MBps: [2210, 2180, 2260] }),
    result('small-files', 'native', { create_per_s: [600, 2900, 1500] }),
    result('rand-read', 'native', { read_iops: [9000, 9100] }),
    result('seq-read', 'native', { read_MBps: [3000, 3100, 3050] }),
  ]);
  const cmp = compareRuns(a, b);
  const row = (m: string) => cmp.rows.find((r) => r.metric === m)!;

  it('labels a clear change better with an interval that excludes 1', () => {
    expect(row('write_MBps')).toMatchObject({ verdict: 'better', improved: true, nA: 3, nB: 3, spreadA: [398, 410], spreadB: [2180, 2260] });
    expect(row('write_MBps').ci![0]).toBeGreaterThan(1);
  });
  it('labels noise "within noise", never better or worse', () => {
    expect(row('create_per_s')).toMatchObject({ verdict: 'noise', improved: null });
  });
  it('labels one-sided metrics only before / only after, never same', () => {
    expect(row('delete_per_s').verdict).toBe('only-before');
    expect(row('read_MBps').verdict).toBe('only-after');
  });
  it('says when there are too few trials to tell', () => {
    expect(row('read_iops')).toMatchObject({ verdict: 'undecided', ci: null });
    expect(row('read_iops').reason).toMatch(/3 needed/);
  });
  it('counts verdicts in one summary line and states the method', () => {
    expect(cmp.summary).toMatchObject({ better: 1, worse: 0, noise: 1, undecided: 1, onlyOne: 2 });
    expect(cmp.summary.line).toBe('1 better, 0 worse, 1 within noise, 1 too few trials to tell, 2 only in one run');
    // Two voting metrics could be decided (write_MBps, create_per_s): each is tested at 0.05 / 2.
    expect(cmp.method).toMatchObject({
      name: 'welch-log-ratio',
      alpha: 0.05,
      correction: 'bonferroni-primary',
      family: 2,
      perTestAlpha: 0.025,
      level: 0.975,
      minEffect: 0.05,
      minTrials: 3,
    });
    expect(summarizeVerdicts([]).line).toBe('No significant change: 0 within noise');
    expect(summarizeVerdicts([{ verdict: 'noise' }, { verdict: 'supporting' }, { verdict: 'supporting' }]).line).toBe(
      'No significant change: 1 within noise · 2 more metrics shown, not voting',
    );
    expect(summarizeVerdicts([{ verdict: 'worse' }, { verdict: 'supporting' }]).line).toBe(
      '0 better, 1 worse, 0 within noise · 1 more metric shown, not voting',
    );
  });
  it('is worse for a lower-is-better metric that went up', () => {
    const x = makeRun('x', '2026-11-21T10:00:00Z', [result('rand-read', 'native', { clat_p99_us: [200, 210, 205] })]);
    const y = makeRun('y', '2026-11-21T11:00:00Z', [result('rand-read', 'native', { clat_p99_us: [900, 950, 920] })]);
    expect(compareRuns(x, y).rows[0]).toMatchObject({ verdict: 'worse', improved: false });
  });
});

describe('run and target status', () => {
  const ok = { results: [result('seq-write', 'native', { write_MBps: [1] })], errors: [] };
  const err = { test: 'seq-write' as const, place: 'shared' as const, code: 'image-build-failed', message: 'x' };
  const partial = { results: ok.results, errors: [err] };
  const failed = { results: [], errors: [err, err] };
  it('classifies each target', () => {
    expect([targetStatus(ok), targetStatus(partial), targetStatus(failed)]).toEqual(['ok', 'partial', 'failed']);
  });
  it('a step that cannot apply to the target (unsupported) is listed but is no failure', () => {
    const na = { ...err, test: 'net' as const, code: 'unsupported' };
    expect(targetStatus({ results: ok.results, errors: [na] })).toBe('ok');
    expect(targetStatus({ results: ok.results, errors: [na, err] })).toBe('partial');
    expect(targetStatus({ results: [], errors: [na] })).toBe('failed');
  });
  it('is completed only when every target is ok', () => {
    expect(runStatus([ok, ok], false)).toBe('completed');
    expect(runStatus([ok, failed], false)).toBe('partial');
    expect(runStatus([partial], false)).toBe('partial');
    expect(runStatus([failed, failed], false)).toBe('failed');
    expect(runStatus([ok, failed], true)).toBe('cancelled');
  });
  it('corrects a stored "completed" run whose Docker target failed (older files)', () => {
    const run = makeRun('r', '2026-11-21T10:00:00Z', ok.results);
    const stored = {
      ...run,
      targets: [
        { ...run.targets[0], status: undefined },
        { ...run.targets[0], id: 'docker', results: [], errors: [err] },
      ],
    };
    const fixed = withStatus(stored as never);
    expect(fixed.status).toBe('partial');
    expect(fixed.targets.map((t) => t.status)).toEqual(['ok', 'failed']);
  });
});

describe('headline per guest place', () => {
  it('gives ratios to this machine in one sentence per place, flagging noise and the dd fallback', () => {
    const run = makeRun('h', '2026-11-21T10:00:00Z', [
      result('seq-read', 'native', { read_MBps: [3000, 3100, 3050] }),
      result('rand-read', 'native', { read_iops: [40000, 41000, 40500] }),
    ]);
    const dd = { ...result('seq-read', 'shared', { read_MBps: [980, 990, 1000] }), tool: { name: 'dd', version: null, method: 'dd' } };
    run.targets.push({
      id: 'docker',
      runtime: 'docker',
      label: 'Docker',
      settings: {},
      probe: null,
      status: 'ok',
      errors: [],
      results: [dd, result('rand-read', 'shared', { read_iops: [39000, 42000, 40000] })],
    });
    const [h] = runHeadlines(run);
    expect(h.title).toBe('Docker · shared folder');
    expect(h.text).toBe(
      'Docker · shared folder: sequential reads at 0.32× this machine (dd fallback); random reads on par with this machine (1.00×, within noise).',
    );
    expect(h.fallback).toBe(true);
  });
  it('leads with the developer task and says slower or faster for times', () => {
    const run = makeRun('h', '2026-11-21T10:00:00Z', [
      result('seq-read', 'native', { read_MBps: [3000, 3100, 3050] }),
      result('dev-tree', 'native', { tree_extract_s: [1.0, 1.05, 0.98, 1.02, 1.01] }),
    ]);
    run.targets.push({
      id: 'docker',
      runtime: 'docker',
      label: 'Docker',
      settings: {},
      probe: null,
      status: 'ok',
      errors: [],
      results: [result('seq-read', 'volume', { read_MBps: [2900, 3000, 3100] }), result('dev-tree', 'volume', { tree_extract_s: [3.1, 3.2, 3.0, 3.15, 3.05] })],
    });
    run.targets.push({
      id: 'fast',
      runtime: 'fast',
      label: 'Fast',
      settings: {},
      probe: null,
      status: 'ok',
      errors: [],
      results: [result('dev-tree', 'guest', { tree_extract_s: [0.5, 0.49, 0.51, 0.5, 0.52] })],
    });
    const [docker, fast] = runHeadlines(run);
    expect(docker.parts.map((p) => p.test)).toEqual(['dev-tree', 'seq-read']);
    expect(docker.text).toMatch(/^Docker · named volume: npm-install-like extract: 3\.\d\d× slower than this machine; sequential reads on par/);
    expect(fast.text).toMatch(/^Fast · guest disk: npm-install-like extract: 2\.\d\d× faster than this machine\.$/);
  });
  it('has no sentence without a native baseline in the run', () => {
    const run = makeRun('h', '2026-11-21T10:00:00Z', [result('seq-read', 'shared', { read_MBps: [1, 2, 3] })]);
    expect(runHeadlines(run)).toEqual([]);
  });
});

describe('comparable pairs', () => {
  const sum = (id: string, startedAt: string, tests: RunSummary['tests'], status: RunSummary['status'] = 'completed'): RunSummary => ({
    id,
    startedAt,
    status,
    suite: 'quick',
    targets: ['local'],
    tests,
    targetStatus: { local: 'ok' },
    headline: {},
  });
  it('pairs the latest run with the latest earlier run of the same targets and tests, not a services run', () => {
    const runs = [
      sum('disk1', '2026-01-01', ['seq-write', 'rand-read']),
      sum('svc', '2026-01-02', ['redis', 'http']),
      sum('disk2', '2026-01-03', ['seq-write', 'rand-read']),
    ];
    expect(defaultComparePair(runs)).toEqual({ a: 'disk1', b: 'disk2' });
    expect(sharesMetrics(runs[1], runs[2])).toBe(false);
    expect(sharesMetrics(runs[0], runs[2])).toBe(true);
  });
});
