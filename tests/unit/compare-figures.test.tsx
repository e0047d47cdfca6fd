// Issue 43, item 3: every face of Compare shows, beside each ratio, the two figures it is the ratio of.
// The ratio is of the geometric means of the trials (Welch on the logs), so before and after are those
// geometric means on every face: the table, the CLI table, Markdown, CSV and the compare card. A row's ratio
// must equal after ÷ before of the figures printed beside it, within their rounding.
// Pairs: the recorded A/A pair (tests/fixtures/runs/aa-quick-{a,b}.json, real trials that spread widely), and
// a pair built with the issue's shape: skewed trials, so that the medians' ratio differs from the geometric
// means' (seq-write medians 1,678 → 1,112 MB/s, create 2,509 → 961, stat 242,186 → 53,011 files/s).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { Comparison, CompareRow, Run } from '../../electron/contract/contract.js';
import { compareRuns } from '../../electron/engine/compare.js';
import { compareBody } from '../../electron/engine/report/card-compare.js';
import { comparisonToCsv, COMPARE_CSV_COLUMNS } from '../../electron/engine/report/compare-export.js';
import { comparisonToMarkdown } from '../../electron/engine/report/markdown.js';
import { compareTable } from '../../electron/cli/summary.js';
import { CompareTable } from '../../src/views/compare/compare-table';
import { makeRun, result } from '../helpers/make-run.js';

const fixture = (name: string): Run => JSON.parse(readFileSync(join(__dirname, '..', 'fixtures', 'runs', `${name}.json`), 'utf8')) as Run;

const BEFORE = makeRun('issue43-before', '2026-01-10T10:00:00Z', [
  result('seq-write', 'native', { write_MBps: [1050, 1678, 1702] }),
  result('small-files', 'native', {
    create_per_s: [1200, 2509, 2530],
    stat_per_s: [120000, 242186, 250000],
    read_per_s: [40000, 41000, 43000],
    delete_per_s: [2300, 2441, 2500],
  }),
]);
const AFTER = makeRun('issue43-after', '2026-01-11T10:00:00Z', [
  result('seq-write', 'native', { write_MBps: [1100, 1112, 1150] }),
  result('small-files', 'native', {
    create_per_s: [900, 961, 1000],
    stat_per_s: [52000, 53011, 54000],
    read_per_s: [39000, 40000, 41000],
    delete_per_s: [2000, 2100, 2200],
  }),
]);

const PAIRS: [string, Comparison][] = [
  ['the recorded A/A pair', compareRuns(fixture('aa-quick-a'), fixture('aa-quick-b'))],
  ['the issue-shaped pair', compareRuns(BEFORE, AFTER)],
];

/** A written figure as the value and how far rounding may have moved it: "1,678" → [1678, 0.5], "242k" → [242000, 500], "0.72×" → [0.72, 0.005]. */
function figure(text: string): { v: number; half: number } {
  const m = /(−|-)?([\d,]+)(?:\.(\d+))?\s*([kMG])?/.exec(text.replace(/\u2212/g, '-'));
  if (!m) throw new Error(`no figure in ${JSON.stringify(text)}`);
  const decimals = m[3]?.length ?? 0;
  const scale = m[4] === 'k' ? 1e3 : m[4] === 'M' ? 1e6 : m[4] === 'G' ? 1e9 : 1;
  const v = Number(`${m[2].replace(/,/g, '')}${m[3] ? `.${m[3]}` : ''}`) * scale;
  return { v: m[1] ? -v : v, half: 0.5 * 10 ** -decimals * scale };
}

/** Whether a written ratio can be after ÷ before of the written figures, given how each was rounded. */
function agrees(before: string, after: string, ratio: string): boolean {
  const [a, b, r] = [figure(before), figure(after), figure(ratio)];
  const lo = (b.v - b.half) / (a.v + a.half);
  const hi = (b.v + b.half) / Math.max(a.v - a.half, Number.MIN_VALUE);
  return r.v + r.half >= lo && r.v - r.half <= hi;
}

const withRatio = (cmp: Comparison): CompareRow[] => cmp.rows.filter((r) => r.ratio !== null && r.a !== null && r.b !== null && r.a > 0);
const stripTags = (s: string): string =>
  s
    .replace(/<[^>]+>/g, '\u0001')
    .split('\u0001')
    .filter((x) => x.trim())
    .map((x) => x.replace(/&amp;/g, '&'))
    .join('\u0001');

