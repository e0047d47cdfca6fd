// Japanese that renders on a machine without a Japanese system font (this one: `fc-list :lang=ja` is
// empty): every character of every ja catalogue string, and of the UI's fixed strings, is drawn in
// the page in every weight the CSS uses, and none is the missing-glyph box or nothing. Kana, kanji and
// CJK punctuation must come from the bundled font itself (src/assets/fonts): drawn with it and a
// fallback, they must differ from the fallback alone. A kanji outside the subset is the control.
import { readFileSync, readdirSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inUiFontRange, uiTextChars } from '../../scripts/build/build-ui-font.mjs';
import { closeAll, launchBrowser, startServer, type WebServer } from '../helpers/e2e-harness.js';

let server: WebServer;
let browser: Browser;
let page: Page;

/** Every string value of a nested catalogue, placeholders dropped. */
function strings(obj: unknown): string[] {
  if (typeof obj === 'string') return [obj.replace(/\{\{[^}]*\}\}/g, '')];
  return obj && typeof obj === 'object' ? Object.values(obj).flatMap(strings) : [];
}

/** The distinct visible characters of the ja catalogues and the UI's fixed strings. */
function jaChars(): string[] {
  const dir = 'src/locales/ja';
  const text =
    readdirSync(dir)
      .flatMap((f) => strings(JSON.parse(readFileSync(`${dir}/${f}`, 'utf8'))))
      .join('') + uiTextChars();
  return [...new Set([...text].filter((c) => c.trim() !== ''))].sort();
}

/**
 * Characters drawn as the missing-glyph box or as nothing at weight `weight`, each alone in a 48 px
 * cell of a canvas: with the page's own font stack (body's font-family) for all, and for those in the
 * bundled font's unicode-range also with `"vmbench Noto Sans JP", serif` against `serif` alone.
 */
function missingGlyphs(p: Page, chars: string[], weight: number): Promise<string[]> {
  return p.evaluate(
    async ({ chars, weight, inRange }) => {
      const NO_GLYPH = '\u{10FFFD}';
      const CELL = 48;
      const COLS = 40;
      await document.fonts.load(`${weight} 30px "vmbench Noto Sans JP"`, chars.join(''));
      const draw = (family: string, list: string[]): string[] => {
        const canvas = document.createElement('canvas');
        canvas.width = COLS * CELL;
        canvas.height = Math.ceil(list.length / COLS) * CELL;
        const ctx = canvas.getContext('2d', { willReadFrequently: true })!;
        ctx.fillStyle = '#000';
        ctx.fillRect(0, 0, canvas.width, canvas.height);
        ctx.fillStyle = '#fff';
        ctx.font = `${weight} 30px ${family}`;
        list.forEach((ch, i) => ctx.fillText(ch, (i % COLS) * CELL + 8, Math.floor(i / COLS) * CELL + 36));
        const data = ctx.getImageData(0, 0, canvas.width, canvas.height).data;
        return list.map((_, i) => {
          let bits = '';
          for (let y = Math.floor(i / COLS) * CELL; y < Math.floor(i / COLS) * CELL + CELL; y++)
            for (let x = (i % COLS) * CELL; x < (i % COLS) * CELL + CELL; x++) bits += data[(y * canvas.width + x) * 4] > 128 ? '1' : '0';
          return bits;
        });
      };
      const blank = '0'.repeat(CELL * CELL);
      const uiFont = getComputedStyle(document.body).fontFamily;
      const [tofu, ...cells] = draw(uiFont, [NO_GLYPH, ...chars]);
      const missing = new Set(chars.filter((_, i) => cells[i] === tofu || cells[i] === blank));
      const cjk = chars.filter((_, i) => inRange[i]);
      const bundled = draw('"vmbench Noto Sans JP", serif', cjk);
      const fallback = draw('serif', cjk);
      cjk.forEach((ch, i) => {
        if (bundled[i] === fallback[i]) missing.add(ch);
      });
      return chars.filter((c) => missing.has(c));
    },
    { chars, weight, inRange: chars.map((c) => inUiFontRange(c)) },
  );
}

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  const context = await browser.newContext({ viewport: { width: 1024, height: 768 }, locale: 'ja-JP' });
  page = await context.newPage();
  await page.goto(server.url);
  await page.getByTestId('benchmark-button').waitFor();
}, 120_000);

afterAll(() => closeAll(browser, server));

describe('Japanese glyphs in the UI', () => {
  const chars = jaChars();

  it('the check can fail: a kanji outside the subset and an unassigned code point are reported', async () => {
    // 鬱 (U+9B31) is in no ja catalogue, so the subset lacks it; with no Japanese system font it is a box.
    expect(await missingGlyphs(page, ['あ', '鬱', '\u{10FFFC}', '共'], 400)).toEqual(['鬱', '\u{10FFFC}']);
  });

  for (const weight of [400, 500, 600, 700]) {
    it(`draws every character of the ja catalogues at weight ${weight} (no missing-glyph box, nothing blank)`, async () => {
      expect(chars.length).toBeGreaterThan(500);
      expect(await missingGlyphs(page, chars, weight)).toEqual([]);
    });
  }

  it('loads the bundled faces as WOFF2, one per weight, and nothing from dist/fonts', async () => {
    const faces = await page.evaluate(() =>
      [...document.fonts]
        .filter((f) => f.family.includes('vmbench Noto Sans JP'))
        .map((f) => `${f.weight}:${f.status}`)
        .sort(),
    );
    expect(faces).toEqual(['400:loaded', '500:loaded', '600:loaded', '700:loaded']);
    const fonts = await page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .map((r) => r.name)
        .filter((n) => /\.(woff2|ttf|otf)(\?|$)/.test(n)),
    );
    expect(fonts.length).toBeGreaterThan(0);
    for (const f of fonts) expect(f).toMatch(/noto-sans-jp-ui-\d+-[\w-]+\.woff2$/);
  });
});
