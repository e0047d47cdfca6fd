// The live lane (root, Linux): real runtimes and services. Installs once what its files need — Docker
// Engine, libvirt + QEMU, Vagrant with vagrant-libvirt (scripts/setup-live.sh, which also starts
// libvirtd without its default network), BusyBox, the service tools, sshd, Chromium — and builds
// dist/ when stale. Each file still starts or reuses what it needs itself, so it runs alone too:
// `sudo npx vitest run --project live tests/live/<file>`.
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { findChromium } from '../../scripts/chromium-path.mjs';
import { ensureBuilt } from '../../scripts/ensure-built.mjs';
import { ensureCommands } from '../helpers/apt.js';

const ROOT = join(import.meta.dirname, '..', '..');

/** Checks root and Linux, installs and starts the live components, builds dist/ when stale. */
export default function setup(): void {
  if (process.platform !== 'linux' || process.getuid?.() !== 0) {
    throw new Error('the live lane (npm run test:live) runs as root on Linux: it installs and starts dockerd, libvirtd, QEMU guests and Vagrant. The fast lane is `npm test`.');
  }
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
}
