// Detection's reasons on the runtime cards in the page's language: a Lima instance folder and a damaged
// Rancher Desktop settings.json in the server's HOME, with no runtime CLI on its PATH. The cards say
// why in Japanese, follow the language switch to English, fit 1024 px and pass axe in both themes.
// Screenshots at 1440 and 1024 px in both themes go to /tmp/vmbench-detect-reasons-ja/.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shootWidthsAndThemes, violationsInBothThemes } from '../helpers/a11y.js';
import { closeAll, type JaSession, shotsDir, startJaSession, type WebServer } from '../helpers/e2e-harness.js';

const SHOTS = shotsDir('detect-reasons-ja');

let fake: string;
let session: JaSession | undefined;
let server: WebServer;
let page: Page;

beforeAll(async () => {
  fake = mkdtempSync(join(tmpdir(), 'vmbench-e2e-home-'));
  mkdirSync(join(fake, 'home', '.lima', 'dev'), { recursive: true });
  writeFileSync(join(fake, 'home', '.lima', 'dev', 'lima.yaml'), 'vmType: vz\nbase: https://example.com/base.yaml\n');
  mkdirSync(join(fake, 'home', '.config', 'rancher-desktop'), { recursive: true });
  writeFileSync(join(fake, 'home', '.config', 'rancher-desktop', 'settings.json'), '{"version": 10, "virtualMachine": {');
  mkdirSync(join(fake, 'bin'));
  session = await startJaSession(SHOTS, { HOME: join(fake, 'home'), PATH: join(fake, 'bin') });
  ({ server, page } = session);
}, 120_000);

afterAll(() => closeAll(session, fake));

describe('detection reasons in Japanese', () => {
  it("the runtime cards say why in the page's language, and follow the language switch", async () => {
    await page.goto(server.url);
    const reason = (id: string) => page.locator(`[data-testid="runtime-card"][data-runtime-id="${id}"] [data-testid="runtime-reason"]`);
    await reason('lima:dev').waitFor({ timeout: 60_000 });
    await reason('rancher-desktop').waitFor({ timeout: 60_000 });
    await page.evaluate(() =>
      Promise.all([document.fonts.load('16px "vmbench Noto Sans JP"', '日本語'), document.fonts.load('bold 16px "vmbench Noto Sans JP"', '日本語')]),
    );
    expect(await reason('lima:dev').textContent()).toMatch(
      /^limactl がインストールされていないか、PATH にありません。設定は .*lima\.yaml からのみ読み取りました；base テンプレート https:\/\/example\.com\/base\.yaml は URL です。/,
    );
    expect(await reason('rancher-desktop').textContent()).toBe(
      'rdctl がインストールされていないか、PATH にありません。設定は settings.json からのみ読み取りました；settings.json は有効な JSON ではありません',
    );

    await shootWidthsAndThemes(page, (width, scheme) => `${SHOTS}/environments-ja-${width}-${scheme}.png`, {
      fullPage: true,
      after: async () => expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true),
    });
    expect(await violationsInBothThemes(page)).toBe('');

    await page.locator('button[lang="en"]').click();
    await page.waitForFunction(() => document.documentElement.lang === 'en');
    expect(await reason('rancher-desktop').textContent()).toBe(
      'rdctl is not installed or not on PATH; settings were read from settings.json only; settings.json is not valid JSON',
    );
  });
});
