// axe-core on every view in both themes: no WCAG 2 A/AA (or best-practice) violations.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, describeViolations, seedRuns } from './a11y-helpers';
import { launchBrowser, startServer, type WebServer } from './harness';

let server: WebServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;

const VIEWS = ['environments', 'advice', 'results', 'history', 'compare', 'share'] as const;

async function settle(view: (typeof VIEWS)[number]): Promise<void> {
  await page.getByTestId(`nav-${view}`).click();
  await page.getByTestId(`view-${view}`).waitFor();
  if (view === 'environments') await page.locator('[data-testid="runtime-card"][data-runtime-id="local"] [data-testid="probe-facts"]').waitFor({ timeout: 60_000 });
  if (view === 'advice') await page.locator('[data-testid="advice-list"], [data-testid="advice-empty"]').first().waitFor({ timeout: 60_000 });
  if (view === 'results') await page.locator('[data-testid="chart-throughput"] svg.recharts-surface[role="application"]').first().waitFor({ timeout: 30_000 });
  if (view === 'history') await page.getByTestId('history-list').waitFor();
  if (view === 'compare') await page.getByTestId('compare-table').waitFor({ timeout: 30_000 });
  if (view === 'share') await page.waitForFunction(() => (document.querySelector('[data-testid="card-preview"]') as HTMLImageElement | null)?.naturalWidth === 1200, null, { timeout: 60_000 });
  // Let transitions and chart animations end so colours are measured at rest.
  await page.waitForTimeout(800);
}

beforeAll(async () => {
  server = await startServer();
  seedRuns(server.home, ['quick-multi', 'libvirt-before', 'libvirt-after']);
  browser = await launchBrowser();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

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
      await settle(view);
      const found = await axeViolations(page);
      await page.screenshot({ path: `/tmp/a11y-${theme}-${view}.png`, fullPage: true });
      expect(found, describeViolations(found)).toEqual([]);
    });
  }
});
