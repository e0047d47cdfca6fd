// What to change, end to end, on two setups:
// - a Mac setup replayed on this Linux machine: Rancher Desktop's real captured settings (QEMU +
//   reverse-sshfs, tests/fixtures/captures/rancher-desktop) under a stub HOME, with VMBENCH_HOST_PLATFORM=darwin
//   standing in for the Mac, and a real libvirt domain with an IDE disk and default io (defined, not started);
// - a live run: the VM stream's shared libvirt test guest (scripts/shared-test-guest.mjs: default io, no 9p
//   share, so only its disk is measured; verdicts-throttle-libvirt reads the same one, and it boots here when
//   this file runs alone) measured with rand-read next to This machine, so the disk-io finding carries the
//   user's own number. The tuned-setup test stops it: that setup must show no such guest.
// Checks the rank order, the "yours" figure beside the published one, Apply only where vmbench can
// apply, How to with the menu path elsewhere, the Evidence table, and the empty state on a tuned setup.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DetectResult, Finding } from '../../electron/contract/contract.js';
import { virsh } from '../../scripts/libvirt-test-guest.mjs';
import { sharedGuest, stopSharedGuest } from '../../scripts/shared-test-guest.mjs';
import { makeStubEnv, captured, type StubEnv } from '../helpers/runtimes-stubs.js';
import { apiCall, launchBrowser, ROOT, startServer, type WebServer } from '../helpers/e2e-harness.js';

const URI = 'qemu:///system';
const tag = `${process.pid}-${Date.now().toString(36)}`;
const ideDomain = `vmbench-ide-${tag}`;
let liveDomain = '';
let stub: StubEnv;
let work: string;
let ideDefined = false;
let server: WebServer | undefined;
let browser: Browser;

const api = apiCall;

/** The env of a `vmbench web` that sees the replayed Mac home, this machine's libvirt, and no Docker. */
function macEnv(): NodeJS.ProcessEnv {
  return {
    HOME: stub.home,
    PATH: `${stub.bin}:${process.env.PATH}`,
    DOCKER_HOST: stub.env.DOCKER_HOST,
    DOCKER_CONFIG: join(stub.root, 'docker-config'),
    VMBENCH_HOST_PLATFORM: 'darwin',
    VMBENCH_LIBVIRT_URI: URI,
  };
}

async function openAdvice(s: WebServer): Promise<Page> {
  const page = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage();
  await page.goto(s.url);
  await page.getByRole('button', { name: /What to change/ }).click();
  await page.locator('[data-testid="advice-list"], [data-testid="advice-empty"]').first().waitFor({ timeout: 120_000 });
  return page;
}

/** The cards in screen order: finding id, rank, Apply button, How to, "yours" text. */
async function cards(page: Page): Promise<{ id: string; rank: number; apply: boolean; howto: boolean; yours: string | null }[]> {
  return page.locator('[data-testid="advice-card"]').evaluateAll((els) =>
    els.map((el) => ({
      id: el.getAttribute('data-finding-id') ?? '',
      rank: Number(el.getAttribute('data-rank')),
      apply: [...el.querySelectorAll('button')].some((b) => b.textContent?.trim() === 'Apply…'),
      howto: el.querySelector('[data-testid="advice-howto"]') !== null,
      yours: el.querySelector('[data-testid="advice-yours"]')?.textContent ?? null,
    })),
  );
}

beforeAll(async () => {
  execFileSync('sh', [join(ROOT, 'scripts', 'setup-live.sh')], { stdio: ['ignore', 'inherit', 'inherit'], timeout: 900_000 });
  stub = makeStubEnv({}, { '.config/rancher-desktop/settings.json': captured('rancher-desktop/rdctl-list-settings.v10-macos.json') });
  work = mkdtempSync(join(tmpdir(), 'vmbench-adv-'));
  const disk = join(work, 'ide.qcow2');
  execFileSync('qemu-img', ['create', '-q', '-f', 'qcow2', disk, '32M']);
  writeFileSync(
    join(work, 'ide.xml'),
    `<domain type='qemu'><name>${ideDomain}</name><memory unit='MiB'>128</memory><vcpu>1</vcpu>
  <os><type arch='x86_64' machine='pc'>hvm</type></os>
  <devices>
    <disk type='file' device='disk'><driver name='qemu' type='qcow2'/><source file='${disk}'/><target dev='hda' bus='ide'/></disk>
    <interface type='user'><model type='virtio'/></interface>
  </devices></domain>`,
  );
  virsh(URI, ['define', join(work, 'ide.xml')]);
  ideDefined = true;
  browser = await launchBrowser();
}, 900_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  if (ideDefined) virsh(URI, ['undefine', ideDomain]);
  rmSync(work, { recursive: true, force: true });
  stub?.cleanup();
});

