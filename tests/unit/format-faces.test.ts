// One table of values through every face: the UI's helpers (src/lib/format.ts), the share card's
// text, the CLI's table cells, the Markdown export's cells and the History headline must write the same
// strings, in English and in Japanese, because they all write through electron/presentation/format.ts. The runs are
// built here (test data): a native baseline of 1000 and one guest place whose median is the table's value.
import { afterAll, describe, expect, it } from 'vitest';
import type { Run, TestResult } from '../../electron/contract/contract.js';
import { compareTable, runTable, runsTable } from '../../electron/cli/summary.js';
import { compareRuns } from '../../electron/engine/compare.js';
import { comparisonToMarkdown, renderCardSvg, runToMarkdown } from '../../electron/engine/report/index.js';
import { summarizeRun } from '../../electron/engine/store/summary.js';
import { formatDay } from '../../electron/presentation/format.js';
import { runHeadlines } from '../../electron/presentation/headline.js';
import type { Lang } from '../../electron/messages/i18n.js';
import { fmtCompact, fmtDate, fmtInterval, fmtNum, fmtRatio } from '../../src/lib/format.js';
import { i18n } from '../../src/lib/i18n.js';
import { makeRun, result } from '../helpers/make-run.js';

const BASE = 1000;
/** value (a guest's median of write_MBps, native 1000) → the number, compact number and ratio every face must write. */
const TABLE: { value: number; num: string; compact: string; ratio: string }[] = [
  { value: 1096.6, num: '1,097', compact: '1,097', ratio: '1.10×' },
  { value: 1500, num: '1,500', compact: '1,500', ratio: '1.50×' },
  { value: 421.3, num: '421', compact: '421', ratio: '0.42×' },
  { value: 56.71, num: '56.7', compact: '56.7', ratio: '0.057×' },
  { value: 12_340, num: '12,340', compact: '12.3k', ratio: '12.3×' },
  { value: 64_775, num: '64,775', compact: '64.8k', ratio: '64.8×' },
  { value: 149_809, num: '149,809', compact: '150k', ratio: '150×' },
  { value: 2_000_000, num: '2,000,000', compact: '2M', ratio: '2,000×' },
  { value: 3, num: '3', compact: '3', ratio: '0.0030×' },
];
const LANGS: Lang[] = ['en', 'ja'];
const AT = '2026-01-15T09:30:00.000Z';

/** Three trials spread ±10% around a median (the same spread on both sides, so the ratio of geometric means is exact). */
const trials = (m: number): number[] => [m * 0.9, m, m * 1.1];

function runOf(value: number, id = 'run-a', at = AT): Run {
  const run = makeRun(id, at, [result('seq-write', 'native', { write_MBps: trials(BASE) })]);
  const guest: TestResult = result('seq-write', 'shared', { write_MBps: trials(value) });
  run.targets.push({ id: 'lima:dev', runtime: 'lima', label: 'Lima dev', settings: {}, probe: null, results: [guest], errors: [], status: 'ok' });
  return run;
}

/** The text of every <text> of an SVG, entities decoded. */
function svgTexts(svg: string): string[] {
  return [...svg.matchAll(/<text[^>]*>([\s\S]*?)<\/text>/g)].map((m) =>
    m[1]
      .replace(/<[^>]+>/g, '')
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&quot;/g, '"')
      .replace(/&#39;/g, "'")
      .replace(/&amp;/g, '&'),
  );
}

/** The cells of the CLI table line of the guest's write_MBps (columns are two or more spaces apart). */
function cliCells(table: string): string[] {
  const line = table.split('\n').find((l) => l.startsWith('lima:dev') && l.includes('write_MBps'));
  expect(line, table).toBeDefined();
  return line!.trim().split(/\s{2,}/);
}

/** The cells of the Markdown row of the guest's write_MBps. */
function mdCells(md: string): string[] {
  // The table names metrics by label; the guest's row is the data row whose ratio to native is not 1.00×.
  const rows = md
    .split('\n')
    .filter((l) => l.startsWith('| ') && !l.startsWith('| ---'))
    .map((l) => l.slice(2, -2).split(' | '));
  const line = rows.find((c) => c.length === 10 && /^[0-9]/.test(c[3]) && c[8] !== '1.00×');
  expect(line, md).toBeDefined();
  return line!;
}

