/**
 * The developer tasks. dev-tree (bench-scripts/dev-tree.sh): a node_modules-like tree built from a
 * seed, then extract / walk / read / delete timed per trial. watch (bench-scripts/watch.sh with the
 * engine's host half, watch-step.ts): round trips of a change this machine makes in the place's
 * folder until the target answers, by polling and through inotify. Natively (dev-tree through
 * `sh -s` as the engine sends it: events, determinism, cancel; watch through the engine). The same
 * through a private dockerd is in tests/live/dev-tasks-docker.test.ts.
 */
import { existsSync, mkdirSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { JobEvent, Run } from '../../electron/contract/contract.js';
import { createEngine } from '../../electron/engine/api.js';
import { DEV_TREE_METRICS as METRICS, expectWatch, MIXED_METRICS as MIXED } from '../helpers/dev-tasks-checks.js';
import { call, ofType, workDirs } from '../helpers/docker-checks.js';
import { ofKind, processesMentioning, realDiskDir, runScript } from '../helpers/run-script.js';

describe('dev-tree natively (sh -s, as the engine sends it)', () => {
  const dir = realDiskDir('vmbench-devtree-');
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('builds the same tree from the same seed, times four phases per trial, and leaves nothing', async () => {
    const shape = async (seed: number): Promise<Record<string, unknown>> => {
      const r = await runScript('dev-tree', ['--dir', dir, '--trials', '2', '--files', '800', '--seed', String(seed)]);
      expect(r.code, r.stderr).toBe(0);
      expect(r.bad).toEqual([]);
      expect(
        ofKind(r.events, 'sample')
          .map((s) => s.metric)
          .sort(),
      ).toEqual([...METRICS, ...METRICS].sort());
      const [result] = ofKind(r.events, 'result');
      const metrics = result.metrics ?? {};
      expect(Object.keys(metrics).sort()).toEqual(METRICS);
      for (const m of METRICS) expect(metrics[m].n).toBe(2);
      expect(result.method).toMatch(/node_modules-like tree from seed \d+: \d+ files, \d+ folders, \d+ symlinks/);
      const { treeFiles, treeDirs, treeLinks, treeMiB } = result.params as Record<string, number>;
      expect(treeFiles).toBeGreaterThanOrEqual(800);
      // node_modules proportions: about one folder for every 6-12 files, some commands in .bin.
      expect(treeFiles / treeDirs).toBeGreaterThan(5);
      expect(treeFiles / treeDirs).toBeLessThan(14);
      expect(treeLinks).toBeGreaterThan(0);
      expect(readdirSync(dir)).toEqual([]);
      return { treeFiles, treeDirs, treeLinks, treeMiB };
    };
    const a = await shape(7);
    expect(await shape(7)).toEqual(a);
    expect(await shape(8)).not.toEqual(a);
  }, 300_000);

  it('with --modules-dir also times the mixed layout over both folders, and leaves nothing in either', async () => {
    const mods = realDiskDir('vmbench-devtree-mods-');
    try {
      const r = await runScript('dev-tree', ['--dir', dir, '--trials', '2', '--files', '800', '--modules-dir', mods]);
      expect(r.code, r.stderr).toBe(0);
      const [result] = ofKind(r.events, 'result');
      expect(Object.keys(result.metrics ?? {}).sort()).toEqual([...METRICS, ...MIXED].sort());
      for (const m of MIXED) expect(result.metrics![m]).toMatchObject({ n: 2 });
      expect(result.method).toContain(`mixed layout: package.json and src/ in ${dir}, node_modules in ${mods}`);
      expect(readdirSync(dir)).toEqual([]);
      expect(readdirSync(mods)).toEqual([]);
      const bad = await runScript('dev-tree', ['--dir', dir, '--trials', '1', '--files', '100', '--modules-dir', join(mods, 'missing')]);
      expect(bad.code).toBe(2);
      expect(ofKind(bad.events, 'error')[0]).toMatchObject({ code: 'bad-dir' });
      expect(readdirSync(dir)).toEqual([]);
    } finally {
      rmSync(mods, { recursive: true, force: true });
    }
  }, 300_000);

  it('stops on SIGTERM during the trials and removes the tree and its tar', async () => {
    const r = await runScript('dev-tree', ['--dir', dir, '--trials', '5', '--files', '1500'], {
      cancel: { signal: 'SIGTERM', when: (e) => e.event === 'sample' },
    });
    expect(r.code).toBe(143);
    expect(ofKind(r.events, 'end')).toHaveLength(1);
    expect(readdirSync(dir)).toEqual([]);
  }, 300_000);

  it('refuses a seed that is not a whole number', async () => {
    const r = await runScript('dev-tree', ['--dir', dir, '--seed', '1;rm']);
    expect(r.code).toBe(2);
    expect(ofKind(r.events, 'error')[0]).toMatchObject({ code: 'usage', message: "--seed needs a whole number, not '1;rm'" });
  });
});

describe('watch natively, through the engine', () => {
  let dir = '';
  afterAll(() => (dir ? rmSync(dir, { recursive: true, force: true }) : undefined));

  it('measures both modes and leaves neither files nor a watcher behind; a cancel mid-batch does the same', async () => {
    dir = realDiskDir('vmbench-watch-');
    const engine = createEngine({ dataDir: dir, mode: 'cli' });
    const events: JobEvent[] = [];
    engine.subscribe((e) => events.push(e));
    const { jobId } = await call<{ jobId: string }>(engine, 'run.start', { suite: 'quick', targets: ['local'], tests: ['watch'] });
    await engine.waitForJob(jobId);
    const [finished] = ofType(events, jobId, 'job-finished');
    expect(finished).toMatchObject({ status: 'completed' });
    const run = await call<Run>(engine, 'runs.get', finished.runId!);
    expectWatch(run.targets[0].results[0], 3);
    expect(workDirs(join(dir, 'scratch'))).toEqual([]);
    expect(processesMentioning(join(dir, 'scratch'))).toEqual([]);

    // Cancelled while the host is writing its changes.
    let cancelled: Promise<unknown> | undefined;
    const off = engine.subscribe((e) => {
      if (!cancelled && e.type === 'sample' && e.test === 'watch') cancelled = call(engine, 'run.cancel', e.jobId);
    });
    const second = await call<{ jobId: string }>(engine, 'run.start', { suite: 'quick', targets: ['local'], tests: ['watch'] });
    await engine.waitForJob(second.jobId);
    off();
    expect(await cancelled).toEqual({ cancelled: true });
    expect(ofType(events, second.jobId, 'job-finished')[0]).toMatchObject({ status: 'cancelled' });
    expect(workDirs(join(dir, 'scratch'))).toEqual([]);
    expect(processesMentioning(join(dir, 'scratch'))).toEqual([]);
    await engine.close();
  }, 300_000);
});

/** A PATH of symlinks to every command of this one except `hidden` (a target without that tool). */
function pathWithout(hidden: string, root: string): string {
  const bin = join(root, 'bin-without-' + hidden);
  mkdirSync(bin, { recursive: true });
  for (const d of (process.env.PATH ?? '').split(':').filter(Boolean)) {
    let names: string[];
    try {
      names = readdirSync(d);
    } catch {
      continue;
    }
    for (const n of names) if (n !== hidden && !existsSync(join(bin, n))) symlinkSync(join(d, n), join(bin, n));
  }
  return bin;
}

describe("watch natively without inotifywait: the script's own python3 watcher", () => {
  let dir = '';
  const savedPath = process.env.PATH;
  afterAll(() => {
    process.env.PATH = savedPath;
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('measures inotify through python3 (the method says so) and leaves no watcher behind', async () => {
    dir = realDiskDir('vmbench-watch-py-');
    process.env.PATH = pathWithout('inotifywait', dir);
    const engine = createEngine({ dataDir: join(dir, 'data'), mode: 'cli' });
    const events: JobEvent[] = [];
    engine.subscribe((e) => events.push(e));
    const { jobId } = await call<{ jobId: string }>(engine, 'run.start', { suite: 'quick', targets: ['local'], tests: ['watch'] });
    await engine.waitForJob(jobId);
    process.env.PATH = savedPath;
    const [finished] = ofType(events, jobId, 'job-finished');
    expect(finished).toMatchObject({ status: 'completed' });
    const run = await call<Run>(engine, 'runs.get', finished.runId!);
    const result = run.targets[0].results[0];
    expectWatch(result, 3);
    expect(result.tool.method).toMatch(/inotify: a python3 inotify watcher/);
    expect(workDirs(join(dir, 'data', 'scratch'))).toEqual([]);
    expect(processesMentioning(join(dir, 'data', 'scratch'))).toEqual([]);
    await engine.close();
  }, 300_000);
});