describe('What to change', () => {
  it('on a replayed Mac setup (Rancher QEMU + reverse-sshfs, libvirt IDE disk with default io): ranked, Apply only where vmbench can, How to elsewhere, evidence as a table', async () => {
    server = await startServer({ env: macEnv() });
    const page = await openAdvice(server);
    const shown = await cards(page);
    const ids = shown.map((c) => c.id);
    expect(ids).toEqual(expect.arrayContaining(['rancher-desktop/mountType', `libvirt:${ideDomain}/diskBus`, `libvirt:${ideDomain}/diskIo`]));
    // The screen order is the engine's rank, 1..n, and published gains fall along it.
    expect(shown.map((c) => c.rank)).toEqual(shown.map((_, i) => i + 1));
    const { runtimes } = await api<DetectResult>(server, 'detect');
    const byId = new Map(runtimes.flatMap((r) => r.findings).map((f) => [f.id, f] as [string, Finding]));
    const gains = ids.map((id) => byId.get(id)?.gain ?? 0).filter((g) => g > 0);
    expect(gains).toEqual([...gains].sort((a, b) => b - a));
    // Rancher's shared folder (7× published) outranks io_uring (+15% published).
    expect(ids.indexOf('rancher-desktop/mountType')).toBeLessThan(ids.indexOf(`libvirt:${ideDomain}/diskIo`));
    // Apply exactly where vmbench can change it (rdctl, the domain XML); How to for changes only an app can make.
    for (const c of shown) {
      const f = byId.get(c.id)!;
      const appliable = f.apply !== undefined && f.apply.kind !== 'steps';
      expect(c.apply, c.id).toBe(appliable);
      expect(c.howto, c.id).toBe(f.apply?.kind === 'steps');
    }
    // Nothing measured on this setup yet: no "yours" figure is made up.
    expect(shown.every((c) => c.yours === null || !c.yours.includes('yours:'))).toBe(true);
    // The published effect, with its source, in one line; the evidence opens as a table.
    const rd = page.locator('[data-testid="advice-card"][data-finding-id="rancher-desktop/mountType"]');
    expect(await rd.locator('.advice-effect').textContent()).toMatch(/1,096\.65 MB\/s/);
    await rd.getByText('Evidence', { exact: true }).click();
    const table = rd.getByTestId('evidence-table');
    expect(await table.locator('thead th').allTextContents()).toEqual(['Source', 'Date', 'Machine', 'Numbers']);
    expect(await table.locator('tbody tr').first().textContent()).toMatch(/Apple M2 MacBook Air 24 GB.*156\.01.*1,096\.65/);
    // For a look as a new user would have it: both widths, both themes (the theme follows the system here).
    for (const width of [1440, 1024]) {
      for (const colorScheme of ['light', 'dark'] as const) {
        await page.setViewportSize({ width, height: 900 });
        await page.emulateMedia({ colorScheme });
        await page.screenshot({ path: join(ROOT, 'test-results', `advice-${width}-${colorScheme}.png`), fullPage: true });
      }
    }
    await page.context().close();
    await server.stop();
    server = undefined;
  }, 300_000);

  it('after a live run, the disk-io finding shows your own number next to the published one', async () => {
    liveDomain = (await sharedGuest({ uri: URI, withShare: false, log: (s) => process.stdout.write(`[advice-view] ${s}\n`) })).name;
    server = await startServer({ env: macEnv() });
    const runToEnd = async (spec: object): Promise<void> => {
      const { jobId } = await api<{ jobId: string }>(server!, 'run.start', spec);
      for (let i = 0; i < 600; i++) {
        const info = await api<{ activeJobs: string[] }>(server!, 'app.info');
        if (!info.activeJobs.includes(jobId)) return;
        await new Promise((r) => setTimeout(r, 1000));
      }
      throw new Error(`run ${jobId} did not end within 10 minutes`);
    };
    await runToEnd({ suite: 'quick', targets: ['local', `libvirt:${liveDomain}`], tests: ['rand-read'] });
    // redis measured on This machine: advice that is not a setting, with How to and no Apply.
    await runToEnd({ suite: 'quick', targets: ['local'], tests: ['redis'] });
    const page = await openAdvice(server);
    const card = page.locator(`[data-testid="advice-card"][data-finding-id="libvirt:${liveDomain}/diskIo"]`);
    await card.waitFor({ timeout: 120_000 });
    const yours = card.getByTestId('advice-yours');
    await expect.poll(async () => (await yours.textContent()) ?? '', { timeout: 120_000 }).toMatch(/yours: \d+(\.\d+)?× this machine \(rand-read, guest\)/);
    // The published figure stays beside it.
    expect(await card.locator('.advice-effect').textContent()).toMatch(/9,425 IOPS vs default 8,213 IOPS/);
    const shown = await cards(page);
    expect(shown.find((x) => x.id === `libvirt:${liveDomain}/diskIo`)).toMatchObject({ apply: true, howto: false });
    expect(shown.find((x) => x.id === 'local/redisTransport')).toMatchObject({ apply: false, howto: true });
    const howto = page.locator('[data-testid="advice-card"][data-finding-id="local/redisTransport"]').getByTestId('advice-howto');
    expect(await howto.textContent()).toMatch(/unixsocket \/var\/run\/redis\/redis\.sock/);
    expect(shown.map((c) => c.rank)).toEqual(shown.map((_, i) => i + 1));
    await page.context().close();
    await server.stop();
    server = undefined;
  }, 900_000);

  it('on a tuned setup says that nothing needs to change, and what was checked', async () => {
    await stopSharedGuest();
    // Only This machine and a well-set libvirt domain (virtio disk with io_uring and an iothread, virtio NIC), no Rancher.
    const tuned = `vmbench-tuned-${tag}`;
    const disk = join(work, 'tuned.qcow2');
    execFileSync('qemu-img', ['create', '-q', '-f', 'qcow2', disk, '32M']);
    writeFileSync(
      join(work, 'tuned.xml'),
      `<domain type='qemu'><name>${tuned}</name><memory unit='MiB'>128</memory><vcpu>1</vcpu><iothreads>1</iothreads>
  <os><type arch='x86_64' machine='pc'>hvm</type></os>
  <devices>
    <disk type='file' device='disk'><driver name='qemu' type='qcow2' cache='none' io='io_uring' iothread='1'/><source file='${disk}'/><target dev='vda' bus='virtio'/></disk>
    <interface type='user'><model type='virtio'/></interface>
  </devices></domain>`,
    );
    if (ideDefined) virsh(URI, ['undefine', ideDomain]);
    ideDefined = false;
    virsh(URI, ['define', join(work, 'tuned.xml')]);
    const home = mkdtempSync(join(tmpdir(), 'vmbench-tuned-home-'));
    try {
      // Only the domain this test defined: any other domain of the system libvirt (one with an rtl8139 NIC, say) is not this setup.
      server = await startServer({ env: { ...macEnv(), HOME: home, VMBENCH_LIBVIRT_DOMAINS: tuned } });
      const page = await openAdvice(server);
      const empty = page.getByTestId('advice-empty');
      await empty.waitFor();
      expect(await empty.textContent()).toMatch(
        /^Checked \d+ runtimes? \(.*This machine.*\): VM type, shared-folder mount type, disk I\/O, cache and bus, NIC model and redis transport/,
      );
      expect(await page.locator('[data-testid="advice-card"]').count()).toBe(0);
      await page.context().close();
    } finally {
      virsh(URI, ['undefine', tuned]);
      rmSync(home, { recursive: true, force: true });
    }
  }, 300_000);
});
