/**
 * rand-write, an opt-in test, on every face once a run has it, with nothing but its catalogue entry and texts:
 * not in any suite unasked, but in Results (the table, its tiles, its own latency chart), Compare, the share
 * card and the team table. The numbers are test data (TestResults, not tool output).
 */
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { Run, TestResult } from '../../electron/contract/contract.js';
import { compareRuns } from '../../electron/engine/compare.js';
import { renderCardSvg } from '../../electron/engine/report/card-svg.js';
import { teamTable } from '../../electron/engine/team.js';
import { defaultTests, OPT_IN_TESTS } from '../../electron/measurement/plan-estimate.js';
import { chosenTests } from '../../src/store/actions.js';
import { latencyData, latencyTests, tableRows } from '../../src/lib/run-data';
import { SummaryTiles } from '../../src/views/results/summary-tiles';
import { inLang } from '../helpers/in-lang.js';
import { makeRun, result } from '../helpers/make-run.js';

const PCTS = ['write_clat_p50_us', 'write_clat_p70_us', 'write_clat_p90_us', 'write_clat_p95_us', 'write_clat_p99_us'];
const randWrite = (place: TestResult['place'], scale: number): TestResult =>
  result('rand-write', place, {
    write_iops: [25000, 26000, 24000].map((v) => v * scale),
    write_MBps: [102, 106, 98].map((v) => v * scale),
    ...Object.fromEntries(PCTS.map((m, i) => [m, [500, 520, 510].map((v) => (v * (i + 1) * 1.5) / scale)])),
  });
/** This machine natively and a guest at `scale` times its IOPS. */
function run(id: string, scale: number): Run {
  const r = makeRun(id, '2026-11-28T09:00:00.000Z', [randWrite('native', 1)]);
  r.targets.push({
    id: 'lima:dev',
    runtime: 'lima',
    label: 'Lima dev',
    settings: {},
    probe: null,
    results: [randWrite('guest', scale)],
    errors: [],
    status: 'ok',
  });
  return r;
}

describe('rand-write', () => {
  it('is opt-in: in no suite unasked, nor in the UI disk switch', () => {
    expect(OPT_IN_TESTS).toContain('rand-write');
    for (const suite of ['quick', 'standard', 'thorough'] as const) expect(defaultTests(suite)).not.toContain('rand-write');
    expect(chosenTests(true, true)).not.toContain('rand-write');
  });

  const a = run('a', 0.5);
  it('shows in Results: every metric in the table, its tiles, its own latency chart', () => {
    expect(
      tableRows(a)
        .filter((r) => r.kind === 'metric' && r.target.id === 'local')
        .map((r) => (r.kind === 'metric' ? r.metric : '')),
    ).toEqual(['write_MBps', 'write_iops', ...PCTS]); // metricRank: write_MBps ranks where seq-write's does
    expect(latencyTests(a)).toEqual(['rand-write']);
    const lat = latencyData(a, 'rand-write');
    expect(lat.rows.map((r) => r.pct)).toEqual(['p50', 'p70', 'p90', 'p95', 'p99']);
    expect(lat.series.map((s) => s.key)).toEqual(['local__native', 'lima:dev__guest']);
    expect(lat.rows[4]).toMatchObject({ local__native: 3825, 'lima:dev__guest': 7650 });
    expect(latencyData(a)).toEqual({ rows: [], series: [] }); // rand-read's chart: nothing of rand-write in it
    const html = renderToStaticMarkup(<SummaryTiles run={a} />);
    expect(html).toContain('4k random write');
    expect(html).toContain('Write latency p99');
    expect(html).toContain('3,825<span class="tile-unit">µs'); // the p99 tile in its metric's unit, as the chart and the table
    expect(inLang('ja', () => renderToStaticMarkup(<SummaryTiles run={a} />))).toContain('書き込みレイテンシ p99');
  });

  it('shows in Compare (write_iops votes), on the share card and in the team table', () => {
    const cmp = compareRuns(a, run('b', 1));
    const rows = cmp.rows.filter((r) => r.test === 'rand-write' && r.target === 'lima:dev');
    expect(rows.map((r) => r.metric)).toEqual(['write_iops', 'write_MBps', ...PCTS]);
    expect(rows.find((r) => r.metric === 'write_iops')!.verdict).toBe('better');
    expect(renderCardSvg(a)).toContain('4K RAND WRITE');
    const team = teamTable([a]);
    expect(team.metrics).toEqual(['write_iops']);
    expect(team.rows.map((r) => [r.target, r.place, Number(r.ratios.write_iops?.ratio.toFixed(2))])).toEqual([
      ['lima:dev', 'guest', 0.5],
      ['local', 'native', 1], // the baseline row, with its own median
    ]);
    expect(team.rows[1].medians.write_iops).toBeGreaterThan(0);
  });
});
