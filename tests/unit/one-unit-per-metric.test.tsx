// Issue 43, item 6: one metric, one unit, everywhere. Read latency p99 was "3.69 ms" on the tile and the latency
// chart, "3,686 µs" in the table and µs on the live chips; the advice wrote "p50 2933 us" and "9425 IOPS". Now a
// latency is in its metric's unit (µs) on every face, and the advice writes its numbers as the reader's language
// does (format.ts), with the µ.
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { MeasuredValue } from '../../electron/contract/contract.js';
import { cite } from '../../electron/engine/advisor/rule-kit/types.js';
import { msg, renderMsg } from '../../electron/messages/finding-text.js';
import { allCatalogues } from '../../electron/engine/util/catalogue-files.js';
import { formatDecimal, formatNumber } from '../../electron/presentation/format.js';
import type { Lang } from '../../electron/messages/i18n.js';
import { metricMeta } from '../../src/lib/metrics';
import { LatencyChart } from '../../src/views/results/latency-chart';
import { ResultsTable } from '../../src/views/results/results-table';
import { SummaryTiles } from '../../src/views/results/summary-tiles';
import { makeRun, result } from '../helpers/make-run.js';

const RUN = makeRun('2026-01-10T10-00-00-lat', '2026-01-10T10:00:00Z', [
  result('rand-read', 'native', {
    read_iops: [9400, 9425, 9450],
    clat_p50_us: [2900, 2933, 2950],
    clat_p70_us: [3000, 3050, 3100],
    clat_p90_us: [3300, 3350, 3400],
    clat_p95_us: [3500, 3550, 3600],
    clat_p99_us: [3600, 3686, 3700],
  }),
]);

describe('one unit per metric on every face of Results', () => {
  const unit = metricMeta('clat_p99_us', 'rand-read').unit;

  it('is the catalogue unit of the metric: µs', () => {
    expect(unit).toBe('µs');
  });

  it('the p99 tile, the table, the latency chart and the live chips (which write metricMeta’s unit) all say µs', () => {
    const tiles = renderToStaticMarkup(<SummaryTiles run={RUN} />);
    expect(tiles).toContain('3,686<span class="tile-unit">µs</span>');
    expect(tiles).not.toMatch(/3\.69|>ms</);
    const table = renderToStaticMarkup(<ResultsTable run={RUN} />);
    const p99 = table.split('data-metric="clat_p99_us"')[1] ?? table.split('clat_p99_us')[1];
    expect(p99).toBeDefined();
    expect(table).toContain('3,686');
    expect(table).not.toContain('>ms<');
    const chart = renderToStaticMarkup(<LatencyChart run={RUN} />);
    expect(chart).toMatch(/class="chart-sub">[^<]*µs/);
    expect(chart).not.toMatch(/class="chart-sub">[^<]*\bms\b/);
  });
});

describe.each<Lang>(['en', 'ja'])('advice numbers in the reader’s format (%s)', (lang) => {
  it('cites a measured value grouped as the language writes it, in its metric’s unit', () => {
    const v: MeasuredValue = { test: 'rand-read', metric: 'read_iops', place: 'guest', target: 'libvirt:web', runId: 'R', median: 12345.4 } as MeasuredValue;
    const text = renderMsg(cite(v, 'IOPS'), lang);
    expect(text.startsWith(`${formatNumber(12345.4, lang)} IOPS`), text).toBe(true);
    expect(text).not.toContain('12345');
  });

  it('quotes the io_uring measurement with µs and thousands separators', () => {
    const text = renderMsg(msg('evidence.ioUring'), lang);
    for (const s of ['9,425 IOPS', '8,213 IOPS', '2,933 µs', '3,490 µs', '8,717 µs', '9,503 µs']) expect(text).toContain(s);
    expect(text).not.toMatch(/\d us\b/);
  });

  it('writes every published figure with a unit as format.ts writes it, keeping its published decimals', () => {
    const advice = allCatalogues()[lang].advice as { evidence: Record<string, string>; row: Record<string, { numbers: string }> };
    const texts = [...Object.values(advice.evidence), ...Object.values(advice.row).map((r) => r.numbers)];
    let seen = 0;
    for (const text of texts) {
      expect(text).not.toMatch(/\d us\b/);
      for (const m of text.matchAll(/(?<![\w.,#])(\d[\d,]*)(?:\.(\d+))?(?=\s*(?:IOPS|MB\/s|µs|requests\/s|Mbit\/s|リクエスト\/秒)|\s*[·;、,（(]|\s*$)/g)) {
        const value = Number(`${m[1].replace(/,/g, '')}${m[2] ? `.${m[2]}` : ''}`);
        if (value >= 1990 && value <= 2030 && !m[2]) continue; // a year
        expect(m[0], text).toBe(formatDecimal(value, lang, m[2]?.length ?? 0));
        seen++;
      }
    }
    expect(seen).toBeGreaterThan(10);
  });
});
