// A real run on This machine, watched in Results: the first trial's value enters the chart while the
// run goes on, the run is marked live (not the previous run as "completed"), the ETA counts down
// between events and says where it came from, and after the run the whiskers are the trials' min–max.
// Before the click, the plan's estimate comes from the stored run of the same step and says so.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import type { Run, TestId } from '../../electron/contract/contract.js';
import { estimateSec, headlineEstimateSec } from '../../electron/measurement/plan-estimate.js';
import { apiCall, closeAll, launchBrowser, onlyThisMachine, shotsDir, startServer, type WebServer } from '../helpers/e2e-harness.js';

const SHOTS = shotsDir('live-results');
let server: WebServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
const problems: string[] = [];

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  server = await startServer();
  browser = await launchBrowser();
  context = await browser.newContext({ viewport: { width: 1440, height: 900 }, colorScheme: 'light', reducedMotion: 'reduce' });
  page = await context.newPage();
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(`console: ${m.text()}`);
  });
}, 120_000);

afterAll(() => closeAll(browser, server));

/** Screenshots Results at 1440 and 1024 wide, light and dark, English and Japanese; leaves the page in English, light, 1440. */
async function shots(when: string): Promise<void> {
  for (const lang of ['en', 'ja'] as const) {
    await page.getByTestId(`lang-${lang}`).click();
    // A switch to a language whose words are not in yet shows it once they are.
    await page.waitForFunction((l) => document.documentElement.lang === l, lang);
    // The progress names the targets in the page's language (the engine's label is English).
    if (lang === 'ja' && (await page.getByTestId('target-progress').count()) > 0)
      expect(await page.getByTestId('target-progress').innerText()).toContain('このマシン');
    for (const theme of ['light', 'dark'] as const) {
      if ((await page.evaluate(() => document.documentElement.dataset.theme)) !== theme) await page.getByTestId('theme-toggle').click();
      await page.waitForFunction((th) => document.documentElement.dataset.theme === th, theme);
      for (const width of [1440, 1024]) {
        await page.setViewportSize({ width, height: 900 });
        await page.screenshot({ path: join(SHOTS, `${when}-${width}-${theme}-${lang}.png`), fullPage: true });
      }
    }
  }
  await page.getByTestId('lang-en').click();
  if ((await page.evaluate(() => document.documentElement.dataset.theme)) !== 'light') await page.getByTestId('theme-toggle').click();
  await page.setViewportSize({ width: 1440, height: 900 });
}

