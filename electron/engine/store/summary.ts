import type { Run, RunSummary } from '../../contract/contract.js';
import { HEADLINE_METRIC } from '../../measurement/metrics.js';
import { commandText } from '../../presentation/command-line.js';

/** The history line of a run: ids, status and the headline median of each test on the first target. */
export function summarizeRun(run: Run): RunSummary {
  const headline: Record<string, number> = {};
  const first = run.targets[0];
  for (const r of first?.results ?? []) {
    const m = HEADLINE_METRIC[r.test];
    if (m && r.metrics[m] && headline[m] === undefined) headline[m] = r.metrics[m].median;
  }
  const command = commandText(run);
  return {
    id: run.id,
    startedAt: run.startedAt,
    status: run.status,
    suite: run.suite,
    targets: run.targets.map((t) => t.id),
    tests: run.tests,
    targetStatus: Object.fromEntries(run.targets.map((t) => [t.id, t.status])),
    headline,
    ...(run.name ? { name: run.name } : {}),
    ...(run.note ? { note: run.note } : {}),
    ...(run.origin ? { origin: { kind: run.origin.kind, machine: run.origin.machine } } : {}),
    ...(command ? { command } : {}),
  };
}
