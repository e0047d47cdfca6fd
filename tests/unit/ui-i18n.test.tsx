/** The renderer's views in Japanese and English: the same markup, the words from the ui catalogue of the chosen language. */
import type { JSX } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { createI18n, type Lang } from '../../electron/messages/i18n.js';
import { RunControls } from '../../src/components/run-controls';
import { Sidebar } from '../../src/components/sidebar';
import { EnvironmentsView } from '../../src/views/environments/environments-view';
import { CompareTable } from '../../src/views/compare/compare-table';
import { ResultsTable } from '../../src/views/results/results-table';
import { SummaryTiles } from '../../src/views/results/summary-tiles';
import { Welcome } from '../../src/views/environments/welcome';
import { formatNumber } from '../../electron/presentation/format.js';
import { readFileSync } from 'node:fs';
import type { Run, RunSummary } from '../../electron/contract/contract.js';
import { runHeadlines } from '../../electron/presentation/headline.js';
import { metricInfo } from '../../electron/measurement/metrics.js';
import { RunHeadline } from '../../src/views/results/run-headline';
import { RunPicker } from '../../src/views/parts/run-picker';
import { compareRuns } from '../../electron/engine/compare.js';
import { makeRun, result } from '../helpers/make-run.js';

const render = (lang: Lang, el: JSX.Element): string => renderToStaticMarkup(<I18nextProvider i18n={createI18n(lang)}>{el}</I18nextProvider>);
const run = makeRun('r1', '2026-11-23T10:00:00Z', [result('seq-write', 'native', { write_MBps: [1200, 1234, 1250] })]);

describe('the UI in ja and en', () => {
  it('names the views and the language switch in the chosen language; each language keeps its own name', () => {
    const ja = render('ja', <Sidebar />);
    for (const word of ['環境', '改善案', '結果', '履歴', '比較', '共有カード', 'ライトテーマ']) expect(ja).toContain(word);
    expect(ja).toMatch(/aria-label="言語"/);
    expect(ja).toMatch(/lang="en"[^>]*>English</);
    expect(ja).toMatch(/lang="ja"[^>]*aria-pressed="true"[^>]*>日本語</);
    const en = render('en', <Sidebar />);
    expect(en).toContain('Environments');
    expect(en).toMatch(/aria-label="Language"/);
    expect(en).toContain('Light theme');
    // The only Japanese on the English page is the name of Japanese (the switch and its tooltip).
    expect(en.replaceAll('日本語', '')).not.toMatch(/[\u3040-\u30ff\u4e00-\u9fff]/);
  });

  it('shows the run controls and the first-visit steps in Japanese', () => {
    const ja = render('ja', <RunControls />);
    expect(ja).toContain('ベンチマークを開始');
    expect(ja).toContain('クイック · 3 回');
    expect(ja).toContain('開発作業');
    expect(render('en', <RunControls />)).toContain('Benchmark my setup');
    const welcome = render('ja', <Welcome runs={0} />);
    expect(welcome).toContain('<strong>ベンチマークを開始</strong>');
    expect(welcome).toContain('<strong>改善案</strong>');
    expect(render('en', <Welcome runs={0} />)).toContain('<strong>Benchmark my setup</strong> runs the same disk tests');
  });

  it('Environments: status and Refresh in the chosen language', () => {
    expect(render('ja', <EnvironmentsView />)).toMatch(/ランタイムを探しています…[\s\S]*再検出/);
    expect(render('en', <EnvironmentsView />)).toMatch(/Looking for runtimes…[\s\S]*Refresh/);
  });

  it('Results: table headers and tiles in Japanese, numbers grouped as the language writes them', () => {
    const ja = render('ja', <ResultsTable run={run} />);
    for (const word of ['テスト', '測定場所', '指標', '中央値', '対ネイティブ', '基準']) expect(ja).toContain(word);
    expect(ja).toContain('1,234');
    const en = render('en', <ResultsTable run={run} />);
    for (const word of ['Test', 'Place', 'Median', 'vs native', 'baseline']) expect(en).toContain(word);
    expect(render('ja', <SummaryTiles run={run} />)).toContain('シーケンシャル書き込み');
    expect(render('en', <SummaryTiles run={run} />)).toContain('Sequential write');
  });
});

