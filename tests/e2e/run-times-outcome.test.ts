// Times and the end of a run, as a new user meets them (issue 43, items 8 and 9), with the machine's and the
// browser's zone set to Asia/Tokyo (UTC+9), where a UTC time cannot pass for local time:
// - every time shown (the run pickers of Results and Compare, the run's facts, History) is local time with its
//   zone, from the one formatter; the pickers' labels are short and distinct and fit their select at 1024 px in
//   Japanese (they were the time, the suite, the status and every test's name, identical but for the time);
// - after a run, Results shows no "Benchmark finished… View results" banner (the page is the results); the
//   status is still read out, and on another view the banner and its button are there.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedRuns, violationsInBothThemes } from '../helpers/a11y.js';
import { apiCall, closeAll, launchBrowser, onlyThisMachine, startServer, type WebServer } from '../helpers/e2e-harness.js';

let server: WebServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  server = await startServer({ env: { TZ: 'Asia/Tokyo' } });
  seedRuns(server.home, ['quick-multi', 'libvirt-before', 'libvirt-after']);
  browser = await launchBrowser();
  context = await browser.newContext({ viewport: { width: 1024, height: 768 }, timezoneId: 'Asia/Tokyo', locale: 'en-US', reducedMotion: 'reduce' });
  page = await context.newPage();
  await page.goto(server.url);
  await onlyThisMachine(page);
}, 180_000);

afterAll(() => closeAll(context, browser, server));

/** The option labels of a run picker. */
const labels = (testId: string): Promise<string[]> => page.getByTestId(testId).locator('option').allInnerTexts();

/** Whether the selected option's text fits the select (its width less the arrow's room), measured in its own font. */
const selectedFits = (testId: string): Promise<boolean> =>
  page.getByTestId(testId).evaluate((sel: HTMLSelectElement) => {
    const ctx = document.createElement('canvas').getContext('2d')!;
    const cs = getComputedStyle(sel);
    ctx.font = `${cs.fontWeight} ${cs.fontSize} ${cs.fontFamily}`;
    const room = sel.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight) - 20;
    return ctx.measureText(sel.selectedOptions[0]?.text ?? '').width <= room;
  });

describe('times in local time with the zone, and short run pickers', () => {
  for (const lang of ['en', 'ja'] as const) {
    it(`shows every time in UTC+9 and short, distinct run labels at 1024 px in ${lang}`, async () => {
      await page.getByTestId(`lang-${lang}`).click();
      await page.waitForFunction((l) => document.documentElement.lang === l, lang);
      const day = lang === 'ja' ? '2026/01/20' : '2026-01-20';
      await page.getByTestId('nav-results').click();
      await page.getByTestId('results-run-select').waitFor();
      const results = await labels('results-run-select');
      expect(results).toHaveLength(3);
      // libvirt-after started at 14:20 UTC: 23:20 in Tokyo.
      expect(results[0]).toContain(`${day} 23:20 UTC+9`);
      for (const l of results) expect(l).toMatch(/ UTC\+9\b/);
      expect(new Set(results).size).toBe(results.length);
      for (const l of results) expect(l.length, l).toBeLessThanOrEqual(40);
      expect(await selectedFits('results-run-select')).toBe(true);
      expect(await page.getByTestId('run-facts').innerText()).toContain(`${day} 23:20 UTC+9`);
      await page.getByTestId('nav-compare').click();
      await page.getByTestId('compare-a').waitFor();
      for (const id of ['compare-a', 'compare-b']) {
        for (const l of await labels(id)) expect(l.replace(/ · .*(nothing in common|共通の指標なし)$/, '').length, l).toBeLessThanOrEqual(40);
        expect(await selectedFits(id)).toBe(true);
      }
      await page.getByTestId('nav-history').click();
      await page.getByTestId('history-list').waitFor();
      expect(await page.getByTestId('history-list').innerText()).toContain(`${day} 23:20 UTC+9`);
      expect(await page.getByTestId('history-list').innerText()).not.toMatch(/\d\d:\d\d UTC\b(?!\+)/);
    });
  }
});

describe('the end of a run, seen from Results', () => {
  it('shows no "View results" banner on Results, reads the status out, and shows the banner elsewhere', async () => {
    await page.getByTestId('lang-en').click();
    await page.getByTestId('nav-results').click();
    await page.getByTestId('results-run-select').waitFor();
    await apiCall(server, 'run.start', { suite: 'quick', targets: ['local'], tests: ['small-files'] });
    const status = page.locator('[data-testid="run-status"][data-status="completed"]');
    await status.waitFor({ state: 'attached', timeout: 180_000 });
    expect(await page.getByTestId('view-results').isVisible()).toBe(true);
    expect(await page.getByTestId('view-results-button').count()).toBe(0);
    expect(await page.getByText('View results', { exact: true }).count()).toBe(0);
    expect(await status.getAttribute('role')).toBe('status');
    expect(await status.innerText()).toMatch(/^Benchmark finished\./);
    expect(await violationsInBothThemes(page)).toBe('');
    await page.getByTestId('nav-environments').click();
    await page.getByTestId('view-results-button').waitFor();
    await page.getByTestId('view-results-button').click();
    await page.getByTestId('view-results').waitFor();
    expect(await page.getByTestId('view-results-button').count()).toBe(0);
  }, 240_000);
});
