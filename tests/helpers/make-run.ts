import { SCHEMA_VERSION, type Run, type TestResult } from '../../electron/contract/contract.js';
import { summarize } from '../../electron/measurement/trial-stats.js';

/** A TestResult built from raw samples, the way the engine aggregates them. */
export function result(test: TestResult['test'], place: TestResult['place'], samples: Record<string, number[]>): TestResult {
  const metrics = Object.fromEntries(Object.entries(samples).map(([m, v]) => [m, summarize(v)]));
  return {
    test,
    place,
    metrics,
    tool: { name: 'fio', version: '3.33', method: 'fio psync direct=1' },
    params: { sizeMiB: 64 },
    command: 'fio --name=x',
    samples,
  };
}

/** A minimal valid run for store/compare tests (our own format, test data). */
export function makeRun(id: string, startedAt: string, results: TestResult[]): Run {
  return {
    schemaVersion: SCHEMA_VERSION,
    id,
    startedAt,
    finishedAt: startedAt,
    status: 'completed',
    suite: 'quick',
    tests: [...new Set(results.map((r) => r.test))],
    app: { version: '0.1.0', platform: 'linux', arch: 'x64' },
    targets: [{ id: 'local', runtime: 'local', label: 'This machine', settings: {}, probe: null, results, errors: [], status: 'ok' }],
  };
}
