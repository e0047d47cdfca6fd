// The app in Japanese: a browser whose language is ja gets the Japanese UI; every view is walked at
// 1024 px with no horizontal overflow (Japanese labels are wider), axe-core finds nothing in either
// theme, and the language switch changes and remembers the language. Screenshots at 1440 and 1024 px
// in both themes go to test-results/screens/ja-ui/ for a person to look at.
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedRuns, settleView, shootWidthsAndThemes, VIEWS, violationsInBothThemes } from '../helpers/a11y.js';
import { closeAll, launchBrowser, shotsDir, startServer, type WebServer } from '../helpers/e2e-harness.js';
import { allCatalogues } from '../../electron/engine/util/catalogue-files.js';
import { LANGS, NAMESPACES } from '../../electron/messages/i18n.js';
import { catalogueChunk, initialChunks } from '../../scripts/build/renderer-chunks.mjs';

const SHOTS = shotsDir('ja-ui');
const RENDERER = join(process.cwd(), 'dist', 'renderer');
const TITLES: Record<(typeof VIEWS)[number], string> = {
  environments: '環境',
  advice: '改善案',
  results: '結果',
  history: '履歴',
  compare: '比較',
  share: '共有カード',
};

let server: WebServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
/** The engine calls the page made (channel names), from its first load on. */
const apiCalls: string[] = [];

/** What is wider than its box at this width: the page itself, or a control, tab, heading or label whose text does not fit. */
function overflowing(p: Page): Promise<string[]> {
  return p.evaluate(() => {
    const out: string[] = [];
    const doc = document.documentElement;
    if (doc.scrollWidth > doc.clientWidth) out.push(`page: ${doc.scrollWidth} > ${doc.clientWidth}`);
    const sel = 'button, .btn, [role="tab"], h1, h2, h3, th, .nav-item, .field-label, .tag, .badge, legend, .tile-title, .run-plan-item';
    for (const el of Array.from(document.querySelectorAll<HTMLElement>(sel))) {
      if (el.offsetParent === null || el.closest('.sr-only')) continue;
      if (el.scrollWidth > el.clientWidth + 1)
        out.push(`${el.tagName.toLowerCase()}.${el.className} "${(el.textContent ?? '').trim().slice(0, 40)}": ${el.scrollWidth} > ${el.clientWidth}`);
    }
    return out;
  });
}

beforeAll(async () => {
  server = await startServer();
  seedRuns(server.home, ['quick-multi', 'libvirt-before', 'libvirt-after']);
  browser = await launchBrowser();
  mkdirSync(SHOTS, { recursive: true });
}, 120_000);

afterAll(() => closeAll(browser, server));

