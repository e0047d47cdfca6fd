// Makes sure what the browser tests need is present: Debian’s chromium, fio, inotifywait (the watch test) and a built dist/.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureCommands } from '../helpers/apt.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** Installs chromium, fio and inotify-tools when missing (as root) and builds dist/ when it is not built. */
export default function setup(): void {
  ensureCommands('e2e setup', [
    { command: '/usr/bin/chromium', pkg: 'chromium', why: 'the UI is tested in Debian’s Chromium' },
    { command: 'fio', pkg: 'fio', why: 'the benchmarks measure disks with it' },
    { command: 'inotifywait', pkg: 'inotify-tools', why: 'watch.sh times file-change events with it' },
  ]);
  if (!existsSync(join(root, 'dist', 'renderer', 'index.html')) || !existsSync(join(root, 'dist', 'cli.js'))) {
    execFileSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  }
}
