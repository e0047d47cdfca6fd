// Detection appears at once: the last detection is shown (with its age) while a fresh one runs, each
// runtime kind streams in as it answers, and a hung CLI shows "checking…" and then its time-out reason.
// limactl cannot be installed here; the stub replays the real `limactl list --json` capture of
// lima-vm/lima PR 308 (../shared/fixtures/lima/SOURCES.txt), and hangs once the test says so.
import { chmodSync, existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeStubEnv, shared, type StubEnv } from '../helpers/runtimes-stubs.js';
import { violationsInBothThemes } from '../helpers/a11y.js';
import { launchBrowser, startServer, type WebServer } from '../helpers/e2e-harness.js';

let stub: StubEnv;
let server: WebServer;
let browser: Browser;
let page: Page;
let hangFlag: string;
let hungMark: string;

const card = (id: string): string => `[data-testid="runtime-card"][data-runtime-id="${id}"]`;

beforeAll(async () => {
  stub = makeStubEnv({});
  hangFlag = join(stub.root, 'hang');
  hungMark = join(stub.root, 'hung');
  const capture = shared('lima/list-json.lima-pr308-2021.ndjson');
  const q = (s: string): string => `'${s.replace(/'/g, `'\\''`)}'`;
  const limactl = join(stub.bin, 'limactl');
  writeFileSync(
    limactl,
    [
      '#!/bin/sh',
      `if [ -e ${q(hangFlag)} ]; then : > ${q(hungMark)}; exec /bin/sleep 30; fi`,
      'case "$*" in',
      `  "list --json") /bin/cat ${q(capture)};;`,
      '  *) echo "stub limactl: no real capture for: $*" >&2; exit 1;;',
      'esac',
      '',
    ].join('\n'),
  );
  chmodSync(limactl, 0o755);
  server = await startServer({ env: stub.env });
  browser = await launchBrowser();
  page = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  stub?.cleanup();
});

describe('detection appears at once', () => {
  it('saves a finished detection', async () => {
    await page.goto(server.url);
    await page.locator(card('lima:default')).waitFor();
    await page.waitForFunction(() => !document.querySelector('[data-testid="detect-status"]')?.textContent?.includes('checking'));
    expect(await page.locator(card('lima:alpine')).getByTestId('state-badge').textContent()).toBe('stopped');
    expect(existsSync(join(server.home, 'last-detect.json'))).toBe(true);
  });

  it('says why a stopped instance cannot be selected and offers Start with the command in an accessible dialog', async () => {
    const alpine = page.locator(card('lima:alpine'));
    expect(await alpine.getByTestId('target-lima:alpine').isDisabled()).toBe(true);
    expect(await alpine.getByTestId('unusable-reason').textContent()).toBe('Lima alpine is stopped, so it cannot be benchmarked. Start it first.');
    await alpine.getByTestId('start-button').click();
    const dialog = page.getByRole('dialog', { name: 'Start Lima alpine?' });
    expect(await dialog.getByTestId('start-command').textContent()).toBe('limactl start alpine');
    expect(await violationsInBothThemes(page)).toBe('');
    // Escape closes the dialog without running anything (the stub would fail "limactl start": no capture).
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await alpine.getByTestId('state-badge').textContent()).toBe('stopped');
  });

  it('shows the last detection with its age while a hung CLI keeps its kind checking, then its time-out reason', async () => {
    writeFileSync(hangFlag, '');
    await page.reload();
    // The saved detection is on screen while limactl is still hanging: the lima cards say "checking…".
    await page.getByTestId('detect-status').filter({ hasText: /^Last detection, \d+ s ago · checking again…$/ }).waitFor();
    expect(await page.locator(card('lima:default')).getAttribute('data-checking')).toBe('true');
    expect(await page.locator(card('lima:default')).getByTestId('state-badge').textContent()).toBe('checking…');
    // The other kinds are not held back: this machine answers fresh while limactl still hangs.
    await page.waitForFunction(
      ({ local, lima }) => document.querySelector(local)?.getAttribute('data-checking') === null && document.querySelector(lima)?.getAttribute('data-checking') === 'true',
      { local: card('local'), lima: card('lima:default') },
    );
    expect(existsSync(hungMark)).toBe(true);
    // Then the hung kind answers with its time-out reason and the saved instances go away.
    const reason = page.locator(card('lima')).getByTestId('runtime-reason');
    await reason.waitFor({ timeout: 30_000 });
    expect(await reason.textContent()).toMatch(/limactl list --json did not answer within 4 s/);
    expect(await page.locator(card('lima:default')).count()).toBe(0);
    await page.getByTestId('detect-status').filter({ hasText: /runtimes? found in/ }).waitFor();
  });
});