describe('labels and units a new user reads (session 13)', () => {
  const reads = makeRun('r2', '2026-11-23T10:00:00Z', [
    result('seq-read', 'native', { read_MBps: [1900, 1920, 1950] }),
    result('rand-read', 'native', {
      read_iops: [60000, 61000, 62000],
      read_MBps: [250, 251, 253],
      clat_p50_us: [18000, 18400, 19000],
      clat_p99_us: [41000, 41950, 43000],
    }),
  ]);

  it('names the sequential and the random read MB/s apart, in both languages, from the metric catalogue', async () => {
    const { setLang } = await import('../../src/lib/i18n');
    const cells = (html: string): string[] => [...html.matchAll(/<td title="read_MBps">([^<]*)<\/td>/g)].map((m) => m[1]);
    expect(cells(render('en', <ResultsTable run={reads} />))).toEqual([
      metricInfo('read_MBps', 'en', 'seq-read').label,
      metricInfo('read_MBps', 'en', 'rand-read').label,
    ]);
    expect(cells(render('en', <ResultsTable run={reads} />))).toEqual(['Sequential read', '4k random read throughput']);
    try {
      setLang('ja');
      expect(cells(render('ja', <ResultsTable run={reads} />))).toEqual(['シーケンシャル読み込み', '4k ランダム読み込みスループット']);
    } finally {
      setLang('en');
    }
  });

  it('shows each headline sentence whole in Japanese (its first word lost no character)', async () => {
    const { setLang } = await import('../../src/lib/i18n');
    const stored = JSON.parse(readFileSync('tests/fixtures/runs/libvirt-after.json', 'utf8')) as Run;
    try {
      setLang('ja');
      const lines = runHeadlines(stored, 'ja');
      expect(lines.length).toBeGreaterThan(0);
      const html = render('ja', <RunHeadline run={stored} />);
      const shown = [...html.matchAll(/<li data-testid="headline-line">(.*?)<\/li>/g)].map((m) => m[1].replace(/<[^>]+>/g, ''));
      expect(shown).toEqual(lines.map((h) => h.text));
    } finally {
      setLang('en');
    }
  });

  it('shows the p99 tile in its metric’s unit, µs, as the latency chart and the table (issue 43: one unit per metric)', () => {
    const html = render('en', <SummaryTiles run={reads} />);
    expect(html).toContain(`${formatNumber(41950, 'en')}<span class="tile-unit">µs</span>`);
    expect(html).not.toContain('>ms<');
  });

  it('writes a range the way it writes the median beside it (61,870 over 58,203–64,812, not 58.2k–64.8k), on tiles and in Compare', () => {
    const iops = (v: number[]) => makeRun(`r-${v[0]}`, '2026-11-23T10:00:00Z', [result('rand-read', 'native', { read_iops: v })]);
    const a = iops([58203, 61870, 64812]);
    const b = iops([60110, 62000, 65020]);
    for (const lang of ['en', 'ja'] as const) {
      const tiles = render(lang, <SummaryTiles run={a} />);
      expect(tiles).toContain(formatNumber(61870, lang));
      expect(tiles).toContain(`${formatNumber(58203, lang)}–${formatNumber(64812, lang)}`);
      const table = render(lang, <CompareTable comparison={compareRuns(a, b)} />);
      expect(table).toContain(`<span>${formatNumber(58203, lang)}–${formatNumber(64812, lang)}</span> <span>· n=3</span>`);
      expect(table).toContain(`<span>${formatNumber(60110, lang)}–${formatNumber(65020, lang)}</span> <span>· n=3</span>`);
      expect(tiles + table).not.toMatch(/\d\.\dk|\dk–/);
    }
  });
});

describe('the run pickers (Results, Compare)', () => {
  it('name each run by its local time and suite in the page language, never by ids', () => {
    const runs: RunSummary[] = [
      {
        id: 'r1',
        startedAt: '2026-01-20T14:20:00Z',
        status: 'completed',
        suite: 'standard',
        targets: ['local'],
        tests: ['seq-write', 'rand-read', 'small-files'],
        targetStatus: { local: 'ok' },
        headline: {},
      },
    ];
    const pick = (lang: Lang): string => render(lang, <RunPicker label="run" runs={runs} value="r1" onChange={() => {}} testId="run-picker" />);
    // A short label (issue 43: the tests' names made it long and cut off): the start in local time with its zone and the suite, in the page's language.
    const ja = pick('ja');
    // (the date's style follows the page's i18n language, which this render does not switch)
    expect(ja).toMatch(/>2026[-/]01[-/]20 14:20 UTC · 標準<\/option>/);
    expect(pick('en')).toMatch(/>2026[-/]01[-/]20 14:20 UTC · standard<\/option>/);
    expect(ja).not.toMatch(/seq-write|rand-read|small-files|standard/);
  });
});

describe('shared words follow the page language', () => {
  it('metric labels, places and verdict words switch with setLang', async () => {
    const { i18n, setLang } = await import('../../src/lib/i18n');
    const { verdictWord } = await import('../../electron/measurement/verdict-stats.js');
    const page = (): string =>
      renderToStaticMarkup(
        <I18nextProvider i18n={i18n}>
          <ResultsTable run={run} />
        </I18nextProvider>,
      );
    try {
      setLang('ja');
      const ja = page();
      expect(ja).toContain('シーケンシャル書き込み');
      expect(ja).toContain('ネイティブ');
      expect(verdictWord('noise', 'ja')).toBe('誤差の範囲');
      setLang('en');
      const en = page();
      expect(en).toContain('Sequential write');
      expect(en).not.toMatch(/[\u3040-\u30ff\u4e00-\u9fff]/);
    } finally {
      setLang('en');
    }
  });
});
