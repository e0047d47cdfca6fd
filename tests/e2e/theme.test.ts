// The theme follows the system setting (prefers-color-scheme) until the user picks one with the toggle.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeAll, launchBrowser, startServer, type WebServer } from '../helpers/e2e-harness.js';

let server: WebServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;

const theme = (): Promise<string | undefined> => page.evaluate(() => document.documentElement.dataset.theme);
const background = (): Promise<string> => page.evaluate(() => getComputedStyle(document.body).backgroundColor);

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  context = await browser.newContext({ viewport: { width: 1024, height: 768 }, colorScheme: 'light' });
  page = await context.newPage();
}, 120_000);

afterAll(() => closeAll(browser, server));

describe('theme', () => {
  it('starts in the system theme and follows it while the user has not picked one', async () => {
    await page.goto(server.url);
    await page.getByTestId('theme-toggle').waitFor();
    expect(await theme()).toBe('light');
    const light = await background();
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.waitForFunction(() => document.documentElement.dataset.theme === 'dark');
    expect(await background()).not.toBe(light);
    expect(await page.getByTestId('theme-toggle').getAttribute('aria-label')).toBe('Switch to light theme');
    await page.emulateMedia({ colorScheme: 'light' });
    await page.waitForFunction(() => document.documentElement.dataset.theme === 'light');
    expect(await page.getByTestId('theme-toggle').getAttribute('aria-label')).toBe('Switch to dark theme');
  });

  it('keeps the theme the user picked, over the system setting and across reloads', async () => {
    await page.getByTestId('theme-toggle').click();
    expect(await theme()).toBe('dark');
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.emulateMedia({ colorScheme: 'light' });
    // The page has seen the change (a frame later its media listeners have run): the pick still holds.
    await page.waitForFunction(() => matchMedia('(prefers-color-scheme: light)').matches);
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    expect(await theme()).toBe('dark');
    await page.reload();
    await page.getByTestId('theme-toggle').waitFor();
    expect(await theme()).toBe('dark');
  });
});
