// What to change in Japanese, end to end: a browser whose language is ja-JP opens `vmbench web` on a Mac
// setup replayed on this machine (Rancher Desktop's real captured settings, QEMU + reverse-sshfs, under a
// stub HOME with VMBENCH_HOST_PLATFORM=darwin; libvirt's in-process test driver instead of the system's
// domains). Checks the findings are in Japanese with no missing key, the evidence table and How to, no
// horizontal overflow at 1440 and 1024 px in both themes (screenshots kept in test-results/screens/advice-ja), and axe.
// This machine has no Japanese system font; a Japanese user's has one (Hiragino, Yu Gothic, Noto CJK), so the
// browser is given Noto Sans JP (the package the share card bundles) through its own fontconfig file.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeStubEnv, local, type StubEnv } from '../helpers/runtimes-stubs.js';
import { violationsInBothThemes } from '../helpers/a11y.js';
import { chromiumPath } from '../../scripts/chromium-path.mjs';
import { CHROMIUM_ARGS, closeAll, shotsDir, startServer, type WebServer } from '../helpers/e2e-harness.js';

let stub: StubEnv;
let server: WebServer | undefined;
let browser: Browser;
let fonts: string;
const LEAK = /advice:|\b(?:rule|evidence|weigh|gain|row|yours|title|view|severity)\.[a-zA-Z]+/;

beforeAll(async () => {
  stub = makeStubEnv({}, { '.config/rancher-desktop/settings.json': local('rancher-desktop/rdctl-list-settings.v4.json') });
  fonts = mkdtempSync(join(tmpdir(), 'vmbench-fonts-'));
  const jp = (w: string): string => dirname(createRequire(import.meta.url).resolve(`@expo-google-fonts/noto-sans-jp/${w}/NotoSansJP_${w}.ttf`));
  writeFileSync(
    join(fonts, 'fonts.conf'),
    `<?xml version="1.0"?>\n<!DOCTYPE fontconfig SYSTEM "fonts.dtd">\n<fontconfig><include ignore_missing="yes">/etc/fonts/fonts.conf</include><dir>${jp('400Regular')}</dir><dir>${jp('700Bold')}</dir><cachedir>${join(fonts, 'cache')}</cachedir></fontconfig>\n`,
  );
  browser = await chromium.launch({
    executablePath: chromiumPath(),
    args: CHROMIUM_ARGS,
    env: { ...process.env, FONTCONFIG_FILE: join(fonts, 'fonts.conf') } as Record<string, string>,
  });
}, 120_000);

afterAll(() => closeAll(browser, server, stub, fonts));

async function openAdvice(s: WebServer): Promise<Page> {
  const page = await (await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'ja-JP' })).newPage();
  await page.goto(s.url);
  // Alt+2 opens What to change whatever the navigation's words are. The sidebar attaches its key listener in an
  // effect after it first shows, so a press before that is lost (a CI run under load waited 120 s for nothing):
  // press until the view is open, as a user would.
  await page.getByTestId('nav-advice').waitFor({ timeout: 60_000 });
  await expect
    .poll(
      async () => {
        await page.keyboard.press('Alt+Digit2');
        return page.getByTestId('view-advice').isVisible();
      },
      { timeout: 60_000 },
    )
    .toBe(true);
  await page.locator('[data-testid="advice-list"], [data-testid="advice-empty"]').first().waitFor({ timeout: 120_000 });
  return page;
}

describe('What to change in Japanese', () => {
  it('shows the Rancher Desktop findings in Japanese, fits 1440 and 1024 px in both themes, and passes axe', async () => {
    server = await startServer({
      env: {
        HOME: stub.home,
        PATH: `${stub.bin}:${process.env.PATH}`,
        DOCKER_HOST: stub.env.DOCKER_HOST,
        DOCKER_CONFIG: join(stub.root, 'docker-config'),
        VMBENCH_HOST_PLATFORM: 'darwin',
        VMBENCH_LIBVIRT_URI: 'test:///default',
      },
    });
    const page = await openAdvice(server);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('ja');
    const card = page.locator('[data-testid="advice-card"][data-finding-id="rancher-desktop/vmType"]');
    expect(await card.locator('.advice-title').textContent()).toBe('Rancher Desktop の仮想マシンを Apple Virtualization（VZ）に切り替える');
    expect(await card.locator('.advice-effect').textContent()).toMatch(/^Rancher Desktop の VZ \+ virtiofs は 1,096\.65 MB\/s/);
    expect(await card.locator('.advice-yours').textContent()).toMatch(/^公表値から 7\.03 倍の見込み（killinsun（Zenn）、/);
    await card.getByText('根拠', { exact: true }).click();
    const table = card.getByTestId('evidence-table');
    expect(await table.locator('thead th').allTextContents()).toEqual(['出典', '日付', 'マシン', '数値']);
    expect(await table.locator('tbody tr td').first().textContent()).toBe('ブログ記事「Rancher Desktop のデフォルト設定は遅い？」（killinsun、Zenn）');
    const text = (await page.locator('[data-testid="advice-list"]').textContent()) ?? '';
    expect(text).not.toMatch(LEAK);
    for (const width of [1440, 1024]) {
      for (const colorScheme of ['light', 'dark'] as const) {
        await page.setViewportSize({ width, height: 900 });
        await page.emulateMedia({ colorScheme });
        // Japanese lines are wider: nothing in the list may stick out of its card or the page.
        const overflow = await page.evaluate(() => {
          const out: string[] = [];
          if (document.documentElement.scrollWidth > document.documentElement.clientWidth)
            out.push(`page ${document.documentElement.scrollWidth} > ${document.documentElement.clientWidth}`);
          for (const el of document.querySelectorAll<HTMLElement>('[data-testid="advice-card"] > :not(details), .advice-head > *')) {
            if (el.scrollWidth > el.clientWidth + 1) out.push(`${el.className}: ${el.scrollWidth} > ${el.clientWidth}`);
          }
          return out;
        });
        expect(overflow, `${width} ${colorScheme}`).toEqual([]);
        await page.screenshot({ path: join(shotsDir('advice-ja'), `advice-ja-${width}-${colorScheme}.png`), fullPage: true });
      }
    }
    await page.setViewportSize({ width: 1440, height: 900 });
    expect(await violationsInBothThemes(page)).toBe('');
    await page.context().close();
  }, 300_000);
});
