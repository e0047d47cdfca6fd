// The fast lane's integration tests use real local tools only: fio (the bench scripts' measuring tool)
// and sh, with a HOME of their own (vitest.config.ts). They run as any user on Linux or macOS where fio is installed; as root on Debian the set-up
// installs it. It also makes sure dist/ is built from the current sources (once, not per file).
import { mkdirSync, rmSync } from 'node:fs';
import { ensureBuilt } from '../../scripts/build/ensure-built.mjs';
import { INTEGRATION_HOME } from '../helpers/host-only-env.js';
import { ensureCommands } from '../helpers/apt.js';

/** Installs fio when missing (as root on Debian), else fails with what to install; builds dist/ when stale; empties the tests' HOME. */
export default function setup(): void {
  rmSync(INTEGRATION_HOME, { recursive: true, force: true });
  mkdirSync(INTEGRATION_HOME, { recursive: true });
  ensureCommands('integration setup', [{ command: 'fio', pkg: 'fio', why: 'the bench scripts measure disks with it' }]);
  ensureBuilt();
}
