// A stopped VM says why it cannot be selected and offers Start, which runs the runtime's own CLI only
// after a confirmation. Live: a real libvirt test guest (scripts/libvirt-test-guest.mjs), defined but
// not started, on the libvirtd of scripts/setup-live.sh. Run under the live lock:
//   flock /tmp/vmbench-live.lock npx vitest run --project live-vm tests/live/start-stopped.test.ts
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildGuestImage, defineTestGuest, virsh, type DefinedGuest } from '../../scripts/libvirt-test-guest.mjs';
import { launchBrowser, ROOT, startServer, type WebServer } from '../helpers/e2e-harness.js';

const URI = 'qemu:///system';
const domain = `vmbench-start-${process.pid}-${Date.now().toString(36)}`;
const id = `libvirt:${domain}`;
let guest: DefinedGuest | undefined;
let server: WebServer;
let browser: Browser;
let page: Page;

const card = `[data-testid="runtime-card"][data-runtime-id="${id}"]`;
const domstate = (): string => virsh(URI, ['domstate', domain]).trim();

beforeAll(async () => {
  execFileSync('sh', [join(ROOT, 'scripts', 'setup-live.sh')], { stdio: ['ignore', 'inherit', 'inherit'], timeout: 900_000 });
  guest = defineTestGuest({ image: buildGuestImage(), name: domain, uri: URI });
  server = await startServer({ env: { VMBENCH_LIBVIRT_URI: URI } });
  browser = await launchBrowser();
  page = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage();
}, 900_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await guest?.stop();
});

describe('a stopped VM', () => {
  it('says why it cannot be selected and offers Start', async () => {
    await page.goto(server.url);
    await page
      .locator(card)
      .getByTestId('state-badge')
      .filter({ hasText: /^stopped$/ })
      .waitFor({ timeout: 60_000 });
    const box = page.locator(card).getByTestId(`target-${id}`);
    expect(await box.isDisabled()).toBe(true);
    const why = page.locator(card).getByTestId('unusable-reason');
    expect(await why.textContent()).toBe(`libvirt ${domain} is stopped, so it cannot be benchmarked. Start it first.`);
    // The reason is what a screen reader announces for the disabled checkbox.
    expect(await box.getAttribute('aria-describedby')).toBe(await why.getAttribute('id'));
  });

  it('changes nothing when the confirmation is cancelled', async () => {
    await page.locator(card).getByTestId('start-button').click();
    const dialog = page.getByRole('dialog', { name: `Start libvirt ${domain}?` });
    await dialog.waitFor();
    expect(await dialog.getByTestId('start-command').textContent()).toBe(`virsh -c ${URI} start ${domain}`);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(domstate()).toBe('shut off');
  });

  it('starts the guest after confirmation, then it is running and selected', async () => {
    await page.locator(card).getByTestId('start-button').click();
    const dialog = page.getByRole('dialog', { name: `Start libvirt ${domain}?` });
    await dialog.getByRole('button', { name: 'Start', exact: true }).click();
    await page
      .locator(card)
      .getByRole('status')
      .filter({ hasText: /^Starting libvirt .*a VM can take a few minutes to boot\.$/ })
      .waitFor();
    // Started means the guest agent answers (scripts run through it); a TCG boot takes a minute or more.
    await page
      .locator(card)
      .getByTestId('state-badge')
      .filter({ hasText: /^running$/ })
      .waitFor({ timeout: 420_000 });
    expect(domstate()).toBe('running');
    const box = page.locator(card).getByTestId(`target-${id}`);
    // The card turns running as soon as libvirt answers (streamed); the selection follows when the detection has finished.
    await expect.poll(() => box.isChecked(), { timeout: 60_000 }).toBe(true);
    expect(await box.isDisabled()).toBe(false);
    expect(await page.locator(card).getByTestId('start-runtime').count()).toBe(0);
  });
});
