// axe-core on every view in both themes: no WCAG 2 A/AA (or best-practice) violations.
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, describeViolations, seedRuns, settleView, VIEWS } from '../helpers/a11y.js';
import { closeAll, launchBrowser, shotsDir, startServer, type WebServer } from '../helpers/e2e-harness.js';

let server: WebServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  server = await startServer();
  seedRuns(server.home, ['quick-multi', 'libvirt-before', 'libvirt-after']);
  browser = await launchBrowser();
}, 120_000);

afterAll(() => closeAll(browser, server));

describe.each(['dark', 'light'] as const)('axe-core in the %s theme', (theme) => {
  beforeAll(async () => {
    context = await browser.newContext({ viewport: { width: 1440, height: 900 }, colorScheme: theme, reducedMotion: 'reduce' });
    page = await context.newPage();
    await page.goto(server.url);
    await page.waitForFunction((t) => document.documentElement.dataset.theme === t, theme);
  });
  afterAll(async () => {
    await context?.close();
  });

  for (const view of VIEWS) {
    it(`${view}: no violations`, async () => {
      await settleView(page, view);
      const found = await axeViolations(page);
      await page.screenshot({ path: join(shotsDir('accessibility'), `a11y-${theme}-${view}.png`), fullPage: true });
      expect(found, describeViolations(found)).toEqual([]);
    });
  }
});
