#!/usr/bin/env node
// `npm start`: runs the desktop shell. Finds the Electron binary (the optional `electron`
// package), builds dist/ if needed, starts Electron on this project, forwards signals and the
// exit code. Without the binary it says why (package left out, download not run, download failed)
// and the command that fixes it, or to use the browser UI instead.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { constants } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const projectDir = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const require = createRequire(import.meta.url);

/**
 * The Electron binary's path, or why there is none. Reads the electron package's files instead of
 * requiring it: electron >= 42's index.js would start a download as a side effect.
 */
function findElectron() {
  let pkgDir;
  try {
    pkgDir = dirname(require.resolve('electron/package.json'));
  } catch {
    return { state: 'absent' };
  }
  const pkg = JSON.parse(readFileSync(join(pkgDir, 'package.json'), 'utf8'));
  const binary = binaryPath(pkgDir);
  if (binary && existsSync(binary)) return { state: 'ready', binary };
  return { state: 'missing', pkgDir, pkg, binary };
}

/** Where electron's index.js looks for the binary: dist/<path.txt>, or under ELECTRON_OVERRIDE_DIST_PATH. */
function binaryPath(pkgDir) {
  const pathFile = join(pkgDir, 'path.txt');
  const executable = existsSync(pathFile) ? readFileSync(pathFile, 'utf8') : undefined;
  if (process.env.ELECTRON_OVERRIDE_DIST_PATH) return join(process.env.ELECTRON_OVERRIDE_DIST_PATH, executable || 'electron');
  return executable ? join(pkgDir, 'dist', executable) : undefined;
}

/** The command that downloads the binary: electron >= 42 has the `install-electron` bin, older ones only install.js. */
function fixCommand(pkg) {
  return pkg.bin && pkg.bin['install-electron'] ? 'npx install-electron' : 'node node_modules/electron/install.js';
}

/** Why npm left the optional electron package out, when the lockfile says it cannot run on this Node. */
function engineMismatch() {
  try {
    const lock = JSON.parse(readFileSync(join(projectDir, 'package-lock.json'), 'utf8'));
    const entry = lock.packages && lock.packages['node_modules/electron'];
    const range = entry && entry.engines && entry.engines.node;
    const min = /^>=\s*(\d+)\.(\d+)\.(\d+)$/.exec(String(range ?? '').trim());
    if (!min) return undefined;
    const have = process.versions.node.split('.').map(Number);
    const want = min.slice(1).map(Number);
    const older = have[0] !== want[0] ? have[0] < want[0] : have[1] !== want[1] ? have[1] < want[1] : have[2] < want[2];
    return older ? { why: `electron ${entry.version} needs Node ${range}; this is Node ${process.versions.node}`, need: want.join('.') } : undefined;
  } catch {
    return undefined;
  }
}

const browserHint = ['  The same UI runs in your browser without it:', '      npm run web        (or: npx vmbench web)', ''];

function exitWith(lines) {
  process.stderr.write([...lines, ...browserHint].join('\n'));
  process.exit(1);
}

function notInstalled() {
  const engines = engineMismatch();
  exitWith([
    'vmbench: the desktop shell is not installed: the electron package is not installed.',
    engines
      ? `  npm left the optional package out because ${engines.why}.`
      : '  It is an optional dependency: npm leaves it out when it cannot install it, and the rest of vmbench still works.',
    '',
    engines ? `  With Node ${engines.need} or newer, install it:` : '  To install it:',
    '      npm install electron',
    '',
  ]);
}

/** The binary is absent because its download never ran (skipped on purpose, or by npm). */
function notDownloaded(found, why) {
  exitWith([
    `vmbench: the desktop shell is not installed: electron ${found.pkg.version} is installed but its binary is not:`,
    `  its download did not run (${why}).`,
    found.binary ? `  (looked for ${found.binary})` : '  (no path.txt in node_modules/electron: nothing was ever extracted)',
    '',
    '  Download it now (with ELECTRON_SKIP_BINARY_DOWNLOAD unset; it needs github.com or ELECTRON_MIRROR):',
    `      ${fixCommand(found.pkg)}`,
    '',
  ]);
}

