// The libvirt test guest, of the live VM stream's shared guest (scripts/shared-test-guest.mjs), start-stopped
// and scripts/perf/perf-libvirt.mjs: builds (or reuses) the cached image with build-guest-image.sh, defines
// a TCG domain on a qcow2 overlay in a temp folder (the cache stays clean) with direct kernel boot,
// QEMU user-mode networking (never libvirt's default network), the guest-agent channel and a 9p
// share of a host folder; waits for guest-ping; runs commands through guest-exec; tears it down.
import { execFileSync } from 'node:child_process';
import { chmodSync, copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const C_ENV = { ...process.env, LC_ALL: 'C', LANG: 'C' };

/** Runs virsh with an argument array; returns stdout (throws with stderr on failure). */
export function virsh(uri, args, timeoutMs = 60_000) {
  return execFileSync('virsh', ['-c', uri, ...args], { encoding: 'utf8', env: C_ENV, timeout: timeoutMs, stdio: ['ignore', 'pipe', 'pipe'] });
}

/** Builds or reuses the cached guest image; returns its files and settings. */
export function buildGuestImage() {
  const started = Date.now();
  const out = execFileSync('sh', [join(here, 'build-guest-image.sh')], { encoding: 'utf8', timeout: 30 * 60_000, stdio: ['ignore', 'pipe', 'inherit'] });
  const dir = out.trim().split('\n').pop();
  const env = Object.fromEntries(
    readFileSync(join(dir, 'guest.env'), 'utf8')
      .split('\n')
      .map((l) => /^([A-Z_]+)=(.*)$/.exec(l))
      .filter(Boolean)
      .map((m) => [m[1], m[2].replace(/^'(.*)'$/, '$1')]),
  );
  return {
    dir,
    disk: join(dir, 'disk.qcow2'),
    kernel: join(dir, 'vmlinuz'),
    initrd: join(dir, 'initrd.img'),
    cmdline: env.CMDLINE,
    shareDir: env.SHARE_DIR,
    guestDir: env.GUEST_DIR,
    ms: Date.now() - started,
  };
}

const xmlEscape = (s) => String(s).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/'/g, '&apos;').replace(/"/g, '&quot;');

/** The domain XML of the test guest (no 9p share when `share` is null). */
export function domainXml({ name, image, overlay, share, console, memoryMiB = 1024, vcpus = 2, shareTag = 'vmbench-share', nicModel = 'virtio' }) {
  const e = xmlEscape;
  const fs = share
    ? `
    <filesystem type='mount' accessmode='mapped'>
      <source dir='${e(share)}'/>
      <target dir='${e(shareTag)}'/>
    </filesystem>`
    : '';
  return `<domain type='qemu'>
  <name>${e(name)}</name>
  <memory unit='MiB'>${memoryMiB}</memory>
  <vcpu placement='static'>${vcpus}</vcpu>
  <os>
    <type arch='x86_64' machine='pc'>hvm</type>
    <kernel>${e(image.kernel)}</kernel>
    <initrd>${e(image.initrd)}</initrd>
    <cmdline>${e(image.cmdline)}</cmdline>
  </os>
  <features><acpi/></features>
  <on_poweroff>destroy</on_poweroff>
  <on_reboot>destroy</on_reboot>
  <on_crash>destroy</on_crash>
  <devices>
    <disk type='file' device='disk'>
      <driver name='qemu' type='qcow2'/>
      <source file='${e(overlay)}'/>
      <target dev='vda' bus='virtio'/>
    </disk>${fs}
    <interface type='user'><model type='${nicModel}'/></interface>
    <channel type='unix'><target type='virtio' name='org.qemu.guest_agent.0'/></channel>
    <serial type='file'><source path='${e(console)}'/><target port='0'/></serial>
    <memballoon model='none'/>
  </devices>
</domain>
`;
}

/**
 * Defines a test guest without starting it. Returns { name, uri, work, share, console, stop() }:
 * work = the temp folder (overlay, console log), share = the host folder shared at /mnt/host, or
 * null with `withShare: false` (then the guest has one place, its own disk, and a run measures only that).
 */
export function defineTestGuest({ image, name, uri = 'qemu:///system', memoryMiB, vcpus, nicModel, withShare = true }) {
  const base = process.env.VMBENCH_GUEST_WORK ?? tmpdir();
  const work = mkdtempSync(join(base, 'vmbench-guest-'));
  chmodSync(work, 0o755); // qemu runs as libvirt-qemu: it must reach the overlay and the share
  const share = withShare ? join(work, 'share') : null;
  if (share) {
    mkdirSync(share);
    chmodSync(share, 0o777);
  }
  const overlay = join(work, 'overlay.qcow2');
  const console = join(work, 'console.log');
  execFileSync('qemu-img', ['create', '-q', '-f', 'qcow2', '-F', 'qcow2', '-b', image.disk, overlay], { stdio: ['ignore', 'ignore', 'pipe'] });
  // The guest boots its own copy of the kernel and initrd (39 MB): libvirt chowns them to the QEMU user
  // while the domain runs and remembers the owner in an xattr, so a second guest of another libvirtd
  // (the Vagrant namespace's QEMU runs as root) on the cached files fails with "Setting different DAC
  // user or group on …/vmlinuz which is already in use".
  const kernel = join(work, 'vmlinuz');
  const initrd = join(work, 'initrd.img');
  copyFileSync(image.kernel, kernel);
  copyFileSync(image.initrd, initrd);
  const xmlFile = join(work, 'domain.xml');
  writeFileSync(xmlFile, domainXml({ name, image: { ...image, kernel, initrd }, overlay, share, console, memoryMiB, vcpus, nicModel }));
  let defined = false;
  const stop = async () => {
    if (defined) {
      try {
        virsh(uri, ['destroy', '--domain', name], 60_000);
      } catch {
        // not running
      }
      try {
        virsh(uri, ['undefine', '--domain', name], 60_000);
      } catch (err) {
        process.stderr.write(`could not undefine ${name}: ${err.stderr ?? err}\n`);
      }
      defined = false;
    }
    if (existsSync(work)) rmSync(work, { recursive: true, force: true });
  };
  try {
    virsh(uri, ['define', '--file', xmlFile]);
    defined = true;
  } catch (err) {
    if (existsSync(work)) rmSync(work, { recursive: true, force: true });
    throw err;
  }
  return { name, uri, work, share, console, stop };
}

/** Defines and starts a test guest (see defineTestGuest); resolves once its guest agent answers, with bootMs. */
export async function startTestGuest({ image, name, uri = 'qemu:///system', bootTimeoutMs = 300_000, memoryMiB, vcpus, nicModel, withShare, log = () => {} }) {
  const guest = defineTestGuest({ image, name, uri, memoryMiB, vcpus, nicModel, withShare });
  try {
    const t0 = Date.now();
    virsh(uri, ['start', '--domain', name]);
    log(`started ${name}; waiting for its guest agent (a TCG boot takes 15-60 s)`);
    await waitForAgent(uri, name, bootTimeoutMs, guest.console);
    return { ...guest, bootMs: Date.now() - t0 };
  } catch (err) {
    await guest.stop();
    throw err;
  }
}

/**
 * The engine's one guest-agent client (electron/engine/guest/qemu-agent.ts), bundled by the build as
 * dist/guest-agent.js: this script runs under plain node. Loaded when first needed, so that importing
 * this file needs no build.
 */
async function agentFor(uri, name) {
  const bundle = join(here, '..', 'dist', 'guest-agent.js');
  if (!existsSync(bundle)) throw new Error(`${bundle} is missing: run \`npm run build:engine\` first`);
  const { GuestAgent } = await import(pathToFileURL(bundle).href);
  return new GuestAgent({ uri, domain: name, callTimeoutMs: 20_000 });
}

/** Polls guest-ping until the agent answers; fails with the console's tail when it never does. */
export async function waitForAgent(uri, name, timeoutMs, consoleLog) {
  const agent = await agentFor(uri, name);
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (await agent.ping(6000)) return;
    await sleep(2000);
  }
  const tail = consoleLog && existsSync(consoleLog) ? readFileSync(consoleLog, 'utf8').split('\n').slice(-25).join('\n') : '(no console log)';
  throw new Error(`the guest agent of ${name} did not answer within ${timeoutMs / 1000} s; console tail:\n${tail}`);
}

/**
 * Runs a program in the guest through guest-exec (argument array) and waits; returns { exitCode, stdout, stderr }
 * (exitCode 128 + N for a program ended by signal N). It asks for the status every `pollMs` (default 0.3 s), after
 * waiting `quietMs` first (the client's runCommand pace).
 */
export async function guestExec(uri, name, path, args = [], timeoutMs = 120_000, { quietMs = 0, pollMs = 300 } = {}) {
  const agent = await agentFor(uri, name);
  return agent.runCommand(path, args, timeoutMs, undefined, { quietMs, pollMs });
}
