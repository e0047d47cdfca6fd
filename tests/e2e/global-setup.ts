// Makes sure what the browser tests need is present: Debian's chromium, fio, and a built dist/.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

function which(cmd: string): boolean {
  try {
    execFileSync('sh', ['-c', `command -v ${cmd}`], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

function aptInstall(pkgs: string[]): void {
  if (process.getuid?.() !== 0) throw new Error(`e2e needs ${pkgs.join(', ')}; install with: sudo apt-get install -y ${pkgs.join(' ')}`);
  execFileSync('apt-get', ['update'], { stdio: 'inherit' });
  execFileSync('apt-get', ['install', '-y', '--no-install-recommends', ...pkgs], { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
}

/** Installs chromium and fio when missing (as root) and builds dist/ when it is not built. */
export default function setup(): void {
  const missing: string[] = [];
  if (!existsSync('/usr/bin/chromium')) missing.push('chromium');
  if (!which('fio')) missing.push('fio');
  if (missing.length > 0) aptInstall(missing);
  if (!existsSync(join(root, 'dist', 'renderer', 'index.html')) || !existsSync(join(root, 'dist', 'cli.js'))) {
    execFileSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  }
}
