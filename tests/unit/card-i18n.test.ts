/**
 * The share card and the Markdown export in Japanese: every character a ja card shows (the rendered
 * cards' text and every ja string of the common and report catalogues) is drawn by the bundled,
 * subset Noto Sans JP, never a tofu box or nothing. Each character is rendered alone in its own cell
 * with resvg and must differ from the cell of a code point no font has; characters outside the fonts are
 * the controls that must be reported.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Run } from '../../electron/contract/contract.js';
import { allCatalogues } from '../../electron/engine/util/catalogue-files.js';
import { compareRuns } from '../../electron/engine/compare.js';
import { measureText } from '../../electron/engine/report/card-font-metrics.js';
import { japaneseFontFiles, renderCardPng, renderCardSvg, runToMarkdown, svgToPng, type RedactContext } from '../../electron/engine/report/index.js';
import { brightPixels, decodePng, type Image } from '../helpers/png.js';

const CATALOGUES = allCatalogues();

const fixture = (name: string): Run => JSON.parse(readFileSync(new URL(`../fixtures/runs/${name}.json`, import.meta.url), 'utf8')) as Run;
const ctx: RedactContext = { home: '/Users/alice', user: 'alice', host: 'alices-macbook-pro.local' };

/** The text content of an SVG (tags dropped, entities decoded). */
function svgText(svg: string): string {
  const entities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
  return svg.replace(/<[^>]+>/g, ' ').replace(/&(\w+);/g, (_, e: string) => entities[e] ?? '');
}

/** Every string value of a nested catalogue. */
function strings(obj: unknown): string[] {
  if (typeof obj === 'string') return [obj.replace(/\{\{[^}]*\}\}/g, '')];
  return obj && typeof obj === 'object' ? Object.values(obj).flatMap(strings) : [];
}

// 25 cells of 48 px make the card's 1200 px width, so svgToPng does not scale and every cell is drawn alike.
const CELL = 48;
const COLS = 25;
/** A code point no font has: resvg draws its missing-glyph box (or nothing) for it, as for any other missing character. */
const NO_GLYPH = '\u{10FFFD}';

/** The near-white pixels of cell i, as a string of 0/1 (identical for two identical glyphs). */
function cellBits(img: Image, i: number): string {
  const x0 = (i % COLS) * CELL;
  const y0 = Math.floor(i / COLS) * CELL;
  let bits = '';
  for (let y = y0; y < y0 + CELL; y++) for (let x = x0; x < x0 + CELL; x++) bits += img.rgba[(y * img.width + x) * 4] > 128 ? '1' : '0';
  return bits;
}

/** Characters drawn as nothing or as the missing-glyph box when each is rendered alone, white on black, with the fonts svgToPng loads for `lang`. */
function missingGlyphs(chars: string[], lang: 'en' | 'ja' = 'ja'): string[] {
  const all = [NO_GLYPH, ...chars];
  const cells = all.map((ch, i) => {
    const esc = ch.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
    return `<text x="${(i % COLS) * CELL + 8}" y="${Math.floor(i / COLS) * CELL + 36}" font-size="30" fill="#fff">${esc}</text>`;
  });
  const h = Math.ceil(all.length / COLS) * CELL;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${COLS * CELL}" height="${h}" font-family="'Noto Sans JP', 'DejaVu Sans'"><rect width="100%" height="100%" fill="#000"/>${cells.join('')}</svg>`;
  const img = decodePng(svgToPng(svg, lang));
  expect(img.width).toBe(COLS * CELL);
  const tofu = cellBits(img, 0);
  const blank = '0'.repeat(CELL * CELL);
  return chars.filter((_, i) => [tofu, blank].includes(cellBits(img, i + 1)));
}

