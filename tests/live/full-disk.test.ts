/**
 * Every file vmbench writes, on a real full disk (a small tmpfs filled to the last block): the earlier
 * file stays byte for byte, no temp file is left, and the CLI says which file and why. The CLI's own
 * outputs (export md/csv/json, card, run --json) run through the built bundle; the run history, the
 * detect cache, the window state and an apply backup through the engine's own code.
 * Needs root (mount -t tmpfs).
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statfsSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Finding, RuntimeInfo } from '../../electron/contract/contract.js';
import { applyFinding } from '../../electron/engine/advisor/apply/index.js';
import { lineDiff } from '../../electron/engine/advisor/rule-kit/diff.js';
import { readDetectCache, saveDetectCache } from '../../electron/engine/detect-cache.js';
import { RunStore } from '../../electron/engine/store/run-store.js';
import { writeWindowState, readWindowState } from '../../electron/desktop/window-state.js';
import { makeRun, result } from '../helpers/make-run.js';
import { captured } from '../helpers/runtimes-stubs.js';
import { runCli } from '../helpers/cli.js';

const RUN_ID = '2026-01-15T09-30-00-test-multi';
const PREVIOUS = 'the earlier file: it must survive a failed write\n';

describe('writes on a full disk leave the earlier file or the new one, never a part', () => {
  let base: string;
  let home: string;
  let full: string;
  let mounted = false;

  beforeAll(() => {
    if (process.getuid?.() !== 0)
      throw new Error('full-disk.test.ts mounts a tmpfs and must run as root (it is not skipped: run it with sudo or in the root CI container)');
    base = mkdtempSync(join(process.cwd(), '.vmbench-tmp-full-'));
    home = join(base, 'home');
    mkdirSync(join(home, 'runs'), { recursive: true });
    copyFileSync(join(process.cwd(), 'tests/fixtures/runs/quick-multi.json'), join(home, 'runs', `${RUN_ID}.json`));
    full = join(base, 'full');
    mkdirSync(full);
    const m = spawnSync('mount', ['-t', 'tmpfs', '-o', 'size=1m,mode=0755', 'tmpfs', full], { encoding: 'utf8' });
    if (m.status !== 0) throw new Error(`mount -t tmpfs failed: ${m.stderr}`);
    mounted = true;
  });
  afterAll(() => {
    if (mounted) spawnSync('umount', [full]);
    if (base) rmSync(base, { recursive: true, force: true });
  });
  beforeEach(() => {
    for (const n of readdirSync(full)) rmSync(join(full, n), { recursive: true, force: true });
  });

  /** Fills the tmpfs to its last block with dd (which stops at ENOSPC); the file system then has no free block. */
  const fill = (): void => {
    spawnSync('dd', ['if=/dev/zero', `of=${join(full, '.fill')}`, 'bs=4096'], { stdio: 'ignore' });
    expect(statfsSync(full).bavail).toBe(0);
  };
  /** The earlier file, written before the disk filled up. */
  const previous = (rel: string, content: string | Buffer = PREVIOUS): string => {
    const file = join(full, rel);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, content);
    return file;
  };
  /** Every name under the tmpfs but the filler: a temp file left behind would show here. */
  const names = (dir = full): string[] =>
    readdirSync(dir, { withFileTypes: true })
      .filter((e) => e.name !== '.fill')
      .flatMap((e) => (e.isDirectory() ? [`${e.name}/`, ...names(join(dir, e.name)).map((n) => `${e.name}/${n}`)] : [e.name]))
      .sort();
  const cli = (args: string[]): { status: number | null; stderr: string } => {
    return runCli(args, { ...process.env, VMBENCH_HOME: home }, 240_000);
  };

  for (const format of ['md', 'csv', 'json']) {
    it(`vmbench export --format ${format} --out: exit 1 naming the file, the earlier file unchanged`, () => {
      const out = previous(`report.${format}`);
      fill();
      const r = cli(['export', RUN_ID, '--format', format, '--out', out]);
      // Written in place, the export left its first 4 KiB over the earlier file.
      expect(readFileSync(out, 'utf8')).toBe(PREVIOUS);
      expect(names()).toEqual([`report.${format}`]);
      expect(r.status).toBe(1);
      expect(r.stderr).toContain(`vmbench: Could not write ${out}: the disk is full. The previous file, if there was one, is unchanged.`);
      expect(r.stderr).not.toMatch(/\n\s+at /); // no stack trace
    });
  }

  it('vmbench card --out: exit 1, the earlier PNG unchanged', () => {
    const png = Buffer.from('89504e470d0a1a0a0000000d4948445200000001', 'hex');
    const out = previous('card.png', png);
    fill();
    const r = cli(['card', RUN_ID, '--out', out]);
    expect(readFileSync(out).equals(png)).toBe(true);
    expect(names()).toEqual(['card.png']);
    expect(r.status).toBe(1);
    expect(r.stderr).toContain(`Could not write ${out}: the disk is full`);
  });

  it('vmbench run --json FILE: the run is stored in the history, the earlier JSON file unchanged, exit 1', () => {
    const out = previous('run.json');
    fill();
    const before = new Set(readdirSync(join(home, 'runs')));
    const r = cli(['run', '--target', 'local', '--tests', 'small-files', '--json', out]);
    expect(readFileSync(out, 'utf8')).toBe(PREVIOUS);
    expect(names()).toEqual(['run.json']);
    expect(r.status, r.stderr).toBe(1);
    expect(r.stderr).toContain(`Could not write ${out}: the disk is full`);
    // The run itself went to the history (on another disk) whole.
    const added = readdirSync(join(home, 'runs')).filter((n) => !before.has(n));
    expect(added).toHaveLength(1);
    expect(JSON.parse(readFileSync(join(home, 'runs', added[0]), 'utf8'))).toMatchObject({ tests: ['small-files'] });
  });

  it('run history: a new run and a renamed run fail on the full data folder; the history stays whole and readable', async () => {
    const store = new RunStore(join(full, 'data'));
    const old = makeRun('2026-01-01T00-00-00-local', '2026-01-01T00:00:00.000Z', [result('seq-write', 'native', { write_MBps: [100, 110, 120] })]);
    const file = await store.save(old);
    const text = readFileSync(file, 'utf8');
    fill();
    const next = makeRun('2026-01-02T00-00-00-local', '2026-01-02T00:00:00.000Z', [result('seq-write', 'native', { write_MBps: [200, 210, 220] })]);
    await expect(store.create(next)).rejects.toMatchObject({ code: 'ENOSPC' });
    await expect(store.annotate(old.id, { name: 'renamed', note: 'a note' })).rejects.toMatchObject({ code: 'ENOSPC' });
    expect(readFileSync(file, 'utf8')).toBe(text);
    const list = await store.list();
    expect(list.warnings).toEqual([]);
    expect(list.runs.map((r) => r.id)).toEqual([old.id]);
    expect(names()).toEqual(['data/', 'data/runs/', `data/runs/${old.id}.json`]);
  });

  it('the detect cache and the window state keep their earlier content', async () => {
    const dataDir = join(full, 'data');
    await saveDetectCache(dataDir, { runtimes: [], durationMs: 5 }, new Date('2026-01-01T00:00:00Z'));
    writeWindowState(dataDir, { width: 1000, height: 700, maximized: false });
    fill();
    const big = {
      runtimes: [
        {
          id: 'local',
          kind: 'local',
          name: 'x'.repeat(20_000),
          version: null,
          state: 'running' as const,
          settings: {},
          settingsSource: {},
          targets: [],
          findings: [],
        },
      ],
      durationMs: 9,
    };
    await expect(saveDetectCache(dataDir, big)).rejects.toMatchObject({ code: 'ENOSPC' });
    expect((await readDetectCache(dataDir))?.savedAt).toBe('2026-01-01T00:00:00.000Z');
    expect(() => writeWindowState(dataDir, { width: 1200, height: 800, maximized: true, x: 1, y: 2 })).toThrow(/ENOSPC/);
    expect(readWindowState(dataDir)).toEqual({ width: 1000, height: 700, maximized: false });
    expect(names()).toEqual(['data/', 'data/last-detect.json', 'data/window-state.json']);
  });

  it('apply: a backup that cannot be written on the full data folder fails before the settings file is touched', async () => {
    const REL = 'Library/Group Containers/group.com.docker/settings-store.json';
    const homeDir = join(base, 'apply-home');
    const settings = join(homeDir, REL);
    mkdirSync(dirname(settings), { recursive: true });
    copyFileSync(captured('docker-desktop/settings-store.fresh-install-v43.json'), settings);
    const original = readFileSync(settings, 'utf8');
    const path = `~/${REL}`;
    const finding: Finding = {
      id: 'docker-desktop/autoStart',
      setting: 'autoStart',
      current: false,
      recommended: true,
      severity: 'low',
      evidence: 'e',
      apply: { kind: 'file', path, diff: lineDiff(path, ['"AutoStart": false'], ['"AutoStart": true']) },
    };
    const rt: RuntimeInfo = {
      id: 'docker-desktop',
      kind: 'docker-desktop',
      name: 'Docker Desktop',
      version: null,
      state: 'stopped',
      settings: {},
      settingsSource: {},
      targets: [],
      findings: [],
    };
    mkdirSync(join(full, 'data'));
    fill();
    await expect(applyFinding(finding, rt, { dataDir: join(full, 'data'), env: { HOME: homeDir, PATH: '/usr/bin:/bin' } })).rejects.toMatchObject({
      code: 'ENOSPC',
    });
    expect(readFileSync(settings, 'utf8')).toBe(original);
    expect(readdirSync(dirname(settings))).toEqual(['settings-store.json']);
    // The backup folder may exist (a folder takes no data block); no file, whole or partial, is in it.
    expect(names().filter((n) => !n.endsWith('/'))).toEqual([]);
  });
});
