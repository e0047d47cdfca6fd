import { spawn } from 'node:child_process';
import { chmodSync, copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

// scripts/build/start-electron.mjs run for real with node, as `npm start` does, against electron package
// folders built from the published electron 45.4.1 files (tests/fixtures/electron-45.4.1).
const repo = resolve(import.meta.dirname, '../..');
const script = join(repo, 'scripts', 'build', 'start-electron.mjs');
const electronFiles = join(repo, 'tests', 'fixtures', 'electron-45.4.1');
const temps: string[] = [];
const servers: Server[] = [];
afterEach(async () => {
  for (const dir of temps.splice(0)) rmSync(dir, { recursive: true, force: true });
  await Promise.all(servers.splice(0).map((s) => new Promise((done) => s.close(done))));
});

interface Result {
  status: number | null;
  stdout: string;
  stderr: string;
}

/** Runs the script without blocking this process, so that a loopback server in the test can answer it. */
function run(cwd: string, scriptPath = script, env: NodeJS.ProcessEnv = {}): Promise<Result> {
  // No electron settings of the caller's shell or npm (mirror, cache, skip) leak into the run.
  const base = Object.fromEntries(Object.entries(process.env).filter(([k]) => !/electron/i.test(k)));
  const child = spawn(process.execPath, [scriptPath], { cwd, env: { ...base, ...env }, stdio: ['ignore', 'pipe', 'pipe'], timeout: 60_000 });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  return new Promise((done) => child.on('close', (status) => done({ status, stdout, stderr })));
}

/** A project copy holding only the script, and optionally an electron package made of the published files. */
function project(electron?: { packageJson?: (pkg: Record<string, unknown>) => void }): { dir: string; script: string; electronDir: string } {
  const dir = mkdtempSync(join(tmpdir(), 'vmbench-start-'));
  temps.push(dir);
  mkdirSync(join(dir, 'scripts', 'build'), { recursive: true });
  copyFileSync(script, join(dir, 'scripts', 'build', 'start-electron.mjs'));
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'vmbench-copy', private: true, scripts: { build: 'node make-dist.cjs' } }));
  const electronDir = join(dir, 'node_modules', 'electron');
  if (electron) {
    mkdirSync(electronDir, { recursive: true });
    for (const f of ['index.js', 'install.js', 'checksums.json', 'LICENSE']) copyFileSync(join(electronFiles, f), join(electronDir, f));
    const pkg = JSON.parse(readFileSync(join(electronFiles, 'package.json'), 'utf8')) as Record<string, unknown>;
    electron.packageJson?.(pkg);
    writeFileSync(join(electronDir, 'package.json'), JSON.stringify(pkg, null, 2));
  }
  return { dir, script: join(dir, 'scripts', 'build', 'start-electron.mjs'), electronDir };
}

/** What a successful download leaves: dist/electron (here a node script reporting its arguments) and path.txt. */
function fakeBinary(electronDir: string, body: string): void {
  mkdirSync(join(electronDir, 'dist'), { recursive: true });
  const bin = join(electronDir, 'dist', 'electron');
  writeFileSync(bin, `#!${process.execPath}\nconsole.log('ARGS ' + JSON.stringify(process.argv.slice(2)));\n${body}\n`);
  chmodSync(bin, 0o755);
  writeFileSync(join(electronDir, 'path.txt'), 'electron');
}

/** An Electron download mirror on loopback that has nothing: every request gets a 404 and is recorded. */
async function emptyMirror(): Promise<{ url: string; requests: string[] }> {
  const requests: string[] = [];
  const server = createServer((req, res) => {
    requests.push(req.url ?? '');
    res.writeHead(404).end('not here');
  });
  servers.push(server);
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, requests };
}

function expectExplained(res: Result): void {
  expect(res.status).toBe(1);
  expect(res.stderr).toContain('the desktop shell is not installed');
  expect(res.stderr).toContain('npm run web');
  expect(res.stderr).toContain('npx vmbench web');
  expect(res.stdout).toBe('');
}

