/**
 * The dev-tree test (bench-scripts/dev-tree.sh): a node_modules-like tree built from a seed, then
 * extract / walk / read / delete timed per trial. Natively through `sh -s` as the engine sends it
 * (events, determinism, cancel), and through the engine in a private dockerd's shared folder,
 * container disk and named volume (network none, no bridge; see docker-transport.test.ts).
 */
import { readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JobEvent, Run } from '../../electron/contract.js';
import { createEngine, type Engine } from '../../electron/engine/api.js';
import { call, ofType, vmbenchObjects, workDirs } from './helpers/docker-checks.js';
import { startDockerTestEnv, type DockerTestEnv } from './helpers/private-dockerd.js';
import { ofKind, realDiskDir, runScript } from './helpers/run-script.js';

const METRICS = ['tree_delete_s', 'tree_extract_s', 'tree_read_s', 'tree_walk_s'];

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

describe('dev-tree in Docker: shared folder, container disk, named volume', () => {
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

  it('measures the quick tree in every place and removes the container, the volume and the files', async () => {
    const { jobId } = await call<{ jobId: string }>(engine, 'run.start', { suite: 'quick', targets: [TARGET], image: 'vmbench-guest:local', tests: ['dev-tree'] });
    await engine.waitForJob(jobId);
    const [finished] = ofType(events, jobId, 'job-finished');
    expect(finished, JSON.stringify(ofType(events, jobId, 'log'))).toMatchObject({ status: 'completed' });
    const run = await call<Run>(engine, 'runs.get', finished.runId!);
    const t = run.targets[0];
    expect(t.errors).toEqual([]);
    expect(t.results.map((r) => r.place).sort()).toEqual(['guest', 'shared', 'volume']);
    for (const r of t.results) {
      expect(r.test).toBe('dev-tree');
      expect(Object.keys(r.metrics).sort()).toEqual(METRICS);
      for (const m of METRICS) expect(r.metrics[m]).toMatchObject({ n: 3 });
      expect(r.params).toMatchObject({ files: 2000, seed: 1 });
      // The container cannot drop the host's caches: the result says so rather than calling it cold.
      expect(r.tool.method).toMatch(/caches could not be dropped/);
      process.stdout.write(`[dev-tree] ${r.place}: extract ${r.metrics.tree_extract_s.median} s, walk ${r.metrics.tree_walk_s.median} s, read ${r.metrics.tree_read_s.median} s, delete ${r.metrics.tree_delete_s.median} s\n`);
    }
    expect(vmbenchObjects(env!.d)).toEqual({ containers: [], volumes: [] });
    expect(workDirs(join(env!.root, 'data', 'scratch-shared'))).toEqual([]);
  }, 900_000);
});
