// The fast lane's browser tests: a Chromium or Chrome (scripts/chromium-path.mjs), fio, and dist/ built
// from the current sources. As root on Debian the set-up installs Chromium and fio when missing.
import { findChromium } from '../../scripts/chromium-path.mjs';
import { ensureBuilt } from '../../scripts/build/ensure-built.mjs';
import { ensureCommands } from '../helpers/apt.js';

/** Installs chromium and fio when missing (as root on Debian), else fails with what to install; builds dist/ when stale. */
export default function setup(): void {
  ensureCommands('e2e setup', [
    ...(findChromium() ? [] : [{ command: '/usr/bin/chromium', pkg: 'chromium', why: 'the UI is tested in Chromium (or set VMBENCH_CHROMIUM to a Chrome)' }]),
    { command: 'fio', pkg: 'fio', why: 'the benchmarks measure disks with it' },
  ]);
  ensureBuilt();
}