afterAll(async () => {
  await i18n.changeLanguage('en');
});

describe.each(LANGS)('every face writes the same strings (%s)', (lang) => {
  it.each(TABLE)('median $value: number $num, compact $compact, ratio $ratio', async ({ value, num, compact, ratio }) => {
    await i18n.changeLanguage(lang);
    const run = runOf(value);
    // The UI's helpers (Results table, summary tiles).
    expect([fmtNum(value), fmtCompact(value), fmtRatio(value / BASE)]).toEqual([num, compact, ratio]);
    // The CLI's table: median, min, max … ratio.
    const cli = cliCells(runTable(run, lang));
    expect(cli[4]).toBe(num);
    expect(cli[cli.length - 1]).toBe(ratio);
    // The Markdown export: median and the ratio to native.
    const md = mdCells(runToMarkdown(run, undefined, lang));
    expect(md[3]).toBe(num);
    expect(md[8]).toBe(ratio);
    // The History headline (and the card's title line) says the same ratio.
    const [headline] = runHeadlines(run, lang);
    expect(headline.parts[0].text).toContain(ratio);
    // The share card: the big number is the compact figure, its note the ratio.
    const texts = svgTexts(renderCardSvg(run, { lang }));
    expect(texts).toContain(compact);
    expect(texts.some((x) => x.includes(`${ratio}`) && x !== headline.text)).toBe(true);
  });

  it('writes an interval the same in Compare, the CLI, the Markdown export and the compare card', async () => {
    await i18n.changeLanguage(lang);
    const a = runOf(1500, 'run-a');
    const b = runOf(3100, 'run-b', '2026-01-15T10:00:00.000Z');
    const cmp = compareRuns(a, b);
    const row = cmp.rows.find((r) => r.target === 'lima:dev' && r.metric === 'write_MBps')!;
    const ui = fmtInterval(row.ratio, row.ci);
    expect(ui).toMatch(/^2\.07× \[\d\.\d\d–\d\.\d\d\]$/);
    expect(compareTable(cmp, lang)).toContain(ui);
    expect(comparisonToMarkdown(cmp, undefined, lang)).toContain(`| ${ui} |`);
    expect(svgTexts(renderCardSvg(b, { lang, compare: cmp })).some((x) => x.includes(ui))).toBe(true);
  });

  it('writes a tiny ratio and its interval with significant digits, the same on every face (never [0.00–0.00])', async () => {
    await i18n.changeLanguage(lang);
    const a = runOf(1500, 'run-a');
    const b = runOf(3, 'run-b', '2026-01-15T10:00:00.000Z'); // a throttle: 500× slower
    const cmp = compareRuns(a, b);
    const row = cmp.rows.find((r) => r.target === 'lima:dev' && r.metric === 'write_MBps')!;
    const ui = fmtInterval(row.ratio, row.ci);
    expect(ui).toMatch(/^0\.0020× \[0\.00\d\d–0\.00\d\d\]$/);
    const [lo, hi] = ui.slice(ui.indexOf('[') + 1, -1).split('–');
    expect(lo).not.toBe(hi);
    expect(compareTable(cmp, lang)).toContain(ui);
    expect(comparisonToMarkdown(cmp, undefined, lang)).toContain(`| ${ui} |`);
    expect(svgTexts(renderCardSvg(b, { lang, compare: cmp }))).toContain(`▼ ${ui}`);
  });

  it('writes a date the same in the UI, the CLI history, the Markdown export and the card', async () => {
    await i18n.changeLanguage(lang);
    const run = runOf(1500);
    const date = fmtDate(AT);
    expect(date).toBe(lang === 'ja' ? '2026/01/15 09:30 UTC' : '2026-01-15 09:30 UTC');
    expect(runsTable([summarizeRun(run)], lang)).toContain(date);
    expect(runToMarkdown(run, undefined, lang).split('\n')[0]).toContain(date);
    expect(svgTexts(renderCardSvg(run, { lang }))).toContain(formatDay(AT, lang));
  });
});
