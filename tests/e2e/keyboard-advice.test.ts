// Keyboard flow and the advice actions, against a real `vmbench web`: focus moves to the view's
// heading on every view change (sidebar click and Alt+digit, whose digits follow the sidebar's order);
// History's "Compare selected" is the next Tab stop after the list; What to change names the runtimes
// not measured yet and benchmarks them on a click; "Re-run after with thorough" shows its duration and
// starts nothing until confirmed; in compare mode the exports are the comparison. Screenshots of what
// changed (en/ja, 1440/1024, light/dark) go to test-results/screens/keyboard-advice/.
import type { Browser, BrowserContext, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedRuns, shootWidthsAndThemes, violationsInBothThemes } from '../helpers/a11y.js';
import { closeAll, launchBrowser, ourFioProcesses, shotsDir, startServer, type WebServer } from '../helpers/e2e-harness.js';

const SHOTS = shotsDir('keyboard-advice');
const ORDER = ['environments', 'advice', 'results', 'history', 'compare', 'share'] as const;
const TITLES: Record<(typeof ORDER)[number], string> = {
  environments: 'Environments',
  advice: 'What to change',
  results: 'Results',
  history: 'History',
  compare: 'Compare',
  share: 'Share card',
};

let server: WebServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
const starts: Request[] = [];
const errors: string[] = [];

/** The focused element: its test id and text. */
const focused = (p: Page): Promise<{ id: string | null; tag: string; text: string }> =>
  p.evaluate(() => ({
    id: document.activeElement?.getAttribute('data-testid') ?? null,
    tag: document.activeElement?.tagName ?? '',
    text: (document.activeElement?.textContent ?? '').trim(),
  }));

/** Cancels the active run, if any, and waits until it has ended. */
async function cancelActive(): Promise<void> {
  const cancel = page.getByTestId('cancel-button');
  if (await cancel.isVisible().catch(() => false)) await cancel.click().catch(() => undefined);
  await page.waitForFunction(() => !document.querySelector('[data-testid="cancel-button"]'), null, { timeout: 120_000 });
}

beforeAll(async () => {
  // Only This machine is found (the harness's default), so a click on "benchmark them" never reaches a
  // guest or a container of someone else's (a test's guest, a developer's VM).
  server = await startServer();
  browser = await launchBrowser();
  context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'en-US', colorScheme: 'light', reducedMotion: 'reduce' });
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  page = await context.newPage();
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('request', (r) => {
    if (r.url().endsWith('/api/run.start')) starts.push(r);
  });
  await page.goto(server.url);
  await page.getByTestId('benchmark-button').waitFor();
}, 120_000);

afterAll(() => closeAll(context, browser, server));

describe('advice for runtimes not measured yet', () => {
  it('names This machine as not measured (no stored run), not "Nothing to change", and benchmarks it on a click', async () => {
    await page.getByTestId('nav-advice').click();
    const banner = page.getByTestId('not-measured');
    await banner.waitFor({ timeout: 60_000 });
    expect(await banner.getAttribute('data-runtimes')).toBe('local');
    expect(await banner.innerText()).toMatch(/^Not measured yet: This machine\b/);
    expect(await page.locator('main').innerText()).not.toMatch(/^Nothing to change$/m);
    for (const lang of ['en', 'ja'] as const) {
      await page.getByTestId(`lang-${lang}`).click();
      await shootWidthsAndThemes(page, (w, s) => `${SHOTS}/advice-not-measured-${lang}-${w}-${s}.png`);
    }
    expect(await banner.innerText()).toContain('まだ測定していません: このマシン');
    await page.getByTestId('lang-en').click();
    await page.setViewportSize({ width: 1440, height: 900 });
    const found = await violationsInBothThemes(page);
    expect(found, found).toBe('');
    const before = starts.length;
    await page.getByTestId('benchmark-unmeasured').click();
    await page.getByTestId('cancel-button').waitFor({ timeout: 60_000 });
    expect(starts.length).toBe(before + 1);
    const spec = (JSON.parse(starts[before].postData() ?? '{}') as { args: [{ targets: string[] }] }).args[0];
    expect(spec.targets).toEqual(['local']);
    await cancelActive();
    expect(ourFioProcesses(server.child.pid ?? -1, server.home)).toEqual([]);
  });
});

