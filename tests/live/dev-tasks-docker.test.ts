/**
 * The developer tasks through the engine in a private dockerd (the live host stream's shared one,
 * tests/helpers/shared-dockerd.ts): dev-tree in the shared folder, container
 * disk and named volume, watch in the shared folder (network none, no bridge; see docker-transport.test.ts).
 * Natively: tests/integration/dev-tasks.test.ts.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JobEvent, Run } from '../../electron/contract/contract.js';
import { createEngine, type Engine } from '../../electron/engine/api.js';
import { DEV_TREE_METRICS as METRICS, expectWatch, MIXED_METRICS as MIXED } from '../helpers/dev-tasks-checks.js';
import { call, errorsBesidesSettle, ofType, vmbenchObjects, workDirs } from '../helpers/docker-checks.js';
import { startDockerTestEnv, type DockerTestEnv } from '../helpers/docker-test-env.js';

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
    const { jobId } = await call<{ jobId: string }>(engine, 'run.start', {
      suite: 'quick',
      targets: [TARGET],
      image: 'vmbench-guest:local',
      tests: ['dev-tree', 'watch'],
    });
    await engine.waitForJob(jobId);
    const [finished] = ofType(events, jobId, 'job-finished');
    expect(finished, JSON.stringify(ofType(events, jobId, 'log'))).toMatchObject({ status: 'completed' });
    const run = await call<Run>(engine, 'runs.get', finished.runId!);
    const t = run.targets[0];
    expect(errorsBesidesSettle(t)).toEqual([]);
    expect(t.results.map((r) => `${r.place} ${r.test}`).sort()).toEqual(['guest dev-tree', 'shared dev-tree', 'shared watch', 'volume dev-tree']);
    const watched = t.results.find((r) => r.test === 'watch')!;
    expectWatch(watched, 3);
    process.stdout.write(
      `[watch] docker bind mount: poll p50 ${watched.metrics.watch_poll_p50_ms.median} ms, inotify p50 ${watched.metrics.watch_inotify_p50_ms.median} ms\n`,
    );
    for (const r of t.results.filter((x) => x.test === 'dev-tree')) {
      expect(r.test).toBe('dev-tree');
      // In the shared folder also the mixed layout: the project on the bind mount, node_modules in the run's volume.
      const expected = r.place === 'shared' ? [...METRICS, ...MIXED].sort() : METRICS;
      expect(Object.keys(r.metrics).sort()).toEqual(expected);
      for (const m of expected) expect(r.metrics[m]).toMatchObject({ n: 3 });
      if (r.place === 'shared') {
        expect(r.tool.method).toMatch(/mixed layout: package\.json and src\/ in \/vmbench\/shared, node_modules in \/vmbench\/volume/);
        process.stdout.write(
          `[dev-tree] mixed: extract ${r.metrics.mixed_extract_s.median} s, walk ${r.metrics.mixed_walk_s.median} s, read ${r.metrics.mixed_read_s.median} s, delete ${r.metrics.mixed_delete_s.median} s\n`,
        );
      }
      expect(r.params).toMatchObject({ files: 2000, seed: 1 });
      // The container cannot drop the host's caches: the result says so rather than calling it cold.
      expect(r.tool.method).toMatch(/caches could not be dropped/);
      process.stdout.write(
        `[dev-tree] ${r.place}: extract ${r.metrics.tree_extract_s.median} s, walk ${r.metrics.tree_walk_s.median} s, read ${r.metrics.tree_read_s.median} s, delete ${r.metrics.tree_delete_s.median} s\n`,
      );
    }
    expect(vmbenchObjects(env!.d)).toEqual({ containers: [], volumes: [] });
    expect(workDirs(join(env!.root, 'data', 'scratch-shared'))).toEqual([]);
  }, 900_000);
});
