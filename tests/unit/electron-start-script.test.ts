import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

// scripts/start-electron.mjs run for real with node, as `npm start` does.
const repo = resolve(import.meta.dirname, '../..');
const script = join(repo, 'scripts', 'start-electron.mjs');
const temps: string[] = [];
afterEach(() => {
  for (const dir of temps.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function run(cwd: string, scriptPath = script, env: NodeJS.ProcessEnv = {}) {
  return spawnSync(process.execPath, [scriptPath], { cwd, encoding: 'utf8', timeout: 60_000, env: { ...process.env, ...env } });
}

/** A project copy holding only the script, and optionally a stand-in electron package. */
function project(electronIndex?: string): { dir: string; script: string } {
  const dir = mkdtempSync(join(tmpdir(), 'vmbench-start-'));
  temps.push(dir);
  mkdirSync(join(dir, 'scripts'));
  copyFileSync(script, join(dir, 'scripts', 'start-electron.mjs'));
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'vmbench-copy', private: true, scripts: { build: 'node make-dist.cjs' } }));
  if (electronIndex !== undefined) {
    mkdirSync(join(dir, 'node_modules', 'electron'), { recursive: true });
    writeFileSync(join(dir, 'node_modules', 'electron', 'package.json'), '{"name":"electron","main":"index.js"}');
    writeFileSync(join(dir, 'node_modules', 'electron', 'index.js'), electronIndex);
  }
  return { dir, script: join(dir, 'scripts', 'start-electron.mjs') };
}

/** A fake Electron binary: a node script that reports its arguments and then behaves as told. */
function fakeBinary(dir: string, body: string): void {
  const bin = join(dir, 'node_modules', 'electron', 'fake-electron');
  writeFileSync(bin, `#!${process.execPath}\nconsole.log('ARGS ' + JSON.stringify(process.argv.slice(2)));\n${body}\n`);
  chmodSync(bin, 0o755);
}

function expectNotInstalledMessage(res: ReturnType<typeof run>, reason: RegExp): void {
  expect(res.status).toBe(1);
  expect(res.stderr).toContain('the desktop shell is not installed');
  expect(res.stderr).toMatch(reason);
  expect(res.stderr).toContain('npm install electron');
  expect(res.stderr).toContain('ELECTRON_SKIP_BINARY_DOWNLOAD');
  expect(res.stderr).toContain('npm run web');
  expect(res.stderr).toContain('npx vmbench web');
}

describe('npm start (scripts/start-electron.mjs)', { timeout: 30_000 }, () => {
  it('in this checkout, without a usable Electron binary, explains and exits 1', () => {
    // Here npm dropped the optional electron package (its binary cannot be downloaded). Where it
    // is installed, the package's own ELECTRON_OVERRIDE_DIST_PATH points it at a missing binary,
    // so this never starts a window.
    const res = run(repo, script, { ELECTRON_OVERRIDE_DIST_PATH: join(repo, 'no-such-electron-dist') });
    expectNotInstalledMessage(res, /electron package is not installed|binary was never downloaded/);
    expect(res.stdout).toBe('');
  });

  it('says the binary was never downloaded when the package is there without it', () => {
    const p = project("module.exports = require('path').join(__dirname, 'dist', 'electron');");
    expectNotInstalledMessage(run(p.dir, p.script), /binary was never downloaded/);
  });

  it('reports an incomplete package (its index throws, as electron does without path.txt)', () => {
    const p = project("throw new Error('Electron failed to install correctly, please delete node_modules/electron and try installing it again');");
    expectNotInstalledMessage(run(p.dir, p.script), /incomplete \(Electron failed to install correctly/);
  });

  it('builds dist when missing, starts the binary on the project folder and passes its exit code on', () => {
    const p = project("module.exports = require('path').join(__dirname, 'fake-electron');");
    fakeBinary(p.dir, 'process.exit(7);');
    const files = ['dist/app/main.cjs', 'dist/app/preload.cjs', 'dist/renderer/index.html'];
    writeFileSync(
      join(p.dir, 'make-dist.cjs'),
      `const fs = require('fs'); for (const f of ${JSON.stringify(files)}) { fs.mkdirSync(require('path').dirname(f), { recursive: true }); fs.writeFileSync(f, ''); }`,
    );
    const res = run(p.dir, p.script, { ELECTRON_RUN_AS_NODE: '1' });
    expect(res.status).toBe(7);
    expect(res.stderr).toContain('running `npm run build` first');
    for (const f of files) expect(existsSync(join(p.dir, f))).toBe(true);
    expect(res.stdout).toContain(`ARGS ${JSON.stringify([p.dir])}`);
  });

  it('forwards SIGTERM to Electron and exits with its code', async () => {
    const p = project("module.exports = require('path').join(__dirname, 'fake-electron');");
    for (const f of ['dist/app/main.cjs', 'dist/app/preload.cjs', 'dist/renderer/index.html']) {
      mkdirSync(join(p.dir, f, '..'), { recursive: true });
      writeFileSync(join(p.dir, f), '');
    }
    fakeBinary(p.dir, "process.on('SIGTERM', () => { console.log('GOT SIGTERM'); process.exit(0); }); console.log('LISTENING'); setInterval(() => {}, 1000);");
    const child = spawn(process.execPath, [p.script], { cwd: p.dir, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      if (out.includes('LISTENING') && !child.killed) child.kill('SIGTERM');
    });
    const code = await new Promise<number | null>((resolve) => child.on('exit', (c) => resolve(c)));
    expect(out).toContain('GOT SIGTERM');
    expect(code).toBe(0);
  });
});
