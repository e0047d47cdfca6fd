// The order the fast lane's files start in, for its three workers: the slowest first, so that the last
// file to start is a short one and the workers finish near the same time. vitest's own order needs its
// cache of earlier durations, which a fresh clone (CI) does not have: it then goes by project name and
// file size, and started ui-flow, live-results, cli and engine-run (over half the lane's work) late.
import { relative } from 'node:path';
import type { TestSpecification } from 'vitest/node';
import { LiveVmSequencer } from './live/vm-order.js';

/**
 * Seconds each slow file took in a fresh-clone `npm test` on the 2-core test machine (the "slowest
 * files" list it prints at its end). Refresh it when that list changes order; a file not listed starts
 * after these, in vitest's own order. The numbers only order the files: no test asserts a time.
 */
export const MEASURED_SECONDS: Record<string, number> = {
  'tests/e2e/ui-flow.test.ts': 172,
  'tests/integration/engine-run.test.ts': 165,
  'tests/e2e/live-results.test.ts': 116,
  'tests/integration/cli.test.ts': 92,
  'tests/integration/cli-lang.test.ts': 70,
  'tests/integration/abandoned-work.test.ts': 50,
  'tests/e2e/dev-tasks-view.test.ts': 45,
};

/** vitest's sequencer (with the live VM stream in its order, tests/live/vm-order.ts) and the files of MEASURED_SECONDS first, slowest first: the one sequencer of the root config. */
export class LongestFirstSequencer extends LiveVmSequencer {
  /** Sorts as vitest does, then moves the measured slow files to the front. */
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const base = await super.sort(files);
    const seconds = (f: TestSpecification): number => MEASURED_SECONDS[relative(f.project.config.root, f.moduleId).split('\\').join('/')] ?? 0;
    return base
      .map((file, at) => ({ file, at }))
      .sort((a, b) => seconds(b.file) - seconds(a.file) || a.at - b.at)
      .map((x) => x.file);
  }
}
