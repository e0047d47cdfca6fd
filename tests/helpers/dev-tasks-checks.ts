// What the developer-task tests (tests/integration/dev-tasks, tests/live/dev-tasks-docker) expect of a result.
import { expect } from 'vitest';
import type { TestResult } from '../../electron/contract/contract.js';

/** dev-tree's four timed phases. */
export const DEV_TREE_METRICS = ['tree_delete_s', 'tree_extract_s', 'tree_read_s', 'tree_walk_s'];
/** The same phases in the mixed layout (project in the shared folder, node_modules in a volume). */
export const MIXED_METRICS = ['mixed_delete_s', 'mixed_extract_s', 'mixed_read_s', 'mixed_walk_s'];
/** watch's four figures. */
export const WATCH_METRICS = ['watch_inotify_p50_ms', 'watch_inotify_p99_ms', 'watch_poll_p50_ms', 'watch_poll_p99_ms'];

/** A watch result: both modes measured, n = trials, p99 at least p50, every figure a few ms to the bound. */
export function expectWatch(r: TestResult, trials: number): void {
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
