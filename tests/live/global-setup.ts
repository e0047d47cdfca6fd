// The live lane (root, Linux): real runtimes and services. Installs once what its files need — Docker
// Engine, libvirt + QEMU, Vagrant with vagrant-libvirt (scripts/setup-live.sh, which also starts
// libvirtd without its default network), BusyBox, the service tools, sshd, Chromium — and builds
// dist/ when stale. Each file still starts or reuses what it needs itself, so it runs alone too:
// `sudo npx vitest run --project live-vm tests/live/<file>` (or live-host; tests/live/vm-order.ts says which).
// Both streams' projects name this set-up and `npm run test:live` runs them as two vitest processes at
// once: the work runs under a lock (the second waits, then finds everything done), and once per process.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { findChromium } from '../../scripts/chromium-path.mjs';
import { ensureBuilt } from '../../scripts/build/ensure-built.mjs';
import { ensureCommands } from '../helpers/apt.js';

const ROOT = join(import.meta.dirname, '..', '..');
const LOCK = '/run/lock/vmbench-live-setup';
const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));
const done = globalThis as { vmbenchLiveSetupDone?: boolean };

/** Whether a process with this pid exists. */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Runs fn holding LOCK (a folder made atomically, its owner's pid inside; a dead owner's lock is taken over). */
async function underLock(fn: () => void): Promise<void> {
  mkdirSync('/run/lock', { recursive: true });
  for (let waited = 0; ; waited += 1) {
    try {
      mkdirSync(LOCK);
      break;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      let owner = 0;
      try {
        owner = Number(readFileSync(join(LOCK, 'pid'), 'utf8'));
      } catch {
        // Just made, pid not written yet: wait.
      }
      if (owner > 0 && !alive(owner)) rmSync(LOCK, { recursive: true, force: true });
      else if (waited > 3600) throw new Error(`the live set-up lock ${LOCK} was held by pid ${owner} for an hour`, { cause: err });
      else await sleep(1000);
    }
  }
  try {
    writeFileSync(join(LOCK, 'pid'), String(process.pid));
    fn();
  } finally {
    rmSync(LOCK, { recursive: true, force: true });
  }
}

/** Checks root and Linux, installs and starts the live components, builds dist/ when stale. */
export default async function setup(): Promise<void> {
  if (process.platform !== 'linux' || process.getuid?.() !== 0) {
    throw new Error(
      'the live lane (npm run test:live) runs as root on Linux: it installs and starts dockerd, libvirtd, QEMU guests and Vagrant. The fast lane is `npm test`.',
    );
  }
  if (done.vmbenchLiveSetupDone) return;
  await underLock(() => {
    ensureCommands('live setup', [
      { command: 'fio', pkg: 'fio', why: 'the bench scripts measure disks with it' },
      { command: 'busybox', pkg: 'busybox-static', why: 'the bench scripts are tested in BusyBox ash' },
      { command: 'iperf3', pkg: 'iperf3', why: 'net.sh measures TCP throughput with it' },
      { command: 'redis-server', pkg: 'redis-server', why: 'redis.sh starts its own server' },
      { command: 'redis-benchmark', pkg: 'redis-tools', why: 'redis.sh measures with it' },
      { command: 'nginx', pkg: 'nginx-light', why: 'http.sh serves its site with it' },
      { command: 'wrk', pkg: 'wrk', why: 'http.sh measures with it' },
      { command: 'inotifywait', pkg: 'inotify-tools', why: 'watch.sh times file-change events with it' },
      { command: '/usr/sbin/sshd', pkg: 'openssh-server', why: 'a private sshd on 127.0.0.1 stands in for a VM' },
      { command: 'ruby', pkg: 'ruby', why: 'Vagrantfile edits are checked with ruby -c' },
      ...(findChromium() ? [] : [{ command: '/usr/bin/chromium', pkg: 'chromium', why: 'the live UI tests run in Chromium' }]),
    ]);
    execFileSync('sh', [join(ROOT, 'scripts', 'setup-live.sh')], { stdio: ['ignore', 'inherit', 'inherit'], timeout: 1_800_000 });
    ensureBuilt();
  });
  done.vmbenchLiveSetupDone = true;
}
