// An engine error in the page's language: another vmbench run holds the data folder's run lock (a real
// run.lock naming a live process, this test's own), Benchmark is pressed, and the error banner says so
// in Japanese, with its code; after the language switch the same banner reads in English. Nothing is
// started. Screenshots at 1440 and 1024 px in both themes go to /tmp/vmbench-error-ja/ for a person
// to look at; axe-core finds nothing in either theme.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shootWidthsAndThemes, violationsInBothThemes } from '../helpers/a11y.js';
import { apiCall, type JaSession, shotsDir, startJaSession, type WebServer } from '../helpers/e2e-harness.js';

const SHOTS = shotsDir('error-ja');

let session: JaSession | undefined;
let server: WebServer;
let page: Page;

beforeAll(async () => {
  session = await startJaSession(SHOTS);
  ({ server, page } = session);
}, 120_000);

afterAll(() => session?.close());

describe('an engine error in Japanese', () => {
  it("a run lock held by another vmbench: the banner says so in the page's language, and follows the language switch", async () => {
    writeFileSync(join(server.home, 'run.lock'), `${process.pid}\n`);
    await page.goto(server.url);
    await page.getByTestId('benchmark-button').waitFor();
    await page.evaluate(() =>
      Promise.all([document.fonts.load('16px "vmbench Noto Sans JP"', '日本語'), document.fonts.load('bold 16px "vmbench Noto Sans JP"', '日本語')]),
    );
    await page.getByTestId('benchmark-button').click();
    const banner = page.getByTestId('error-banner');
    await banner.waitFor({ timeout: 60_000 });
    const ja = `別の vmbench の実行（pid ${process.pid}）が ${server.home} を使用中です。終わるのを待つか、別の --data-dir を指定してください。`;
    expect(await banner.locator('.banner-text').textContent()).toBe(`busy${ja}`);
    expect(await banner.locator('.banner-code').textContent()).toBe('busy');
    // Nothing was started.
    expect((await apiCall<{ activeJobs: string[] }>(server, 'app.info')).activeJobs).toEqual([]);

    await shootWidthsAndThemes(page, (width, scheme) => `${SHOTS}/banner-ja-${width}-${scheme}.png`, {
      // The banner's text wraps inside the page: nothing wider than the window.
      after: async () => expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true),
    });
    expect(await violationsInBothThemes(page)).toBe('');

    // The language switch re-renders the same error in English (the message reference, not a stored string).
    await page.locator('button[lang="en"]').click();
    await page.waitForFunction(() => document.documentElement.lang === 'en');
    expect(await banner.locator('.banner-text').textContent()).toBe(
      `busyAnother vmbench run (pid ${process.pid}) is using ${server.home}. Wait for it to finish, or use another --data-dir.`,
    );
    await page.emulateMedia({ colorScheme: 'light' });
    await page.screenshot({ path: `${SHOTS}/banner-en-1024-light.png` });
  }, 180_000);
});
