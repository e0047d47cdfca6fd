// The header on a Mac with five runtimes (issue 43: at 1024×768 it took 247 of 768 px, the subtitle in a
// narrow column, the chips on four rows, and all of it stayed on screen while scrolling). Replayed here: Docker
// Desktop's and Rancher Desktop's real settings files under a stub HOME, Lima's and Vagrant's real captured
// listings through stub CLIs (two running Lima instances), libvirt's in-process test driver,
// VMBENCH_HOST_PLATFORM=darwin; the five targets that can be measured chosen (This machine, Lima test and test2,
// Vagrant's running machine, libvirt's test domain). At 1024 px in English and
// Japanese the header is at most 120 px with five chips on one line, and at most 70 px once scrolled; its
// labels are in one case at 1440 and 1024 px. Axe in both themes.
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { violationsInBothThemes } from '../helpers/a11y.js';
import { closeAll, launchBrowser, shotsDir, startServer, type WebServer } from '../helpers/e2e-harness.js';
import { captured, local, MAC_DD_STORE, makeStubEnv, type StubEnv } from '../helpers/runtimes-stubs.js';

let stub: StubEnv;
let server: WebServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
const shots = shotsDir('header-compact');

beforeAll(async () => {
  stub = makeStubEnv(
    {
      limactl: [{ args: '"list --json"', stdout: local('lima/list-json.trellis-cli-d3894d6.ndjson') }],
      vagrant: [
        { args: '"global-status --machine-readable"', stdout: captured('vagrant/global-status-machine-readable.virtualbox-2machines.txt') },
        { args: '"--version"', stdout: captured('vagrant/version.samples.txt'), line: 3 },
      ],
    },
    {
      '.config/rancher-desktop/settings.json': local('rancher-desktop/rdctl-list-settings.v4.json'),
      [MAC_DD_STORE]: captured('docker-desktop/settings-store.marslo-v40.json'),
    },
  );
  server = await startServer({
    env: { HOME: stub.home, PATH: `${stub.bin}:${process.env.PATH}`, VMBENCH_HOST_PLATFORM: 'darwin', VMBENCH_LIBVIRT_URI: 'test:///default' },
  });
  browser = await launchBrowser();
  context = await browser.newContext({ viewport: { width: 1024, height: 768 }, reducedMotion: 'reduce' });
  page = await context.newPage();
  await page.goto(server.url);
  await page.waitForFunction(() => document.querySelector('[data-testid="refresh-button"]')?.hasAttribute('disabled') === false, undefined, {
    timeout: 120_000,
  });
  // Five runtimes chosen: tick targets that are not chosen yet until the plan lists five.
  for (const box of await page.locator('input[type="checkbox"][data-testid^="target-"]:not(:checked):not(:disabled)').all()) {
    if ((await page.getByTestId('run-plan-item').count()) >= 5) break;
    await box.check();
  }
}, 180_000);

afterAll(() => closeAll(context, browser, server, stub));

/** The header's height now. */
const headerHeight = async (): Promise<number> => (await page.locator('header.topbar').boundingBox())!.height;

describe('the header on a Mac with five runtimes', () => {
  it('plans five runtimes', async () => {
    const names = await page.locator('[data-testid="run-plan-item"] .run-plan-name').allInnerTexts();
    expect(names).toHaveLength(5);
    expect(new Set(names).size).toBe(5);
  });

  for (const lang of ['en', 'ja'] as const) {
    it(`is at most 120 px at 1024×768 in ${lang}, its chips on one line and whole names in their tooltips, and collapses when scrolled`, async () => {
      await page.setViewportSize({ width: 1024, height: 768 });
      await page.getByTestId(`lang-${lang}`).click();
      await page.waitForFunction((l) => document.documentElement.lang === l, lang);
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.screenshot({ path: join(shots, `mac5-1024-${lang}.png`) });
      expect(await headerHeight()).toBeLessThanOrEqual(120);
      // The chips share one line; the description is one line too, not a narrow column.
      const tops = await page.getByTestId('run-plan-item').evaluateAll((els) => els.map((e) => Math.round(e.getBoundingClientRect().top)));
      expect(new Set(tops).size).toBe(1);
      const sub = page.locator('.topbar-title > p');
      expect(await sub.evaluate((p) => p.getBoundingClientRect().height)).toBeLessThanOrEqual(20);
      const title = await page.getByTestId('run-plan-item').first().getAttribute('title');
      expect(title).toMatch(lang === 'en' ? /^This machine: native$/ : /^このマシン：ネイティブ$/);
      // Scrolled: the title and the controls only, the primary button still there.
      await page.evaluate(() => window.scrollTo(0, 600));
      await expect.poll(headerHeight).toBeLessThanOrEqual(70);
      await page.screenshot({ path: join(shots, `mac5-1024-${lang}-scrolled.png`) });
      expect(await headerHeight()).toBeLessThanOrEqual(70);
      expect(await page.getByTestId('benchmark-button').isVisible()).toBe(true);
      expect(await page.getByTestId('run-plan').isVisible()).toBe(false);
      // Back at the top: whole again.
      await page.evaluate(() => window.scrollTo(0, 0));
      await expect.poll(() => page.getByTestId('run-plan').isVisible()).toBe(true);
    });
  }

  it('writes the run options in one case at 1440 and at 1024 px', async () => {
    await page.getByTestId('lang-en').click();
    await page.waitForFunction(() => document.documentElement.lang === 'en');
    const cases: Record<number, string[]> = {};
    for (const width of [1440, 1024]) {
      await page.setViewportSize({ width, height: 768 });
      cases[width] = await page.locator('.run-controls .field-label').evaluateAll((els) => els.map((e) => getComputedStyle(e).textTransform));
      await page.screenshot({ path: join(shots, `mac5-${width}-en-labels.png`) });
    }
    expect(cases[1440]).toEqual(cases[1024]);
    expect(new Set(cases[1440])).toEqual(new Set(['none']));
  });

  it('passes axe in both themes at 1024 px', async () => {
    await page.setViewportSize({ width: 1024, height: 768 });
    expect(await violationsInBothThemes(page)).toBe('');
  });
});