describe('the UI in Japanese', () => {
  beforeAll(async () => {
    // navigator.language follows the context's locale: the web UI starts in Japanese on its own.
    context = await browser.newContext({ viewport: { width: 1024, height: 768 }, locale: 'ja-JP', colorScheme: 'light', reducedMotion: 'reduce' });
    page = await context.newPage();
    page.on('request', (r) => {
      const path = new URL(r.url()).pathname;
      if (path.startsWith('/api/')) apiCalls.push(path.slice('/api/'.length));
    });
    await page.goto(server.url);
    await page.getByTestId('benchmark-button').waitFor();
    // The bundled Japanese font (this machine has no system one) is in before anything is measured.
    await page.evaluate(() =>
      Promise.all([document.fonts.load('16px "vmbench Noto Sans JP"', '日本語'), document.fonts.load('bold 16px "vmbench Noto Sans JP"', '日本語')]),
    );
  });
  afterAll(async () => {
    await context?.close();
  });

  it('starts in Japanese when the browser speaks Japanese, with <html lang="ja">', async () => {
    expect(await page.evaluate(() => navigator.language)).toBe('ja-JP');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('ja');
    expect(await page.getByTestId('benchmark-button').innerText()).toBe('ベンチマークを開始');
    expect(await page.getByTestId('lang-ja').getAttribute('aria-pressed')).toBe('true');
    // The run plan next to the button names This machine in Japanese too.
    expect(await page.locator('[data-testid="run-plan-item"][data-target="local"] .run-plan-name').innerText()).toBe('このマシン');
  });

  it('asks for the app info, the run list and the newest run once each on load (3, 2 and 2 times before)', async () => {
    await expect.poll(() => apiCalls.includes('runs.get'), { timeout: 30_000 }).toBe(true);
    await page
      .getByTestId('detect-status')
      .filter({ hasText: /を検出（/ })
      .waitFor({ timeout: 60_000 });
    const count = (c: string): number => apiCalls.filter((x) => x === c).length;
    expect({ info: count('app.info'), list: count('runs.list'), get: count('runs.get') }).toEqual({ info: 1, list: 1, get: 1 });
  });

  for (const view of VIEWS) {
    it(`${view}: Japanese title, no horizontal overflow at 1024 px, no axe violations in either theme`, async () => {
      await settleView(page, view);
      await page.evaluate(() => document.fonts.ready);
      expect(await page.getByTestId('view-title').innerText()).toBe(TITLES[view]);
      expect(await page.getByTestId(`nav-${view}`).innerText()).toContain(TITLES[view]);
      // A tile's unit stays whole ("ファイル/秒" broke after the slash at 1024 px): one line box each.
      const unitLines = await page.locator('.tile-unit').evaluateAll((us) => us.map((u) => u.getClientRects().length));
      expect(unitLines.every((n) => n === 1)).toBe(true);
      await shootWidthsAndThemes(page, (width, scheme) => `${SHOTS}/ja-${width}-${scheme}-${view}.png`, { fullPage: true });
      expect(await overflowing(page)).toEqual([]);
      const found = await violationsInBothThemes(page);
      expect(found, found).toBe('');
    });
  }

  it("setting names, their source chips and a failed target's cause and fix read in Japanese", async () => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await settleView(page, 'environments');
    const settings = await page.locator('[data-testid="runtime-card"][data-runtime-id="local"] [data-testid="settings-list"]').innerText();
    expect(settings).toMatch(/CPU 数[\s\S]*メモリー[\s\S]*アーキテクチャ/);
    expect(settings).toContain('CLI の報告');
    expect(settings).not.toMatch(/Memory|Architecture|reported by CLI/);
    expect(await page.locator('[data-testid="runtime-card"][data-runtime-id="local"]').innerText()).not.toContain('This machine');
    await settleView(page, 'results');
    // The run where Docker Desktop's small-files step timed out (tests/fixtures/runs/quick-multi.json).
    await page.getByTestId('results-run-select').selectOption('2026-01-15T09-30-00-test-multi');
    const banner = page.locator('[data-testid="target-banner"][data-target="docker:desktop-linux"]');
    await banner.waitFor();
    const text = await banner.innerText();
    expect(text).toContain('テストが制限時間内に終わりませんでした。');
    expect(text).toContain('ランタイムが起動していて高負荷でないことを確認してから「再試行」を押してください');
    expect(text).not.toMatch(/took longer|Check that|Retry/);
    // Suite names are words of the UI's language, in the run picker and the run's header alike.
    const options = await page.getByTestId('results-run-select').locator('option').allInnerTexts();
    expect(options.join('\n')).toMatch(/クイック|標準/);
    expect(options.join('\n')).not.toMatch(/\b(quick|standard|thorough)\b/);
    expect(await page.locator('main').innerText()).toMatch(/スイート: (クイック|標準|詳細)/);
  });

  it('the share card and the Markdown copied from the Japanese UI are in Japanese', async () => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
    await page.getByTestId('nav-history').click();
    const cardRequest = page.waitForRequest((r) => r.url().endsWith('/api/card.render'));
    await page.getByTestId('nav-share').click();
    const req = await cardRequest;
    const sent = JSON.parse(req.postData() ?? '{}') as { args: [{ runId: string; lang?: string }] };
    expect(sent.args[0].lang).toBe('ja');
    const shown = (await (await req.response())!.json()) as { ok: boolean; value: { pngBase64: string } };
    // The same card asked for in English is another picture: the shown one is the Japanese render.
    const english = await page.evaluate(
      async ({ body, headers }) => (await (await fetch('/api/card.render', { method: 'POST', headers, body })).json()) as { value: { pngBase64: string } },
      { body: JSON.stringify({ args: [{ ...sent.args[0], lang: 'en' }] }), headers: req.headers() },
    );
    expect(shown.ok).toBe(true);
    expect(english.value.pngBase64.length).toBeGreaterThan(0);
    expect(shown.value.pngBase64).not.toBe(english.value.pngBase64);
    await page.getByTestId('copy-markdown').click();
    await page.getByTestId('copied').getByText('コピー', { exact: false }).waitFor();
    const md = await page.evaluate(() => navigator.clipboard.readText());
    expect(md).toMatch(/^# vmbench 結果 — /);
    expect(md).not.toMatch(/vmbench results/i);
  });

  it('the switch changes the language at once, keyboard-operable, and the pick survives a reload', async () => {
    await page.getByTestId('nav-environments').click();
    await page.getByTestId('lang-en').focus();
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => document.documentElement.lang === 'en');
    expect(await page.getByTestId('benchmark-button').innerText()).toBe('Benchmark my setup');
    expect(await page.getByTestId('view-title').innerText()).toBe('Environments');
    await page.reload();
    await page.getByTestId('benchmark-button').waitFor();
    // The saved pick wins over the browser's Japanese.
    expect(await page.getByTestId('view-title').innerText()).toBe('Environments');
    await page.getByTestId('lang-ja').click();
    await page.waitForFunction(() => document.documentElement.lang === 'ja');
    expect(await page.getByTestId('view-title').innerText()).toBe('環境');
  });
});