describe('Results during and after a run on This machine', () => {
  it('streams the trials into the chart live, ticks the ETA, and draws the trials min–max as whiskers', async () => {
    onTestFailed(async () => {
      await page.screenshot({ path: join(SHOTS, 'fail.png'), fullPage: true }).catch(() => undefined);
    });
    await page.goto(server.url);
    await onlyThisMachine(page);
    // A stored run first: during the next run, Results must not show it as the latest, "completed".
    const first = await apiCall<{ jobId: string }>(server, 'run.start', { suite: 'quick', targets: ['local'], tests: ['small-files'] });
    await page.locator('[data-testid="run-status"][data-status="completed"]').waitFor({ timeout: 180_000 });
    expect(first.jobId).toBeTruthy();
    await page.getByTestId('nav-results').click();
    await page.locator('[data-testid="run-facts"] [data-testid="state-badge"]').waitFor({ timeout: 30_000 });

    // The plan before the click comes from that run for small-files (its step and its time around it) and from the plan for the rest
    // (seq-write's headline pass first, then the tests), and says so.
    await page.getByTestId('suite-select').selectOption('quick');
    const firstRun = (await apiCall<{ runs: { id: string }[] }>(server, 'runs.list')).runs[0];
    const past = await apiCall<Run>(server, 'runs.get', firstRun.id);
    const sf = past.targets[0].results[0].timing!.sec;
    const around = (Date.parse(past.finishedAt) - Date.parse(past.startedAt)) / 1000 - sf;
    const expected = Math.round(
      headlineEstimateSec('quick', 'seq-write', 'native') +
        ['seq-write', 'seq-read', 'rand-read'].reduce((a, t) => a + estimateSec('quick', t as TestId), 0) +
        Math.max(1, Math.round(sf)) +
        around,
    );
    const total = page.locator('[data-testid="run-plan-total"][data-ready="true"]');
    await total.waitFor({ timeout: 30_000 });
    expect({ source: await total.getAttribute('data-source'), seconds: Number(await total.getAttribute('data-seconds')) }).toEqual({
      source: 'history',
      seconds: expected,
    });
    expect(await page.getByTestId('run-plan-source').textContent()).toBe(' · estimated from your last run and the plan');

    await page.getByTestId('benchmark-button').click();
    await page.getByTestId('live-marker').waitFor({ timeout: 30_000 });
    expect(await page.locator('[data-testid="results-view"]').getAttribute('data-live')).toBe('true');
    expect(await page.locator('[data-testid="run-facts"] [data-testid="state-badge"]').count()).toBe(0);
    // The estimate says where it came from: the stored run timed small-files only, the rest is the plan's.
    expect(await page.getByTestId('eta-source').innerText()).toBe('estimated from your last run and the plan');

    // The first trial's value is in the chart while the run still goes on.
    const liveWhisker = page.locator('[data-testid="chart-throughput"] [data-testid="whisker"][data-key="write_MBps"]');
    await liveWhisker.first().waitFor({ timeout: 120_000 });
    expect(Number(await liveWhisker.first().getAttribute('data-median'))).toBeGreaterThan(0);
    expect(await page.getByTestId('live-marker').count()).toBe(1);
    expect(await page.getByTestId('run-panel').count()).toBe(1);

    // During rand-read (its trials send nothing for seconds) the ETA moves without a new event.
    await page.waitForFunction(() => /rand-read/.test(document.querySelector('[data-testid="progress-text"]')?.textContent ?? ''), null, { timeout: 180_000 });
    let ticked = false;
    for (let attempt = 0; attempt < 10 && !ticked; attempt++) {
      const seq = await page.getByTestId('run-panel').getAttribute('data-seq');
      const eta = await page.getByTestId('eta').getAttribute('data-eta-sec');
      const changed = await page
        .waitForFunction((before) => document.querySelector('[data-testid="eta"]')?.getAttribute('data-eta-sec') !== before, eta, { timeout: 5_000 })
        .then(
          () => true,
          () => false,
        );
      ticked = changed && (await page.getByTestId('run-panel').getAttribute('data-seq')) === seq;
    }
    expect(ticked).toBe(true);
    await shots('during');
    // History marks the run in progress live too, and leads back to its live results.
    await page.getByTestId('nav-history').click();
    await page.locator('[data-testid="live-history"] [data-testid="live-marker"]').waitFor();
    await page.getByTestId('live-history').getByRole('button').click();
    await page.locator('[data-testid="results-view"][data-live="true"]').waitFor();

    await page.locator('[data-testid="run-status"][data-status="completed"]').waitFor({ timeout: 300_000 });
    await page.locator('[data-testid="run-facts"] [data-testid="state-badge"]').waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('live-marker').count()).toBe(0);
    const runId = await page.locator('[data-testid="run-facts"] .mono').innerText();
    const run = await apiCall<Run>(server, 'runs.get', runId);
    const stored = run.targets[0].results;
    const whiskers = page.locator('[data-testid="whisker"]');
    await whiskers.first().waitFor();
    const drawn = await whiskers.evaluateAll((els) =>
      els.map((e) => ({
        key: e.getAttribute('data-key'),
        row: e.getAttribute('data-row'),
        min: Number(e.getAttribute('data-min')),
        max: Number(e.getAttribute('data-max')),
        n: Number(e.getAttribute('data-n')),
      })),
    );
    // seq-write, seq-read (throughput) and small-files' four operations: each whisker is exactly its trials' min and max.
    expect(drawn.length).toBeGreaterThanOrEqual(6);
    for (const w of drawn) {
      const [test, metric] =
        w.key === 'write_MBps' ? ['seq-write', 'write_MBps'] : w.key === 'read_MBps' ? ['seq-read', 'read_MBps'] : ['small-files', `${w.row}_per_s`];
      const values = stored.find((r) => r.test === test)!.samples[metric];
      expect({ metric, min: w.min, max: w.max, n: w.n }).toEqual({ metric, min: Math.min(...values), max: Math.max(...values), n: values.length });
    }
    await shots('after');
    expect(problems).toEqual([]);
  }, 900_000);
});
