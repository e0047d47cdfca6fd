// Makes sure the real tools the integration tests use are present: fio (the bench scripts'
// measuring tool) and BusyBox (to run the scripts in BusyBox ash with BusyBox's own applets).
// Missing ones are installed with apt-get when running as root; otherwise setup fails and says
// what to install.
import { execFileSync } from 'node:child_process';

/** A command the integration tests need, and the Debian package that provides it. */
interface Requirement {
  command: string;
  pkg: string;
  why: string;
}

const REQUIREMENTS: Requirement[] = [
  { command: 'fio', pkg: 'fio', why: 'the bench scripts measure disks with it' },
  { command: 'busybox', pkg: 'busybox-static', why: 'the bench scripts are tested in BusyBox ash' },
];

function has(command: string): boolean {
  try {
    execFileSync('sh', ['-c', 'command -v "$1"', 'sh', command], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

function aptGet(args: string[]): void {
  process.stdout.write(`[integration setup] apt-get ${args.join(' ')}\n`);
  execFileSync('apt-get', args, { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
}

/** Installs fio and busybox-static when missing (as root), else fails with what to install. */
export default function setup(): void {
  const missing = REQUIREMENTS.filter((r) => !has(r.command));
  if (missing.length === 0) return;
  const pkgs = missing.map((r) => r.pkg);
  const list = missing.map((r) => `${r.command} (${r.why})`).join(', ');
  if (process.getuid?.() !== 0) {
    throw new Error(`integration tests need ${list}; not running as root, so install them first: sudo apt-get install -y ${pkgs.join(' ')}`);
  }
  process.stdout.write(`[integration setup] missing ${list}: installing ${pkgs.join(' ')}\n`);
  try {
    aptGet(['install', '-y', '--no-install-recommends', ...pkgs]);
  } catch {
    aptGet(['update']);
    aptGet(['install', '-y', '--no-install-recommends', ...pkgs]);
  }
  const still = missing.filter((r) => !has(r.command));
  if (still.length > 0) throw new Error(`apt-get did not provide ${still.map((r) => r.command).join(', ')}`);
}
