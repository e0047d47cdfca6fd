// Makes sure the real tools the integration tests use are present: fio (the bench scripts'
// measuring tool) and BusyBox (to run the scripts in BusyBox ash with BusyBox's own applets).
import { ensureCommands } from '../helpers/apt.js';

/** Installs fio and busybox-static when missing (as root), else fails with what to install. */
export default function setup(): void {
  ensureCommands('integration setup', [
    { command: 'fio', pkg: 'fio', why: 'the bench scripts measure disks with it' },
    { command: 'busybox', pkg: 'busybox-static', why: 'the bench scripts are tested in BusyBox ash' },
  ]);
}
