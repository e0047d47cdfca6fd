import { existsSync, readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Where history and scratch files live: VMBENCH_HOME, else the platform's app-data folder. */
export function defaultDataDir(env: NodeJS.ProcessEnv = process.env, platform: NodeJS.Platform = process.platform): string {
  if (env.VMBENCH_HOME) return resolve(env.VMBENCH_HOME);
  const home = env.HOME || homedir();
  if (platform === 'darwin') return join(home, 'Library', 'Application Support', 'vmbench');
  if (platform === 'win32') return join(env.APPDATA || join(home, 'AppData', 'Roaming'), 'vmbench');
  return join(env.XDG_DATA_HOME || join(home, '.local', 'share'), 'vmbench');
}

/** The folder holding package.json and bench-scripts/ (works from sources, dist/ and a packaged app). */
export function packageRoot(): string {
  // In a packaged app, files handed to subprocesses live in app.asar.unpacked (electron-builder asarUnpack).
  let dir = dirname(fileURLToPath(import.meta.url)).replace(/app\.asar(?=$|[\\/])/, 'app.asar.unpacked');
  for (let i = 0; i < 8; i++) {
    if (existsSync(join(packed(dir), 'package.json')) && existsSync(join(dir, 'bench-scripts'))) return dir;
    const up = dirname(dir);
    if (up === dir) break;
    dir = up;
  }
  throw new Error('vmbench: cannot find the package folder (package.json next to bench-scripts/)');
}

let cachedVersion: string | undefined;
/** The app version from package.json. */
export function appVersion(): string {
  if (!cachedVersion) cachedVersion = (JSON.parse(readFileSync(join(packed(packageRoot()), 'package.json'), 'utf8')) as { version: string }).version;
  return cachedVersion;
}

/** A file of the package that stays inside app.asar in a packaged app (read with fs, never handed to another process). */
export function packagedFile(...parts: string[]): string {
  return join(packed(packageRoot()), ...parts);
}

/** package.json stays inside app.asar (Electron's fs reads it); only unpacked files are outside. */
function packed(dir: string): string {
  return dir.replace(/app\.asar\.unpacked(?=$|[\\/])/, 'app.asar');
}