// The catalogues are not in the first load: each is a chunk of its own, the page fetches its
// language's words before it renders, and a switch to a language not fetched yet waits for its words.
describe('the catalogues come as chunks of their own', () => {
  const leaves = (o: unknown): string[] => (typeof o === 'string' ? [o] : o && typeof o === 'object' ? Object.values(o).flatMap(leaves) : []);

  it('the JS the page loads at once holds no message of any catalogue, in either language', () => {
    const js = initialChunks(RENDERER)
      .map((c) => readFileSync(join(RENDERER, c.file), 'utf8'))
      .join('\n');
    const all = allCatalogues();
    // Messages that no code spells out: the Japanese ones, and the English ones with a {{placeholder}}.
    const found = LANGS.flatMap((lang) =>
      NAMESPACES.flatMap((ns) =>
        leaves(all[lang][ns])
          .filter((m) => (lang === 'ja' ? m.length >= 4 && /[\u3040-\u30ff\u4e00-\u9faf]/.test(m) : m.includes('{{')) && js.includes(m))
          .map((m) => `${lang}/${ns}: ${m}`),
      ),
    );
    expect(found).toEqual([]);
    for (const lang of LANGS) for (const ns of NAMESPACES) expect(catalogueChunk(RENDERER, lang, ns), `${lang}/${ns}.json`).toBeDefined();
  });

  it('an English page switched to Japanese shows English until the Japanese words are in, then Japanese: never a raw key', async () => {
    const ctx = await browser.newContext({ viewport: { width: 1024, height: 768 }, locale: 'en-US', reducedMotion: 'reduce' });
    try {
      const p = await ctx.newPage();
      const jaUi = `/${catalogueChunk(RENDERER, 'ja', 'ui')!.file}`;
      // The Japanese ui chunk is held back until the test lets it through (the page asks for it after its first paint, or on the switch).
      let release!: () => void;
      const held = new Promise<void>((r) => (release = r));
      const requested = p.waitForRequest((r) => new URL(r.url()).pathname === jaUi, { timeout: 60_000 });
      await p.route(
        (url) => url.pathname === jaUi,
        async (route) => {
          await held;
          await route.continue();
        },
      );
      await p.goto(server.url);
      await p.getByTestId('benchmark-button').waitFor();
      expect(await p.getByTestId('benchmark-button').innerText()).toBe('Benchmark my setup');
      await p.getByTestId('lang-ja').click();
      await requested;
      // The switch waits for its words: the page is still whole English, not Japanese keys or a mix.
      expect(await p.evaluate(() => document.documentElement.lang)).toBe('en');
      expect(await p.getByTestId('benchmark-button').innerText()).toBe('Benchmark my setup');
      expect(await p.getByTestId('view-title').innerText()).toBe('Environments');
      release();
      await p.waitForFunction(() => document.documentElement.lang === 'ja');
      expect(await p.getByTestId('benchmark-button').innerText()).toBe('ベンチマークを開始');
      expect(await p.getByTestId('view-title').innerText()).toBe('環境');
    } finally {
      await ctx.close();
    }
  });
});
