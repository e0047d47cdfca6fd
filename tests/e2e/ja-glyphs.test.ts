// Japanese that renders on a machine without a Japanese system font (this one: `fc-list :lang=ja` is
// empty): every character of every catalogue string, and of the UI's fixed strings, is drawn in
// the page in every weight the CSS uses, and none is the missing-glyph box or nothing. Kana, kanji and
// CJK punctuation must come from the bundled font itself (src/assets/fonts): drawn with it and a
// fallback, they must differ from the fallback alone. A kanji outside the subset is the control.
// Drawing characters on a canvas checks the font, not the page: the controls drawn first (ベンチマークを開始,
// このマシン, 開発作業, 日本語 on an English page) were boxes although every character was in the subset,
// because Chromium shaped them while the face was still loading and never again. So the page itself is
// read too: on a cold load in Japanese (1024 px) and in English (1440 px), every element of every view whose
// own text has Japanese must be drawn with the bundled font (the browser's own record of the fonts it used
// for that text, CSS.getPlatformFontsForNode), and the four faces must be in before the first render.
import { readFileSync, readdirSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inUiFontRange, uiTextChars } from '../../scripts/build/build-ui-font.mjs';
import { seedRuns, settleView, VIEWS } from '../helpers/a11y.js';
import { closeAll, launchBrowser, startServer, type WebServer } from '../helpers/e2e-harness.js';
import { local, makeStubEnv, type StubEnv } from '../helpers/runtimes-stubs.js';

let server: WebServer;
let browser: Browser;
let page: Page;
let stub: StubEnv;

/** Every string value of a nested catalogue, placeholders dropped. */
function strings(obj: unknown): string[] {
  if (typeof obj === 'string') return [obj.replace(/\{\{[^}]*\}\}/g, '')];
  return obj && typeof obj === 'object' ? Object.values(obj).flatMap(strings) : [];
}

/** The distinct visible characters of the ja catalogues and the UI's fixed strings (uiTextChars: every catalogue's and the source's Japanese). */
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

/** One element of the page whose own text has characters of the bundled font's range, and the fonts the browser drew that text with. */
interface DrawnText {
  where: string;
  text: string;
  /** Characters of the font's range in the text (each occurrence). */
  need: number;
  /** Glyphs drawn from the bundled font (Noto Sans JP, a web font). */
  bundled: number;
  fonts: string;
}

/** Node of the DevTools protocol's DOM tree, as far as read here. */
interface CdpNode {
  nodeId: number;
  nodeType: number;
  nodeName: string;
  nodeValue: string;
  attributes?: string[];
  children?: CdpNode[];
  shadowRoots?: CdpNode[];
}

/**
 * Every rendered element of the page (user-agent shadow trees included: a <select>'s shown option) whose own
 * text has Japanese, with the fonts the browser used for it. Read through the DevTools protocol, without
 * touching the page: any change of its style would make the browser shape the text again and hide the defect.
 */
async function drawnJapanese(p: Page): Promise<DrawnText[]> {
  const cdp = await p.context().newCDPSession(p);
  try {
    await cdp.send('DOM.enable');
    await cdp.send('CSS.enable');
    const { root } = (await cdp.send('DOM.getDocument', { depth: -1, pierce: true })) as { root: CdpNode };
    const found: { node: CdpNode; text: string; where: string }[] = [];
    const walk = (n: CdpNode, where: string): void => {
      const attr = (name: string): string | undefined => {
        const i = n.attributes?.findIndex((a, k) => k % 2 === 0 && a === name) ?? -1;
        return i >= 0 ? n.attributes![i + 1] : undefined;
      };
      const here = n.nodeType === 1 ? (attr('data-testid') ?? where) : where;
      if (n.nodeType === 1 && !['HEAD', 'SCRIPT', 'STYLE', 'TITLE'].includes(n.nodeName)) {
        const text = (n.children ?? [])
          .filter((c) => c.nodeType === 3)
          .map((c) => c.nodeValue)
          .join('');
        if ([...text].some((c) => inUiFontRange(c))) found.push({ node: n, text, where: `${here} <${n.nodeName.toLowerCase()}>` });
      }
      for (const c of [...(n.shadowRoots ?? []), ...(n.children ?? [])]) walk(c, here);
    };
    walk(root, 'page');
    const out: DrawnText[] = [];
    for (const { node, text, where } of found) {
      type Fonts = { fonts: { familyName: string; postScriptName: string; isCustomFont: boolean; glyphCount: number }[] };
      // A node the page replaced since the snapshot (a live label) is gone: the new one was shaped afresh.
      const got = (await cdp.send('CSS.getPlatformFontsForNode', { nodeId: node.nodeId }).catch((e: Error) => {
        if (/Could not find node/.test(e.message)) return null;
        throw e;
      })) as Fonts | null;
      if (!got) continue;
      const { fonts } = got;
      if (fonts.length === 0) continue; // not drawn (display: none, a closed <select>'s other options)
      out.push({
        where,
        text: text.trim().slice(0, 40),
        need: [...text].filter((c) => inUiFontRange(c)).length,
        bundled: fonts.filter((f) => f.isCustomFont && /Noto ?Sans ?JP/i.test(f.postScriptName || f.familyName)).reduce((a, f) => a + f.glyphCount, 0),
        fonts: fonts.map((f) => `${f.postScriptName || f.familyName}${f.isCustomFont ? ' (bundled)' : ''}×${f.glyphCount}`).join(', '),
      });
    }
    return out;
  } finally {
    await cdp.detach();
  }
}

