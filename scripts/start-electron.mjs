#!/usr/bin/env node
// `npm start`: runs the desktop shell. Finds the Electron binary (the optional `electron`
// package), builds dist/ if needed, starts Electron on this project, forwards signals and the
// exit code. Without the binary it says so and how to get it or use the browser UI instead.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { constants } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const projectDir = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** The Electron binary's path, or the reason there is none. */
function findElectron() {
  let binary;
  try {
    // The electron package's main export is the path of the binary it downloaded at install.
    binary = createRequire(import.meta.url)('electron');
  } catch (err) {
    const absent = err && err.code === 'MODULE_NOT_FOUND' && String(err.message).includes("'electron'");
    return { reason: absent ? 'the electron package is not installed' : `the electron package is incomplete (${String(err.message).split('\n')[0]})` };
  }
  if (typeof binary !== 'string' || binary === '') return { reason: 'the electron package did not name a binary' };
  if (!existsSync(binary)) return { reason: `its binary was never downloaded (${binary} does not exist)` };
  return { binary };
}

function notInstalled(reason) {
  process.stderr.write(
    [
      'vmbench: the desktop shell is not installed.',
      `  The Electron binary could not be found: ${reason}.`,
      '  The electron package is optional: when its binary cannot be downloaded (offline, or',
      '  ELECTRON_SKIP_BINARY_DOWNLOAD=1) npm leaves it out and the rest of vmbench still works.',
      '',
      '  To install the desktop shell when online (with ELECTRON_SKIP_BINARY_DOWNLOAD unset):',
      '      npm install electron',
      '',
      '  The same UI runs in your browser without it:',
      '      npm run web        (or: npx vmbench web)',
      '',
    ].join('\n'),
  );
  process.exit(1);
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

const found = findElectron();
if (!found.binary) notInstalled(found.reason);
ensureBuilt();

const env = { ...process.env };
// Set in some shells and CI images; it would make the binary behave as plain Node.
delete env.ELECTRON_RUN_AS_NODE;
const child = spawn(found.binary, [projectDir, ...process.argv.slice(2)], { cwd: projectDir, stdio: 'inherit', env });

const forwarded = ['SIGINT', 'SIGTERM', 'SIGHUP'];
for (const signal of forwarded) {
  process.on(signal, () => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
  });
}
child.on('error', (err) => {
  process.stderr.write(`vmbench: could not start Electron (${found.binary}): ${err.message}\n`);
  process.exit(1);
});
child.on('exit', (code, signal) => {
  if (signal) process.exit(128 + (constants.signals[signal] ?? 1));
  process.exit(code ?? 1);
});