describe('npm start (scripts/build/start-electron.mjs)', { timeout: 60_000 }, () => {
  it('in this checkout, without a usable Electron binary, explains and exits 1', async () => {
    // On Node 20 npm leaves electron 45 out (engines node >= 22.12.0). Where it is installed,
    // ELECTRON_OVERRIDE_DIST_PATH points it at a missing binary and the skip variable keeps the
    // script from downloading one, so this never starts a window nor touches the network.
    const res = await run(repo, script, { ELECTRON_OVERRIDE_DIST_PATH: join(repo, 'no-such-electron-dist'), ELECTRON_SKIP_BINARY_DOWNLOAD: '1' });
    expectExplained(res);
    if (existsSync(join(repo, 'node_modules', 'electron', 'package.json'))) {
      expect(res.stderr).toContain('its download did not run (ELECTRON_SKIP_BINARY_DOWNLOAD is set)');
    } else {
      expect(res.stderr).toContain('the electron package is not installed');
      expect(res.stderr).toContain('npm install electron');
      const [major, minor] = process.versions.node.split('.').map(Number);
      if (major < 22 || (major === 22 && minor < 12)) {
        expect(res.stderr).toContain(`electron 45.4.1 needs Node >= 22.12.0; this is Node ${process.versions.node}`);
      }
    }
  });

  it('install step not run: electron 45 installed without its binary, download skipped, says so and names `npx install-electron`', async () => {
    const p = project({});
    const mirror = await emptyMirror();
    const res = await run(p.dir, p.script, { ELECTRON_SKIP_BINARY_DOWNLOAD: '1', ELECTRON_MIRROR: mirror.url });
    expectExplained(res);
    expect(res.stderr).toContain('electron 45.4.1 is installed but its binary is not');
    expect(res.stderr).toContain('its download did not run (ELECTRON_SKIP_BINARY_DOWNLOAD is set)');
    expect(res.stderr).toContain('no path.txt in node_modules/electron');
    expect(res.stderr).toMatch(/^ {6}npx install-electron$/m);
    expect(res.stderr).not.toContain('failed');
    expect(mirror.requests).toEqual([]);
  });

  it('install script not run: an electron with a postinstall (as up to 41) and no binary names allowScripts and install.js', async () => {
    // electron 40.0.0 as published: scripts {postinstall: "node install.js"}, bin {electron: "cli.js"}.
    const p = project({
      packageJson: (pkg) => {
        pkg.scripts = { postinstall: 'node install.js' };
        pkg.bin = { electron: 'cli.js' };
      },
    });
    const mirror = await emptyMirror();
    const res = await run(p.dir, p.script, { ELECTRON_MIRROR: mirror.url });
    expectExplained(res);
    expect(res.stderr).toContain("npm did not run electron's postinstall: not approved in package.json's allowScripts, or --ignore-scripts");
    expect(res.stderr).toMatch(/^ {6}node node_modules\/electron\/install\.js$/m);
    expect(mirror.requests).toEqual([]);
  });

  it("download failed: runs electron's install.js, which fails against an empty mirror; says the download failed", async () => {
    const p = project({});
    // install.js downloads with @electron/get (the copy electron-builder brings), from the mirror on loopback.
    mkdirSync(join(p.dir, 'node_modules', '@electron'));
    symlinkSync(realpathSync(join(repo, 'node_modules', '@electron', 'get')), join(p.dir, 'node_modules', '@electron', 'get'));
    const mirror = await emptyMirror();
    const cache = join(p.dir, 'electron-cache');
    const res = await run(p.dir, p.script, { ELECTRON_MIRROR: mirror.url, electron_config_cache: cache });
    expectExplained(res);
    expect(mirror.requests.some((u) => u.includes('/v45.4.1/electron-v45.4.1-'))).toBe(true);
    expect(res.stderr).toContain('downloading the Electron 45.4.1 binary');
    expect(res.stderr).toContain('the download of the Electron 45.4.1 binary failed');
    expect(res.stderr).toMatch(/install\.js exited with 1/);
    expect(res.stderr).toMatch(/^ {6}npx install-electron$/m);
    expect(res.stderr).not.toContain('did not run');
    expect(existsSync(join(p.electronDir, 'path.txt'))).toBe(false);
  });

  it('builds dist when missing, starts the binary on the project folder and passes its exit code on', async () => {
    const p = project({});
    fakeBinary(p.electronDir, 'process.exit(7);');
    const files = ['dist/app/main.cjs', 'dist/app/preload.cjs', 'dist/renderer/index.html'];
    writeFileSync(
      join(p.dir, 'make-dist.cjs'),
      `const fs = require('fs'); for (const f of ${JSON.stringify(files)}) { fs.mkdirSync(require('path').dirname(f), { recursive: true }); fs.writeFileSync(f, ''); }`,
    );
    const res = await run(p.dir, p.script, { ELECTRON_RUN_AS_NODE: '1' });
    expect(res.status).toBe(7);
    expect(res.stderr).toContain('running `npm run build` first');
    for (const f of files) expect(existsSync(join(p.dir, f))).toBe(true);
    expect(res.stdout).toContain(`ARGS ${JSON.stringify([p.dir])}`);
  });

  it('forwards SIGTERM to Electron and exits with its code', async () => {
    const p = project({});
    for (const f of ['dist/app/main.cjs', 'dist/app/preload.cjs', 'dist/renderer/index.html']) {
      mkdirSync(join(p.dir, f, '..'), { recursive: true });
      writeFileSync(join(p.dir, f), '');
    }
    fakeBinary(
      p.electronDir,
      "process.on('SIGTERM', () => { console.log('GOT SIGTERM'); process.exit(0); }); console.log('LISTENING'); setInterval(() => {}, 1000);",
    );
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
