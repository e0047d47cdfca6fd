/**
 * The developer tasks. dev-tree (bench-scripts/dev-tree.sh): a node_modules-like tree built from a
 * seed, then extract / walk / read / delete timed per trial. watch (bench-scripts/watch.sh with the
 * engine's host half, watch-step.ts): round trips of a change this machine makes in the place's
 * folder until the target answers, by polling and through inotify. Natively (dev-tree through
 * `sh -s` as the engine sends it: events, determinism, cancel; watch through the engine), and through
 * the engine in a private dockerd: dev-tree in the shared folder, container disk and named volume,
 * watch in the shared folder (network none, no bridge; see docker-transport.test.ts).
 */
import { existsSync, mkdirSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JobEvent, Run, TestResult } from '../../electron/contract.js';
import { createEngine, type Engine } from '../../electron/engine/api.js';
import { call, ofType, vmbenchObjects, workDirs } from './helpers/docker-checks.js';
import { startDockerTestEnv, type DockerTestEnv } from './helpers/private-dockerd.js';
import { ofKind, processesMentioning, realDiskDir, runScript } from './helpers/run-script.js';

const METRICS = ['tree_delete_s', 'tree_extract_s', 'tree_read_s', 'tree_walk_s'];
const MIXED = ['mixed_delete_s', 'mixed_extract_s', 'mixed_read_s', 'mixed_walk_s'];
const WATCH_METRICS = ['watch_inotify_p50_ms', 'watch_inotify_p99_ms', 'watch_poll_p50_ms', 'watch_poll_p99_ms'];

/** A watch result: both modes measured, n = trials, p99 at least p50, every figure a few ms to the bound. */
function expectWatch(r: TestResult, trials: number): void {
  expect(Object.keys(r.metrics).sort()).toEqual(WATCH_METRICS);
  for (const m of WATCH_METRICS) {
    expect(r.metrics[m].n, m).toBe(trials);
    expect(r.metrics[m].median, m).toBeGreaterThan(0);
    expect(r.metrics[m].max, m).toBeLessThan(2000);
  }
  expect(r.metrics.watch_poll_p99_ms.median).toBeGreaterThanOrEqual(r.metrics.watch_poll_p50_ms.median);
  expect(r.tool.method).toMatch(/round trips timed by the host/);
  expect(r.params).toMatchObject({ events: 20, boundMs: 2000, inotify: 'yes' });
}

describe('dev-tree natively (sh -s, as the engine sends it)', () => {
  const dir = realDiskDir('vmbench-devtree-');
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('builds the same tree from the same seed, times four phases per trial, and leaves nothing', async () => {
    const shape = async (seed: number): Promise<Record<string, unknown>> => {
      const r = await runScript('dev-tree', ['--dir', dir, '--trials', '2', '--files', '800', '--seed', String(seed)]);
      expect(r.code, r.stderr).toBe(0);
      expect(r.bad).toEqual([]);
      expect(ofKind(r.events, 'sample').map((s) => s.metric).sort()).toEqual([...METRICS, ...METRICS].sort());
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
    const r = await runScript('dev-tree', ['--dir', dir, '--trials', '5', '--files', '1500'], { cancel: { signal: 'SIGTERM', when: (e) => e.event === 'sample' } });
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
    let names: string[] = [];
    try {
      names = readdirSync(d);
    } catch {
      continue;
    }
    for (const n of names) if (n !== hidden && !existsSync(join(bin, n))) symlinkSync(join(d, n), join(bin, n));
  }
  return bin;
}

describe('watch natively without inotifywait: the script\'s own python3 watcher', () => {
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

describe('dev-tree and watch in Docker: shared folder, container disk, named volume', () => {
  const CONTEXT = 'vmbench-devtree';
  const TARGET = `docker:${CONTEXT}`;
  let env: DockerTestEnv | undefined;
  let engine: Engine;
  const events: JobEvent[] = [];
  beforeAll(async () => {
    env = await startDockerTestEnv('vmbench-devtree-', CONTEXT, 'dev-tree');
    engine = createEngine({ dataDir: join(env.root, 'data'), mode: 'cli' });
    engine.subscribe((e) => events.push(e));
  }, 1_900_000);
  afterAll(async () => {
    await engine?.close();
    await env?.stop();
  }, 120_000);

  it('measures the quick tree in every place, watch in the shared folder, and removes the container, the volume and the files', async () => {
    const { jobId } = await call<{ jobId: string }>(engine, 'run.start', { suite: 'quick', targets: [TARGET], image: 'vmbench-guest:local', tests: ['dev-tree', 'watch'] });
    await engine.waitForJob(jobId);
    const [finished] = ofType(events, jobId, 'job-finished');
    expect(finished, JSON.stringify(ofType(events, jobId, 'log'))).toMatchObject({ status: 'completed' });
    const run = await call<Run>(engine, 'runs.get', finished.runId!);
    const t = run.targets[0];
    expect(t.errors).toEqual([]);
    expect(t.results.map((r) => `${r.place} ${r.test}`).sort()).toEqual(['guest dev-tree', 'shared dev-tree', 'shared watch', 'volume dev-tree']);
    const watched = t.results.find((r) => r.test === 'watch')!;
    expectWatch(watched, 3);
    process.stdout.write(`[watch] docker bind mount: poll p50 ${watched.metrics.watch_poll_p50_ms.median} ms, inotify p50 ${watched.metrics.watch_inotify_p50_ms.median} ms\n`);
    for (const r of t.results.filter((x) => x.test === 'dev-tree')) {
      expect(r.test).toBe('dev-tree');
      // In the shared folder also the mixed layout: the project on the bind mount, node_modules in the run's volume.
      const expected = r.place === 'shared' ? [...METRICS, ...MIXED].sort() : METRICS;
      expect(Object.keys(r.metrics).sort()).toEqual(expected);
      for (const m of expected) expect(r.metrics[m]).toMatchObject({ n: 3 });
      if (r.place === 'shared') {
        expect(r.tool.method).toMatch(/mixed layout: package\.json and src\/ in \/vmbench\/shared, node_modules in \/vmbench\/volume/);
        process.stdout.write(`[dev-tree] mixed: extract ${r.metrics.mixed_extract_s.median} s, walk ${r.metrics.mixed_walk_s.median} s, read ${r.metrics.mixed_read_s.median} s, delete ${r.metrics.mixed_delete_s.median} s\n`);
      }
      expect(r.params).toMatchObject({ files: 2000, seed: 1 });
      // The container cannot drop the host's caches: the result says so rather than calling it cold.
      expect(r.tool.method).toMatch(/caches could not be dropped/);
      process.stdout.write(`[dev-tree] ${r.place}: extract ${r.metrics.tree_extract_s.median} s, walk ${r.metrics.tree_walk_s.median} s, read ${r.metrics.tree_read_s.median} s, delete ${r.metrics.tree_delete_s.median} s\n`);
    }
    expect(vmbenchObjects(env!.d)).toEqual({ containers: [], volumes: [] });
    expect(workDirs(join(env!.root, 'data', 'scratch-shared'))).toEqual([]);
  }, 900_000);
});