describe('share card in Japanese', () => {
  beforeAll(() => {
    // The fonts are made by `npm run build:engine`; a test run from a fresh clone makes them here.
    if (!existsSync('dist/fonts/NotoSansJP-card-Bold.ttf')) spawnSync(process.execPath, ['scripts/build/build-card-font.mjs'], { stdio: 'inherit' });
  });

  const run = fixture('quick-multi');
  const cmp = compareRuns(fixture('libvirt-before'), fixture('libvirt-after'));

  it('sets its text in Japanese: headline, columns, places, ratios and footer', () => {
    const svg = renderCardSvg(run, { redact: ctx, lang: 'ja' });
    expect(svg).toContain('>Lima default · 共有フォルダ：シーケンシャル書き込みはこのマシンの0.42×<');
    for (const s of ['ネイティブの 0.42×', '基準', 'このマシン', 'ゲストディスク', '他 1 件']) expect(svg).toContain(`>${s}<`);
    expect(svg).toContain('2026/01/15 · macOS 15.2 · カーネル Darwin 24.2.0 · CPU 10 個 · fio 3.38 · クイック スイート');
    expect(svg).toContain('font-family="&apos;Noto Sans JP&apos;, &apos;DejaVu Sans&apos;"');
    expect(svg).not.toMatch(/native|baseline|shared folder/);
    const before = renderCardSvg(fixture('libvirt-after'), { redact: ctx, lang: 'ja', compare: cmp });
    for (const s of ['変更前 → 変更後', '変更前', '変更後', '変化']) expect(before).toContain(`>${s}<`);
    expect(before).toMatch(/>≈ \d\.\d\d× \[\d\.\d\d–\d\.\d\d\]</);
    expect(before).toContain('有意な変化なし：');
  });

  it('draws every character a ja card shows with the bundled fonts (no tofu, nothing left blank)', () => {
    for (const f of japaneseFontFiles()) expect(existsSync(f)).toBe(true);
    const shown = [
      svgText(renderCardSvg(run, { redact: ctx, lang: 'ja' })),
      svgText(renderCardSvg(fixture('libvirt-after'), { redact: ctx, lang: 'ja', compare: cmp })),
      ...strings(CATALOGUES.ja.common),
      ...strings(CATALOGUES.ja.report),
    ].join('');
    const chars = [...new Set([...shown].filter((c) => c.trim() !== ''))].sort();
    expect(chars.length).toBeGreaterThan(200);
    expect(missingGlyphs(chars)).toEqual([]);
  });

  it('the glyph check can fail: a kanji outside the subset, and kana with the English fonts alone, are reported', () => {
    // 𠮷 (U+20BB7) is not in JIS level 1 nor in the catalogues, so the subset lacks it.
    expect(missingGlyphs(['あ', '𠮷'])).toEqual(['𠮷']);
    // With the English card's fonts alone (DejaVu Sans: no kana, no kanji), what a card without the bundled font would have drawn.
    expect(missingGlyphs(['A', 'あ', '共'], 'en')).toEqual(['あ', '共']);
  });

  it('measures kana and kanji one em wide, so Japanese text is fitted to the card, not overflowing it', () => {
    expect(measureText('共有フォルダ', 20)).toBe(120);
    expect(measureText('共有フォルダ', 20, true)).toBe(120);
    const png = decodePng(renderCardPng(run, { redact: ctx, lang: 'ja' }));
    expect([png.width, png.height]).toEqual([1200, 630]);
    // Nothing is drawn in the right margin (x > 1150): the title and the columns stay inside.
    expect(brightPixels(png, 1150, 0, 1200, 630)).toBe(0);
  });
});

describe('Markdown export in Japanese', () => {
  it('writes headings, labels, table heads and dates in Japanese, and English by default', () => {
    const run = fixture('quick-multi');
    const md = runToMarkdown(run, ctx, 'ja');
    expect(md).toMatch(/^# vmbench 結果 — 2026\/01\/15 \d\d:\d\d UTC$/m);
    expect(md).toContain('| テスト | 場所 | 指標 | 中央値 | 最小 | 最大 | n | 単位 | × ネイティブ | ツール |');
    expect(md).toContain('| シーケンシャル書き込み | 共有フォルダ | シーケンシャル書き込み |');
    expect(md).toContain('- **ホスト:** macOS 15.2');
    expect(md).not.toMatch(/Sequential write|shared folder|\*\*Host:\*\*/);
    expect(runToMarkdown(run, ctx)).toContain('| Sequential write | shared folder | Sequential write |');
  });
});