describe.each(PAIRS)('Compare figures of %s', (_name, cmp) => {
  it('keeps the ratio of the geometric means, and says it is of the figures shown', () => {
    // The issue's rows: the medians' ratio is not the one shown; the geometric means' is.
    for (const r of withRatio(cmp)) expect(r.ratio! / (r.b! / r.a!), `${r.test} ${r.metric}`).toBeCloseTo(1, 9);
  });

  it('Compare table: each row ratio is after ÷ before of the two figures beside it', () => {
    const html = renderToStaticMarkup(<CompareTable comparison={cmp} />);
    const rows = html.split('data-testid="compare-row"').slice(1);
    expect(rows.length).toBe(cmp.rows.length);
    let checked = 0;
    for (const row of rows) {
      const cell = (id: string): string | undefined => {
        const m = new RegExp(`data-testid="${id}"[^>]*>(.*?)</td>`).exec(row);
        return m ? stripTags(m[1]).split('\u0001')[0] : undefined;
      };
      const [before, after, ratio] = [cell('compare-before'), cell('compare-after'), cell('compare-ratio')];
      if (!before || !after || !ratio || ratio === '—' || before === '—' || Number(figure(before).v) === 0) continue;
      const metric = /data-metric="([^"]+)"/.exec(row)?.[1];
      expect(agrees(before, after, ratio), `${metric}: ${before} → ${after}, shown ${ratio}`).toBe(true);
      checked++;
    }
    expect(checked).toBe(withRatio(cmp).length);
  });

  it('Markdown, CLI and CSV: the same figures, the ratio of them', () => {
    const md = comparisonToMarkdown(cmp)
      .split('\n')
      .filter((l) => l.startsWith('| ') && !l.startsWith('| ---'));
    const mdRows = md.slice(1).map((l) => l.split(' | ').map((c) => c.replace(/^\| |\s*\|$/g, '')));
    // Each Markdown row: before, after, ratio [interval] in columns 4, 5, 6.
    const checkedMd = mdRows.filter((c) => /×/.test(c[6] ?? '') && c[4] !== '—' && figure(c[4]).v > 0);
    expect(checkedMd.length).toBe(withRatio(cmp).length);
    for (const c of checkedMd) expect(agrees(c[4], c[5], c[6]), c.join(' | ')).toBe(true);

    const cli = compareTable(cmp, 'en').split('\n');
    for (const r of withRatio(cmp)) {
      const line = cli.find((l) => l.includes(` ${r.test} `) && l.includes(` ${r.metric} `) && l.startsWith(r.target));
      expect(line, `${r.test} ${r.metric}`).toBeDefined();
      const cells = line!.split(/\s{2,}/);
      const ratioAt = cells.findIndex((x) => /×/.test(x));
      expect(agrees(cells[ratioAt - 2], cells[ratioAt - 1], cells[ratioAt]), line).toBe(true);
    }

    const csv = comparisonToCsv(cmp)
      .trim()
      .split('\r\n')
      .map((l) => l.split(','));
    const col = (name: (typeof COMPARE_CSV_COLUMNS)[number]): number => COMPARE_CSV_COLUMNS.indexOf(name);
    for (const r of withRatio(cmp)) {
      const line = csv.find((c) => c[col('test')] === r.test && c[col('metric')] === r.metric && c[col('place')] === r.place && c[col('target')] === r.target)!;
      const [before, after, ratio] = [Number(line[col('before')]), Number(line[col('after')]), Number(line[col('ratio')])];
      expect(ratio, line.join(',')).toBeCloseTo(after / before, 3);
      expect([Number(line[col('median_before')]), Number(line[col('median_after')])]).toEqual([r.medianA, r.medianB]);
    }
  });

  it('the compare card: each voting row ratio is after ÷ before of its two figures', () => {
    const { svg } = compareBody(cmp, 'en');
    // Each card row: name, place, before (with its unit), →, after (with its unit), the change pill.
    const texts = [...svg.matchAll(/<text\b[^>]*>([\s\S]*?)<\/text>/g)].map((m) => m[1].replace(/<tspan[^>]*>[^<]*<\/tspan>/g, '').replace(/<[^>]+>/g, ''));
    const arrows = texts.map((x, i) => (x === '→' ? i : -1)).filter((i) => i >= 0);
    expect(arrows.length).toBeGreaterThan(0);
    let checked = 0;
    for (const i of arrows) {
      const [before, after, pill] = [texts[i - 1], texts[i + 1], texts[i + 2]];
      const ratio = /([\d.,]+)×/.exec(pill)?.[0];
      if (!ratio || before === '—') continue;
      expect(agrees(before, after, ratio), `${before} → ${after}: ${pill}`).toBe(true);
      checked++;
    }
    expect(checked).toBeGreaterThan(0);
  });
});
