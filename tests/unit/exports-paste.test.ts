/**
 * Exports people can paste: the Markdown table names metrics by label with a unit column (never a raw
 * key such as write_MBps) and keeps its cells short, the method sits in a section below the table in
 * the reader's language (the script's exact text as code), and the exact commands stay in the JSON.
 * In compare mode the exports are the comparison: Markdown, CSV and JSON carry each metric's ratio,
 * interval and verdict and the settings that changed, redacted.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Run } from '../../electron/contract/contract.js';
import { compareRuns } from '../../electron/engine/compare.js';
import {
  COMPARE_CSV_COLUMNS,
  comparisonToMarkdown,
  exportComparison,
  exportRun,
  runToMarkdown,
  type RedactContext,
} from '../../electron/engine/report/index.js';
import { methodSummary } from '../../electron/presentation/method-summary.js';
import { scaleMetric } from '../helpers/scale-metric.js';

const fixture = (name: string): Run => JSON.parse(readFileSync(new URL(`../fixtures/runs/${name}.json`, import.meta.url), 'utf8')) as Run;
const ctx: RedactContext = { home: '/Users/alice', user: 'alice', host: 'alices-macbook-pro.local' };
const mdCells = (line: string): string[] => line.slice(2, -2).split(/(?<!\\) \| /);
const tableRows = (md: string): string[][] =>
  md
    .split('\n')
    .filter((l) => l.startsWith('| ') && !l.startsWith('| ---'))
    .map(mdCells);
const METRIC_KEYS = /\b(write_MBps|read_MBps|read_iops|clat_p\d+_us|(create|stat|read|delete)_per_s)\b/;

describe('a run as Markdown', () => {
  const run = fixture('aa-quick-a');

  for (const lang of ['en', 'ja'] as const) {
    it(`${lang}: metric labels and units in the table, no raw keys, no long cells`, () => {
      const md = runToMarkdown(run, ctx, lang);
      const rows = tableRows(md);
      expect(rows.length).toBeGreaterThan(10);
      for (const r of rows) {
        expect(r.join(' | ')).not.toMatch(METRIC_KEYS);
        for (const c of r) expect(c.length, c).toBeLessThanOrEqual(40);
      }
      const unit = rows[0].length - 3;
      expect(new Set(rows.slice(1).map((r) => r[unit]))).toEqual(
        new Set(lang === 'en' ? ['MB/s', 'IOPS', 'µs', 'files/s'] : ['MB/s', 'IOPS', 'µs', 'ファイル/秒']),
      );
    });
  }

  it('puts the method below the table: a summary in the language, the exact method as code; the commands are in the JSON', () => {
    const md = runToMarkdown(run, ctx, 'ja');
    const lines = md.split('\n');
    const head = lines.indexOf('**各テストの測定方法:**');
    expect(head).toBeGreaterThan(lines.findLastIndex((l) => l.startsWith('| ')));
    const rr = run.targets[0].results.find((r) => r.test === 'rand-read')!;
    expect(methodSummary(rr, 'ja')).toBe('256 MiB のファイルをキュー深度 32 で 4 KiB ランダム読み込み（O_DIRECT、ページキャッシュを経由しない）、1 試行 10 秒');
    expect(lines).toContain(`- **4k ランダム読み込み** (ネイティブ) — fio 3.33: ${methodSummary(rr, 'ja')}`);
    expect(lines).toContain(`  - \`${rr.tool.method}\``);
    expect(md).toContain('実行したコマンドそのものは JSON エクスポートにあります。');
    expect(md).not.toContain('fio --name=');
    expect(exportRun(run, 'json', ctx).content).toContain('fio --name=rand-read');
  });

  it('summarizes older runs whose parameters had other names, and keeps the script text where it cannot', () => {
    const old = fixture('quick-multi').targets[0].results;
    expect(
      methodSummary(
        old.find((r) => r.test === 'seq-write')!,
        'en',
      ),
    ).toBe('sequential writes in 1,024 KiB blocks into a new 512 MiB file per trial, the final flush timed');
    expect(
      methodSummary(
        old.find((r) => r.test === 'small-files')!,
        'ja',
      ),
    ).toBe('4,096 バイトのファイル 2,000 個の作成・属性取得・読み込み・削除');
    const bare = { ...old[0], params: {} };
    expect(methodSummary(bare, 'ja')).toBe(old[0].tool.method);
  });
});

describe('a comparison as an export', () => {
  // The guest's random reads made 2× faster by construction, and libvirt's diskIo changed between the runs.
  const cmp = compareRuns(
    fixture('libvirt-before'),
    scaleMetric(fixture('libvirt-after'), { target: 'libvirt:web', place: 'guest', test: 'rand-read', metric: 'read_iops' }, 2),
  );
  const iops = cmp.rows.find((r) => r.target === 'libvirt:web' && r.place === 'guest' && r.metric === 'read_iops')!;

  it('Markdown: the comparison in the language, metric labels not keys', () => {
    const file = exportComparison(cmp, 'md', ctx, 'ja');
    expect(file.filename).toBe('vmbench-compare-2026-01-20T14-00-00-test-before-vs-2026-01-20T14-20-00-test-after.md');
    expect(file.content).toBe(comparisonToMarkdown(cmp, ctx, 'ja'));
    expect(file.content).toContain('**変更された設定:**');
    expect(file.content).toContain('- `libvirt:web` diskIo: `default` → `io_uring`');
    const row = tableRows(file.content).find((r) => r[0] === 'libvirt:web' && r[2] === 'ゲストディスク' && r[3] === '4k ランダム読み込み')!;
    expect(row[7]).toBe('改善');
    expect(file.content).not.toMatch(METRIC_KEYS);
  });

  it('CSV: a metric row with medians, ratio, interval and verdict for each row, and a row per changed setting', () => {
    const file = exportComparison(cmp, 'csv', ctx);
    expect(file.mime).toBe('text/csv; charset=utf-8');
    const lines = file.content
      .trimEnd()
      .split('\r\n')
      .map((l) => l.split(','));
    expect(lines[0]).toEqual([...COMPARE_CSV_COLUMNS]);
    const rec = (l: string[]): Record<string, string> => Object.fromEntries(COMPARE_CSV_COLUMNS.map((c, i) => [c, l[i]]));
    const recs = lines.slice(1).map(rec);
    expect(recs.filter((r) => r.kind === 'metric')).toHaveLength(cmp.rows.length);
    const r = recs.find((x) => x.target === 'libvirt:web' && x.place === 'guest' && x.metric === 'read_iops')!;
    expect(r).toMatchObject({ test: 'rand-read', unit: 'IOPS', verdict: 'better', voting: 'yes', before: String(iops.a), after: String(iops.b) });
    expect(Number(r.ratio)).toBeCloseTo(iops.ratio!, 3);
    expect(Number(r.ci_low)).toBeCloseTo(iops.ci![0], 3);
    expect(Number(r.ci_high)).toBeCloseTo(iops.ci![1], 3);
    expect(recs.filter((x) => x.kind === 'setting')).toEqual([
      expect.objectContaining({ target: 'libvirt:web', metric: 'diskIo', before: 'default', after: 'io_uring' }),
    ]);
  });

  it('JSON: the whole comparison (rows with ratio, interval and verdict; settings; summary; method), redacted', () => {
    const file = exportComparison(cmp, 'json', ctx);
    const parsed = JSON.parse(file.content) as typeof cmp;
    expect(parsed.a.id).toBe(cmp.a.id);
    expect(parsed.b.id).toBe(cmp.b.id);
    expect(parsed.settings).toEqual(cmp.settings);
    expect(parsed.summary.better).toBe(1);
    const row = parsed.rows.find((r) => r.target === 'libvirt:web' && r.place === 'guest' && r.metric === 'read_iops')!;
    expect(row).toMatchObject({ verdict: 'better', ratio: iops.ratio, ci: iops.ci });
    expect(parsed.method.level).toBe(cmp.method.level);
  });

  it('redacts a user, host and path that reach a comparison', () => {
    const after = fixture('libvirt-after');
    after.targets[1].settings = { ...after.targets[1].settings, diskPath: '/Users/alice/vms/web.qcow2 on alices-macbook-pro.local' };
    const leaky = compareRuns(fixture('libvirt-before'), after);
    for (const format of ['md', 'csv', 'json'] as const) {
      const out = exportComparison(leaky, format, ctx).content;
      expect(out, format).toContain('diskPath');
      expect(out, format).not.toMatch(/alice/i);
    }
  });
});