/** The elements of drawnJapanese() whose Japanese was drawn (at least partly) with another font: the boxes a user sees. */
const notBundled = (drawn: DrawnText[]): string[] => drawn.filter((d) => d.bundled < d.need).map((d) => `${d.where} "${d.text}": ${d.fonts}`);

/** Records, before the app's script runs, the bundled faces' states when the app first puts anything into #root. */
function recordFacesAtFirstRender(): void {
  const w = window as unknown as { facesAtFirstRender?: string[] };
  new MutationObserver((_, obs) => {
    const root = document.getElementById('root');
    if (!root?.firstChild) return;
    w.facesAtFirstRender = [...document.fonts]
      .filter((f) => f.family.includes('vmbench Noto Sans JP'))
      .map((f) => `${f.weight}:${f.status}`)
      .sort();
    obs.disconnect();
  }).observe(document, { childList: true, subtree: true });
}

/** A fresh page (nothing cached) in `locale` at `width`, loaded, its first screen's controls drawn. */
async function coldPage(locale: string, width: number): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: 768 }, locale });
  await context.addInitScript(recordFacesAtFirstRender);
  const p = await context.newPage();
  await p.goto(server.url);
  await p.getByTestId('benchmark-button').waitFor();
  await p.locator('[data-testid="runtime-card"][data-runtime-id="local"] [data-testid="probe-facts"]').waitFor({ timeout: 60_000 });
  return p;
}

beforeAll(async () => {
  // A Mac replayed (Rancher Desktop's real settings, so What to change has findings with Apply… buttons) and three stored runs.
  stub = makeStubEnv({}, { '.config/rancher-desktop/settings.json': local('rancher-desktop/rdctl-list-settings.v4.json') });
  server = await startServer({ env: { HOME: stub.home, PATH: `${stub.bin}:${process.env.PATH}`, VMBENCH_HOST_PLATFORM: 'darwin' } });
  seedRuns(server.home, ['quick-multi', 'libvirt-before', 'libvirt-after']);
  browser = await launchBrowser();
  const context = await browser.newContext({ viewport: { width: 1024, height: 768 }, locale: 'ja-JP' });
  page = await context.newPage();
  await page.goto(server.url);
  await page.getByTestId('benchmark-button').waitFor();
}, 120_000);

afterAll(() => closeAll(browser, server, stub));

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

  it('has every bundled face loaded before the first render, in Japanese and in English (日本語 on the language switch)', async () => {
    for (const [locale, width] of [
      ['ja-JP', 1024],
      ['en-US', 1440],
    ] as const) {
      const p = await coldPage(locale, width);
      expect(await p.evaluate(() => (window as unknown as { facesAtFirstRender?: string[] }).facesAtFirstRender), locale).toEqual([
        '400:loaded',
        '500:loaded',
        '600:loaded',
        '700:loaded',
      ]);
      await p.context().close();
    }
  });

  it("draws the English page's 日本語 (the language switch) with the bundled font on a cold load", async () => {
    const p = await coldPage('en-US', 1440);
    const drawn = await drawnJapanese(p);
    expect(drawn.map((d) => d.where)).toContain('lang-ja <button>');
    expect(notBundled(drawn)).toEqual([]);
    await p.context().close();
  });

  it('draws the Japanese of every control of every view with the bundled font on a cold load at 1024 px (no box)', async () => {
    const p = await coldPage('ja-JP', 1024);
    const seen = new Set<string>();
    const bad: string[] = [];
    for (const view of ['environments', ...VIEWS.filter((v) => v !== 'environments')] as const) {
      if (view !== 'environments') await settleView(p, view);
      const drawn = await drawnJapanese(p);
      for (const d of drawn) seen.add(d.text);
      bad.push(...notBundled(drawn).map((b) => `${view}: ${b}`));
    }
    // The controls of the report, each drawn: the primary button, an option, the plan's chip, Apply…, a unit on a summary tile, the suite.
    for (const text of ['ベンチマークを開始', '開発作業', 'このマシン', '適用…', 'ファイル/秒', 'クイック · 3 回']) expect([...seen], text).toContain(text);
    expect(bad).toEqual([]);
    await p.context().close();
  });

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