describe('keyboard', () => {
  beforeAll(async () => {
    seedRuns(server.home, ['libvirt-before', 'libvirt-after']);
    await page.reload();
    await page.getByTestId('benchmark-button').waitFor();
  });

  it('moves focus to the view heading on every view change from the sidebar', async () => {
    for (const view of [...ORDER.slice(1), ORDER[0]]) {
      await page.getByTestId(`nav-${view}`).click();
      await page.getByTestId(`view-${view}`).waitFor();
      await page.waitForFunction((title) => document.activeElement?.tagName === 'H1' && document.activeElement.textContent === title, TITLES[view]);
      expect(await focused(page)).toEqual({ id: 'view-title', tag: 'H1', text: TITLES[view] });
    }
  });

  it('Alt+1..6 follow the sidebar order and move focus to the heading too', async () => {
    const nav = await page.locator('nav .nav-item').evaluateAll((els) => els.map((e) => e.getAttribute('data-testid')));
    expect(nav).toEqual(ORDER.map((v) => `nav-${v}`));
    for (const [i, view] of [...ORDER.entries()].reverse()) {
      await page.keyboard.press(`Alt+Digit${i + 1}`);
      await page.getByTestId(`view-${view}`).waitFor();
      await page.waitForFunction((title) => document.activeElement?.textContent === title, TITLES[view]);
      expect(await focused(page)).toEqual({ id: 'view-title', tag: 'H1', text: TITLES[view] });
      expect(await page.getByTestId(`nav-${view}`).getAttribute('aria-keyshortcuts')).toBe(`Alt+${i + 1}`);
    }
  });

  it('History: after ticking two runs, Compare selected is the next Tab stop after the list', async () => {
    await page.getByTestId('nav-history').click();
    const boxes = page.locator('[data-testid="history-list"] input[type="checkbox"]');
    await boxes.nth(0).check();
    await boxes.nth(1).check();
    // The last Tab stop of the list, then one Tab.
    await page.locator('[data-testid="history-list"] tbody tr').last().locator('button').last().focus();
    await page.keyboard.press('Tab');
    expect((await focused(page)).id).toBe('compare-picked');
    await page.keyboard.press('Enter');
    await page.getByTestId('view-compare').waitFor();
    await page.waitForFunction(() => document.activeElement?.textContent === 'Compare');
  });
});

describe('compare: the thorough re-run and the exports', () => {
  it("shows the re-run's duration and starts nothing until confirmed", async () => {
    await page.getByTestId('compare-table').waitFor({ timeout: 30_000 });
    const rerun = page.getByTestId('rerun-thorough');
    await rerun.waitFor();
    // thorough takes 7 trials and may add up to 12: the range of time and of trials.
    expect(await rerun.innerText()).toMatch(/^Re-run after with thorough \(~\d+(–\d+ min| min| s| s–\d+ min)\)$/);
    expect(await page.getByTestId('too-few-offer').innerText()).toContain('The thorough suite runs 7–12 trials per test');
    const before = starts.length;
    await rerun.click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    expect(await dialog.getByTestId('rerun-thorough-body').innerText()).toMatch(/7–12 trials per test: ~\d+(–\d+ min| min| s| s–\d+ min)\./);
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Cancel');
    await shootWidthsAndThemes(page, (w, s) => `${SHOTS}/rerun-confirm-en-${w}-${s}.png`);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(starts.length).toBe(before);
    // Confirmed, it asks the engine for a thorough run of the after side.
    await rerun.click();
    await page.getByRole('button', { name: 'Start the thorough run' }).click();
    await expect.poll(() => starts.length, { timeout: 10_000 }).toBe(before + 1);
    const spec = (JSON.parse(starts[before].postData() ?? '{}') as { args: [{ suite: string; targets: string[] }] }).args[0];
    expect(spec.suite).toBe('thorough');
    expect(spec.targets).toEqual(['local', 'libvirt:web']);
    await cancelActive();
  });

  it('in compare mode Copy Markdown and Save CSV export the comparison, not the after run alone', async () => {
    await page.getByTestId('nav-share').click();
    await page.getByTestId('share-run').selectOption('2026-01-20T14-20-00-test-after');
    await page.getByTestId('share-compare').selectOption('2026-01-20T14-00-00-test-before');
    await page.getByTestId('exports-compare').waitFor();
    await page.getByTestId('copy-markdown').click();
    await page.getByTestId('copied').getByText('Copied', { exact: false }).waitFor();
    const md = await page.evaluate(() => navigator.clipboard.readText());
    expect(md).toMatch(/^# vmbench: before → after$/m);
    expect(md).toContain('- `libvirt:web` diskIo: `default` → `io_uring`');
    expect(md).toMatch(/\| This machine \| Sequential write \| native \| Sequential write \| [\d,]+ MB\/s \| [\d,]+ MB\/s \| \d\.\d\d× \[/);
    const download = page.waitForEvent('download');
    await page.getByTestId('save-csv').click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('vmbench-compare-2026-01-20T14-00-00-test-before-vs-2026-01-20T14-20-00-test-after.csv');
    for (const lang of ['en', 'ja'] as const) {
      await page.getByTestId(`lang-${lang}`).click();
      await shootWidthsAndThemes(page, (w, s) => `${SHOTS}/share-compare-${lang}-${w}-${s}.png`);
    }
    await page.getByTestId('lang-en').click();
    expect(errors).toEqual([]);
  });
});
