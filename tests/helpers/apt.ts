// Installs the Debian packages a test group needs when their commands are missing (as root, as in CI),
// or fails saying what to install. Shared by the integration and e2e global setups.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

/** A command (or absolute path) a test group needs, and the Debian package that provides it. */
export interface Requirement {
  command: string;
  pkg: string;
  why: string;
}

function has(command: string): boolean {
  if (command.startsWith('/')) return existsSync(command);
  try {
    execFileSync('sh', ['-c', 'command -v "$1"', 'sh', command], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

function aptGet(label: string, args: string[]): void {
  process.stdout.write(`[${label}] apt-get ${args.join(' ')}\n`);
  execFileSync('apt-get', args, { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
}

/** Makes sure every requirement is present, installing the missing packages with apt-get when root. */
export function ensureCommands(label: string, reqs: Requirement[]): void {
  const missing = reqs.filter((r) => !has(r.command));
  if (missing.length === 0) return;
  const pkgs = [...new Set(missing.map((r) => r.pkg))];
  const list = missing.map((r) => `${r.command} (${r.why})`).join(', ');
  if (process.getuid?.() !== 0)
    throw new Error(`${label} needs ${list}; not running as root, so install them first: sudo apt-get install -y ${pkgs.join(' ')}`);
  process.stdout.write(`[${label}] missing ${list}: installing ${pkgs.join(' ')}\n`);
  try {
    aptGet(label, ['install', '-y', '--no-install-recommends', ...pkgs]);
  } catch {
    aptGet(label, ['update']);
    aptGet(label, ['install', '-y', '--no-install-recommends', ...pkgs]);
  }
  const still = missing.filter((r) => !has(r.command));
  if (still.length > 0) throw new Error(`apt-get did not provide ${still.map((r) => r.command).join(', ')}`);
}
