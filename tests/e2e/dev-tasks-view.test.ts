// The developer tasks in the app: the switch adds them to the plan's estimate, and a real native run of
// dev-tree and watch shows the developer-task section first in Results (seconds per phase; how fast a save
// is seen by polling and through inotify), at 1440 and 1024 px in both themes, with no axe violations.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, describeViolations, settleTheme } from '../helpers/a11y.js';
import { join } from 'node:path';
import { apiCall, closeAll, launchBrowser, onlyThisMachine, shotsDir, startServer, type WebServer } from '../helpers/e2e-harness.js';

let server: WebServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
}, 120_000);

afterAll(() => closeAll(browser, server));

async function open(width: number, colorScheme: 'light' | 'dark'): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: 900 }, colorScheme, reducedMotion: 'reduce' });
  const page = await context.newPage();
  await page.goto(server.url);
  await page.locator('[data-testid="runtime-card"][data-runtime-id="local"]').waitFor({ timeout: 60_000 });
  return page;
}

describe('developer tasks', () => {
  it('the switch adds them to the estimate', async () => {
    const page = await open(1440, 'light');
    // The estimate of This machine alone, once detection has finished (a guest another program runs on this machine would be selected too, and its minutes round the change away).
    await onlyThisMachine(page);
    // The whole run's seconds (the header shows the verdicts' time beside it).
    const total = async (): Promise<number> => Number(await page.locator('[data-testid="run-plan-total"][data-ready="true"]').getAttribute('data-seconds'));
    const before = await total();
    expect(before).toBeGreaterThan(0);
    await page.getByTestId('dev-tree-toggle').check();
    await expect.poll(total, { timeout: 30_000 }).toBeGreaterThan(before);
    await page.context().close();
  });

  it('a real run shows the tree and the watch figures first in Results, readable in both themes at 1440 and 1024 px', async () => {
    const { jobId } = await apiCall<{ jobId: string }>(server, 'run.start', { suite: 'quick', targets: ['local'], tests: ['dev-tree', 'watch'] });
    for (let i = 0; i < 600 && (await apiCall<{ activeJobs: string[] }>(server, 'app.info')).activeJobs.includes(jobId); i++)
      await new Promise((r) => setTimeout(r, 500));
    const runs = await apiCall<{ runs: { status: string; tests: string[] }[] }>(server, 'runs.list');
    expect(runs.runs[0]).toMatchObject({ status: 'completed', tests: ['dev-tree', 'watch'] });
    // One page, as a person would look at it: the Results view at each width, in each theme (switched through the system setting).
    const page = await open(1440, 'light');
    await page.getByTestId('nav-results').click();
    const section = page.getByTestId('dev-tree-results').first();
    await section.waitFor({ timeout: 60_000 });
    for (const width of [1440, 1024]) {
      await page.setViewportSize({ width, height: 900 });
      for (const colorScheme of ['light', 'dark'] as const) {
        await settleTheme(page, colorScheme);
        await page.screenshot({ path: join(shotsDir('dev-tasks-view'), `dev-tasks-${width}-${colorScheme}.png`), fullPage: true });
        const text = await section.innerText();
        expect(text).toMatch(/Developer tasks: a [\d,]+-file node_modules-like tree/);
        expect(text).toMatch(/Extract[\s\S]*Walk[\s\S]*Read all[\s\S]*Delete/i);
        expect(await page.getByTestId('dev-tree-row').count()).toBe(1);
        const watchRow = await page.getByTestId('watch-row').first().innerText();
        expect(watchRow).toMatch(/This machine[\s\S]*\d+(\.\d+)? ms \(p99 [\d.]+ ms\)[\s\S]*\d+(\.\d+)? ms \(p99/);
        // The section comes before the other results of the run.
        const order = await page.evaluate(() => {
          const dev = document.querySelector('[data-testid="dev-tree-results"]');
          const all = [...document.querySelectorAll('h2.section-heading')].find((h) => h.textContent === 'All results');
          return dev && all ? dev.compareDocumentPosition(all) & Node.DOCUMENT_POSITION_FOLLOWING : 0;
        });
        expect(order).toBeTruthy();
        expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), `${width} ${colorScheme}`).toBeLessThanOrEqual(0);
        const found = await axeViolations(page, '[data-testid="dev-tree-results"]');
        expect(found, `${width} ${colorScheme}: ${describeViolations(found)}`).toEqual([]);
      }
    }
    await page.context().close();
  }, 600_000);
});
