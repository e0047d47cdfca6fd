// The Electron main bundle as shipped (dist/app/main.cjs, CommonJS, built by esbuild) loaded under
// plain Node with the test stand-in for the `electron` module (the binary cannot be installed here):
// it must start, take the secure window settings, and answer IPC through the real engine — this is
// what catches bundling mistakes (ESM-only deps, import.meta in CJS, native modules) that unit tests
// of the TypeScript sources cannot see.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = process.cwd();
let dir: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'vmbench-bundle-'));
  // vi.fn without vitest: a plain function that keeps the mock's behaviour.
  writeFileSync(join(dir, 'vitest-shim.cjs'), 'exports.vi = { fn: (impl) => (...a) => (impl ? impl(...a) : undefined), clearAllMocks() {} };\n');
  await build({
    entryPoints: [join(root, 'tests/mocks/electron.ts')],
    outfile: join(dir, 'electron-stub.cjs'),
    bundle: true,
    platform: 'node',
    format: 'cjs',
    alias: { vitest: join(dir, 'vitest-shim.cjs') },
    logLevel: 'error',
  });
  writeFileSync(
    join(dir, 'run.cjs'),
    `const Module = require('node:module');
const stub = require('./electron-stub.cjs');
const load = Module._load;
Module._load = function (request, ...rest) { return request === 'electron' ? stub : load.call(this, request, ...rest); };
Object.defineProperty(process.versions, 'electron', { value: '45.4.1' });
stub.app.appPath = ${JSON.stringify(root)};
require(${JSON.stringify(join(root, 'dist/app/main.cjs'))});
setTimeout(async () => {
  const win = stub.BrowserWindow.windows[0];
  const frame = win.webContents.mainFrame;
  const info = await stub.ipcMain.invoke('vmbench:app.info', frame, []);
  const runs = await stub.ipcMain.invoke('vmbench:runs.list', frame, []);
  const foreign = await stub.ipcMain.invoke('vmbench:runs.list', new stub.FakeFrame(), []);
  process.stdout.write(JSON.stringify({ info, runs, foreign, prefs: win.options.webPreferences, loaded: win.loadedFile }) + '\\n');
  process.exit(0);
}, 1000);
`,
  );
}, 120_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('dist/app/main.cjs', () => {
  it('starts, opens the secure window on the built renderer, and answers IPC through the real engine', () => {
    const r = spawnSync(process.execPath, [join(dir, 'run.cjs')], {
      encoding: 'utf8',
      env: { ...process.env, VMBENCH_HOME: join(dir, 'home') },
      timeout: 60_000,
    });
    expect(r.status, r.stderr).toBe(0);
    const out = JSON.parse(r.stdout.trim().split('\n').at(-1)!);
    expect(out.prefs).toMatchObject({ contextIsolation: true, sandbox: true, nodeIntegration: false, webSecurity: true });
    expect(out.prefs.preload).toMatch(/dist[/\\]app[/\\]preload\.cjs$/);
    expect(out.loaded).toBe(join(root, 'dist/renderer/index.html'));
    expect(out.info).toMatchObject({ ok: true, value: { mode: 'electron', version: expect.stringMatching(/^\d+\.\d+\.\d+/) } });
    expect(out.runs).toEqual({ ok: true, value: { runs: [], warnings: [] } });
    expect(out.foreign).toMatchObject({ ok: false, error: { code: 'invalid-input' } });
  });
});
