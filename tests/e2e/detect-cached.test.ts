// Detection appears at once: the last detection is shown (with its age) while a fresh one runs, each
// runtime kind streams in as it answers, and a hung CLI shows "checking…" and then its time-out reason.
// limactl cannot be installed here; the stub replays the real `limactl list --json` capture of
// lima-vm/lima PR 308 (tests/fixtures/captures/lima/SOURCES.txt), and hangs once the test says so.
// The hung kind is "checking" only until its 4 s time-out, so nothing here polls the page inside that
// window (a loaded machine may not even render it): the page records every state it commits, and the
// test's own event socket records whether limactl was still hanging when This machine's answer went out.
import { chmodSync, existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { makeStubEnv, captured, type StubEnv } from '../helpers/runtimes-stubs.js';
import { violationsInBothThemes } from '../helpers/a11y.js';
import { closeAll, launchBrowser, startServer, type WebServer } from '../helpers/e2e-harness.js';

let stub: StubEnv;
let server: WebServer;
let browser: Browser;
let page: Page;
let hangFlag: string;
let hungMark: string;
let stoppedMark: string;

const card = (id: string): string => `[data-testid="runtime-card"][data-runtime-id="${id}"]`;

beforeAll(async () => {
  stub = makeStubEnv({});
  hangFlag = join(stub.root, 'hang');
  hungMark = join(stub.root, 'hung');
  stoppedMark = join(stub.root, 'stopped');
  const capture = captured('lima/list-json.lima-pr308-2021.ndjson');
  const q = (s: string): string => `'${s.replace(/'/g, `'\\''`)}'`;
  const limactl = join(stub.bin, 'limactl');
  writeFileSync(
    limactl,
    [
      '#!/bin/sh',
      // Hung: marks that it hangs, and when the engine stops it at its time-out, that it was stopped.
      `if [ -e ${q(hangFlag)} ]; then trap ': > ${q(stoppedMark)}; exit 143' TERM INT; : > ${q(hungMark)}; /bin/sleep 30 & wait $!; fi`,
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

afterAll(() => closeAll(browser, server, stub));

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
    // Every state the page commits, recorded by the page itself from its first script on.
    await page.addInitScript(recordDetectStates);
    // This test's own event socket: was limactl stopped yet when This machine's answer was sent?
    const limaStoppedAtLocal: boolean[] = [];
    const events = await openEvents(server, (ev) => {
      if (ev.type === 'detect-kind' && ev.kind === 'local') limaStoppedAtLocal.push(existsSync(stoppedMark));
    });
    try {
      await page.reload();
      // Then the hung kind answers with its time-out reason and the saved instances go away.
      const reason = page.locator(card('lima')).getByTestId('runtime-reason');
      await reason.waitFor({ timeout: 30_000 });
      expect(await reason.textContent()).toMatch(/limactl list --json did not answer within 4 s/);
      expect(await page.locator(card('lima:default')).count()).toBe(0);
      await page
        .getByTestId('detect-status')
        .filter({ hasText: /runtimes? found in/ })
        .waitFor();
    } finally {
      events.close();
    }
    expect(existsSync(hungMark)).toBe(true);
    expect(existsSync(stoppedMark)).toBe(true);
    const states = await page.evaluate(() => (window as unknown as { __detectStates: DetectState[] }).__detectStates);
    // The saved detection was on screen while limactl was still hanging: the lima cards said "checking…".
    expect(states, JSON.stringify(states)).toContainEqual(
      expect.objectContaining({ status: expect.stringMatching(/^Last detection, \d+ s ago · checking again…$/), lima: 'true', limaBadge: 'checking…' }),
    );
    // The other kinds are not held back: this machine was shown fresh while the lima cards still said "checking…",
    expect(states, JSON.stringify(states)).toContainEqual(expect.objectContaining({ local: 'fresh', lima: 'true' }));
    // and its answer left the engine before limactl was stopped (one detection, one answer).
    expect(limaStoppedAtLocal).toEqual([false]);
  });
});

/** What the page showed of the detection at one commit (data-checking of a card: "true", "fresh", or null when absent). */
interface DetectState {
  status: string | null;
  local: string | null;
  lima: string | null;
  limaBadge: string | null;
}

/** Runs in the page before its own scripts: records each distinct DetectState as the DOM changes (a MutationObserver, no polling). */
function recordDetectStates(): void {
  const w = window as unknown as { __detectStates: DetectState[] };
  w.__detectStates = [];
  let last = '';
  const cardOf = (id: string): Element | null => document.querySelector(`[data-testid="runtime-card"][data-runtime-id="${id}"]`);
  new MutationObserver(() => {
    const local = cardOf('local');
    const lima = cardOf('lima:default');
    const state: DetectState = {
      status: document.querySelector('[data-testid="detect-status"]')?.textContent ?? null,
      local: local ? (local.getAttribute('data-checking') ?? 'fresh') : null,
      lima: lima ? (lima.getAttribute('data-checking') ?? 'fresh') : null,
      limaBadge: lima?.querySelector('[data-testid="state-badge"]')?.textContent ?? null,
    };
    const key = JSON.stringify(state);
    if (key !== last) w.__detectStates.push(state);
    last = key;
  }).observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
}

/** Subscribes to the server's event socket as the page does (its key as ?token=), once it is open. */
async function openEvents(s: WebServer, onEvent: (ev: { type?: string; kind?: string }) => void): Promise<WebSocket> {
  const origin = new URL(s.url).origin;
  const ws = new WebSocket(`${origin.replace(/^http/, 'ws')}/api/events?token=${s.token}`, { headers: { origin } });
  ws.on('message', (data) => onEvent(JSON.parse(String(data)) as { type?: string; kind?: string }));
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  return ws;
}
