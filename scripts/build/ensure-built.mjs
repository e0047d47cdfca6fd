// Builds dist/ (engine + renderer) only when its inputs changed since the last build: `npm ci` builds
// once (prepare), and the test lanes, CI and each test file's global set-up reuse that build. The
// inputs are hashed by content (a fresh clone gives every file a new mtime), and the hash is kept in
// dist/.build-inputs. Run as a script: builds when needed; `--force` always builds.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '../..');
const INPUT_DIRS = ['electron', 'src', 'bench-scripts'];
const INPUT_FILES = [
  'package.json',
  'package-lock.json',
  'vite.config.ts',
  'tsconfig.json',
  'scripts/build/build-engine.mjs',
  'scripts/build/build-card-font.mjs',
];
const STAMP = join(ROOT, 'dist', '.build-inputs');
const OUTPUTS = ['dist/cli.js', 'dist/guest-agent.js', 'dist/renderer/index.html'];

/** Every regular file under `dir` (recursively), without node_modules and dot entries. */
export function* files(dir) {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    if (e.name === 'node_modules' || e.name.startsWith('.')) continue;
    const p = join(dir, e.name);
    if (e.isDirectory()) yield* files(p);
    else if (e.isFile()) yield p;
  }
}

/** The sha256 of the paths (relative to the checkout) and contents of these files, taken in sorted order. */
export function hashFiles(paths) {
  const h = createHash('sha256');
  for (const f of [...paths].sort()) h.update(relative(ROOT, f)).update('\0').update(readFileSync(f)).update('\0');
  return h.digest('hex');
}

/** The sha256 of every build input's path and content. */
export function buildInputsHash() {
  return hashFiles([
    ...INPUT_DIRS.flatMap((d) => (existsSync(join(ROOT, d)) ? [...files(join(ROOT, d))] : [])),
    ...INPUT_FILES.map((f) => join(ROOT, f)).filter((f) => existsSync(f)),
  ]);
}

/** Whether dist/ was built from the current inputs. */
export function isBuilt() {
  return OUTPUTS.every((o) => existsSync(join(ROOT, o))) && existsSync(STAMP) && readFileSync(STAMP, 'utf8').trim() === buildInputsHash();
}

/** Runs `npm run build` unless dist/ is already built from these inputs; returns whether it built. */
export function ensureBuilt({ force = false, log = (m) => process.stdout.write(`${m}\n`) } = {}) {
  if (!force && isBuilt()) {
    log(`build: dist/ is up to date (built ${statSync(STAMP).mtime.toISOString()}), not building again`);
    return false;
  }
  const hash = buildInputsHash();
  const r = spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' });
  if (r.status !== 0) throw new Error(`npm run build failed (exit ${r.status ?? r.signal})`);
  writeFileSync(STAMP, `${hash}\n`);
  return true;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  try {
    ensureBuilt({ force: process.argv.includes('--force') });
  } catch (err) {
    process.stderr.write(`${err.message}\n`);
    process.exit(1);
  }
}
