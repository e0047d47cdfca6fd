// The header at 1440, 1024 and 800 px: the primary button stays inside the viewport and clear of the title,
// the plan lists each chosen target with an estimate, and the run panel stays in view and takes focus.
// At 1024 and 1280 px it is one compact band in English and Japanese (it used to take 207 px, 27% of a 768 px window).
// The first load asks the engine for app.info once, and brings neither the charts (recharts) nor the views not shown.
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeAll, launchBrowser, onlyThisMachine, shotsDir, startServer, type WebServer } from '../helpers/e2e-harness.js';

let server: WebServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box): boolean => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  page = await context.newPage();
  await page.goto(server.url);
  await page.locator('[data-testid="runtime-card"][data-runtime-id="local"]').waitFor({ timeout: 60_000 });
  // Detection done and only This machine chosen: Enter on the button must start a run, not meet a button still waiting for detection.
  await onlyThisMachine(page);
}, 180_000);

afterAll(() => closeAll(browser, server));

describe('header', () => {
  for (const width of [1440, 1024, 800]) {
    it(`keeps "Benchmark my setup" inside the viewport at ${width} px`, async () => {
      await page.setViewportSize({ width, height: 800 });
      await page.getByTestId('services-toggle').check();
      await page.getByTestId('dev-tree-toggle').check();
      const button = page.getByTestId('benchmark-button');
      const box = (await button.boundingBox())!;
      const title = (await page.getByTestId('view-title').boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.y).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(width);
      expect(box.width).toBeGreaterThan(120); // the whole button, not a sliver
      expect(overlaps(box, title)).toBe(false);
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
      await page.screenshot({ path: join(shotsDir('header-layout'), `header-${width}.png`) });
      await page.getByTestId('services-toggle').uncheck();
      await page.getByTestId('dev-tree-toggle').uncheck();
    });
  }

  // 1280 too: a laptop's width, where the wide layout once put the controls on a line of their own (165 px tall).
  for (const [lang, width] of [
    ['en', 1024],
    ['ja', 1024],
    ['en', 1280],
    ['ja', 1280],
  ] as const) {
    it(`is one compact band at ${width} px in ${lang}: title, options and button on one line, at most 100 px tall`, async () => {
      await page.setViewportSize({ width, height: 768 });
      await page.getByTestId(`lang-${lang}`).click();
      await page.waitForFunction((l) => document.documentElement.lang === l, lang);
      for (const view of ['environments', 'results', 'advice']) {
        await page.getByTestId(`nav-${view}`).click();
        const header = (await page.locator('header.topbar').boundingBox())!;
        const title = (await page.getByTestId('view-title').boundingBox())!;
        const button = (await page.getByTestId('benchmark-button').boundingBox())!;
        const suite = (await page.getByTestId('suite-select').boundingBox())!;
        const services = (await page.getByTestId('services-toggle').boundingBox())!;
        await page.screenshot({ path: join(shotsDir('header-layout'), `header-${width}-${lang}-${view}.png`) });
        expect(header.height).toBeLessThanOrEqual(100);
        // One line: the title, the suite, the options and the button share a band as tall as the button.
        for (const box of [title, suite, services]) expect(Math.abs(box.y + box.height / 2 - (button.y + button.height / 2))).toBeLessThan(button.height);
        expect(overlaps(button, title)).toBe(false);
        // Nothing of the controls covers the title: the suite, their first item, starts right of it (the controls
        // once overflowed leftwards over "Environments" by 11 px: a select is as wide as its longest option).
        expect(title.x + title.width).toBeLessThanOrEqual(suite.x);
        expect(await page.getByTestId('view-title').evaluate((h) => h.scrollWidth <= h.clientWidth)).toBe(true);
        expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
      }
      await page.getByTestId('nav-environments').click();
      await page.getByTestId('lang-en').click();
    });
  }

  it('asks app.info once on load and loads the other views and recharts only when opened', async () => {
    const fresh = await context.newPage();
    const infoCalls: string[] = [];
    const scripts: Promise<string>[] = [];
    fresh.on('request', (r) => {
      if (new URL(r.url()).pathname === '/api/app.info') infoCalls.push(r.url());
    });
    fresh.on('response', (r) => {
      if (r.request().resourceType() === 'script') scripts.push(r.text());
    });
    await fresh.goto(server.url);
    await fresh.locator('[data-testid="runtime-card"][data-runtime-id="local"]').waitFor({ timeout: 60_000 });
    await fresh.waitForFunction(() => document.querySelector('[data-testid="refresh-button"]')?.hasAttribute('disabled') === false, undefined, {
      timeout: 120_000,
    });
    // The sidebar shows the version from that one answer.
    await fresh.waitForFunction(() => /^v\d+\.\d+\.\d+ · web$/.test(document.querySelector('.sidebar .version')?.textContent ?? ''));
    expect(infoCalls).toHaveLength(1);
    const loaded = async (): Promise<string> => (await Promise.all(scripts)).join('\n');
    // Class names only the chart library and the History view's code carry.
    expect(await loaded()).not.toContain('recharts-wrapper');
    expect(await loaded()).not.toContain('history-compare-bar');
    await fresh.getByTestId('nav-history').click();
    await expect.poll(loaded, { timeout: 30_000 }).toContain('history-compare-bar');
    await fresh.close();
  });

  it('lists the chosen targets with an estimate each next to the button', async () => {
    await page.setViewportSize({ width: 1440, height: 900 });
    const items = page.getByTestId('run-plan-item');
    expect(await items.count()).toBeGreaterThanOrEqual(1);
    const local = page.locator('[data-testid="run-plan-item"][data-target="local"]');
    expect(await local.innerText()).toMatch(/This machine[\s\S]*native · ~\d+(–\d+)? (s|min)/);
    const before = (await page.getByTestId('run-plan-total').textContent()) ?? '';
    // When every verdict is in (each place's headline, measured first), then the whole run; standard and thorough may add trials: their range of time.
    expect(before).toMatch(/^Verdicts ~\d+ (s|min) · all ~(\d+(–\d+)? (s|min)|\d+ s–\d+ min) · estimated from the plan$/);
    // Where the figure comes from: the total's tooltip, and screen-reader text (written out, it made the header two lines at 1024 px).
    expect(await page.getByTestId('run-plan-total').getAttribute('title')).toBe('estimated from the plan');
    expect(await page.getByTestId('run-plan-source').evaluate((e) => getComputedStyle(e).position)).toBe('absolute');
    const options = await page.getByTestId('suite-select').locator('option').allInnerTexts();
    expect(options).toEqual(['Quick · 3 trials', 'Standard · 5–8 trials', 'Thorough · 7–12 trials']);
    await page.getByTestId('suite-select').selectOption('thorough');
    const after = (await page.getByTestId('run-plan-total').textContent()) ?? '';
    expect(after).toMatch(/^Verdicts ~\d+ (s|min) · all (~\d+–\d+ min|~\d+ s–\d+ min) · estimated from the plan$/);
    // The lower figure of a range, in minutes.
    const minutes = (s: string): number => {
      const t = s.slice(s.indexOf('all '));
      return /~(\d+)(–\d+)? min/.exec(t) ? Number(/~(\d+)(–\d+)? min/.exec(t)![1]) : Number(/~(\d+)(–\d+)? s/.exec(t)![1]) / 60;
    };
    expect(minutes(after)).toBeGreaterThan(minutes(before));
    await page.getByTestId('suite-select').selectOption('quick');
  });

  it('moves focus to the progress panel on start, keeps it in view while scrolling, and gives focus back after cancel', async () => {
    await page.setViewportSize({ width: 1024, height: 700 });
    await page.getByTestId('benchmark-button').focus();
    await page.keyboard.press('Enter');
    const panel = page.getByTestId('run-panel');
    await panel.waitFor({ timeout: 30_000 });
    await page.waitForFunction(() => document.activeElement?.getAttribute('data-testid') === 'run-panel');
    // Scroll the content: the panel stays on screen.
    await page.mouse.wheel(0, 2000);
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    const box = (await panel.boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(box.y).toBeLessThan(700);
    // Cancel is one Tab away from the panel.
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('cancel-button');
    await page.keyboard.press('Enter');
    await page.locator('[data-testid="run-status"][data-status="cancelled"]').waitFor({ timeout: 120_000 });
    await page.waitForFunction(() => document.activeElement?.getAttribute('data-testid') === 'benchmark-button');
  });
});