/** The download ran and failed; its own error is printed above. */
function downloadFailed(found, status) {
  exitWith([
    `vmbench: the desktop shell is not installed: the download of the Electron ${found.pkg.version} binary failed`,
    `  (electron's install.js exited with ${status}; its error is above).`,
    '',
    '  Try again when github.com (or your ELECTRON_MIRROR) is reachable:',
    `      ${fixCommand(found.pkg)}`,
    '',
  ]);
}

/**
 * Makes sure the binary is on disk. electron >= 42 has no install script and downloads on first
 * use, so this runs that download (as its index.js would); an older electron's binary comes from
 * its postinstall, so a missing one means npm did not run it.
 */
function ensureBinary(found) {
  if (found.state === 'ready') return found.binary;
  if (found.state === 'absent') notInstalled();
  if (process.env.ELECTRON_SKIP_BINARY_DOWNLOAD) notDownloaded(found, 'ELECTRON_SKIP_BINARY_DOWNLOAD is set');
  if (found.pkg.scripts && found.pkg.scripts.postinstall && !found.binary) {
    notDownloaded(found, "npm did not run electron's postinstall: not approved in package.json's allowScripts, or --ignore-scripts");
  }
  if (process.env.ELECTRON_OVERRIDE_DIST_PATH) {
    exitWith([
      `vmbench: the desktop shell is not installed: ELECTRON_OVERRIDE_DIST_PATH is set, and ${found.binary} does not exist.`,
      '  Point it at an unpacked Electron dist folder, or unset it to use the binary of the electron package.',
      '',
    ]);
  }
  process.stderr.write(`vmbench: downloading the Electron ${found.pkg.version} binary (electron downloads it on first use)...\n`);
  const res = spawnSync(process.execPath, [join(found.pkgDir, 'install.js')], { cwd: projectDir, stdio: 'inherit' });
  const after = binaryPath(found.pkgDir);
  if (res.status !== 0 || !after || !existsSync(after)) downloadFailed(found, res.status ?? res.signal);
  return after;
}

/** Builds dist/ when the shell's or the renderer's build output is missing. */
function ensureBuilt() {
  const needed = [join('dist', 'app', 'main.cjs'), join('dist', 'app', 'preload.cjs'), join('dist', 'renderer', 'index.html')];
  const missing = needed.filter((f) => !existsSync(join(projectDir, f)));
  if (missing.length === 0) return;
  process.stderr.write(`vmbench: ${missing.join(', ')} missing; running \`npm run build\` first.\n`);
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const built = spawnSync(npm, ['run', 'build'], { cwd: projectDir, stdio: 'inherit', shell: process.platform === 'win32' });
  if (built.status !== 0) {
    process.stderr.write('vmbench: the build failed; see the output above.\n');
    process.exit(built.status || 1);
  }
}

const binary = ensureBinary(findElectron());
ensureBuilt();

const env = { ...process.env };
// Set in some shells and CI images; it would make the binary behave as plain Node.
delete env.ELECTRON_RUN_AS_NODE;
const child = spawn(binary, [projectDir, ...process.argv.slice(2)], { cwd: projectDir, stdio: 'inherit', env });

const forwarded = ['SIGINT', 'SIGTERM', 'SIGHUP'];
for (const signal of forwarded) {
  process.on(signal, () => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
  });
}
child.on('error', (err) => {
  process.stderr.write(`vmbench: could not start Electron (${binary}): ${err.message}\n`);
  process.exit(1);
});
child.on('exit', (code, signal) => {
  if (signal) process.exit(128 + (constants.signals[signal] ?? 1));
  process.exit(code ?? 1);
});
