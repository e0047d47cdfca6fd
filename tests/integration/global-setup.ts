// The fast lane's integration tests use real local tools only: fio (the bench scripts' measuring tool)
// and sh. They run as any user on Linux or macOS where fio is installed; as root on Debian the set-up
// installs it. It also makes sure dist/ is built from the current sources (once, not per file).
import { ensureBuilt } from '../../scripts/ensure-built.mjs';
import { ensureCommands } from '../helpers/apt.js';

/** Installs fio when missing (as root on Debian), else fails with what to install; builds dist/ when stale. */
export default function setup(): void {
  ensureCommands('integration setup', [{ command: 'fio', pkg: 'fio', why: 'the bench scripts measure disks with it' }]);
  ensureBuilt();
}
