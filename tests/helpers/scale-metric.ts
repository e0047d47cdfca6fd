import type { Place, Run, TestId } from '../../electron/contract/contract.js';
import { summarize } from '../../electron/measurement/trial-stats.js';

/** A copy of a run with one metric's trials (and their summary) multiplied by a factor: a real change made by construction. */
export function scaleMetric(run: Run, at: { target: string; place: Place; test: TestId; metric: string }, factor: number): Run {
  const copy = structuredClone(run);
  const r = copy.targets.find((t) => t.id === at.target)?.results.find((x) => x.place === at.place && x.test === at.test);
  if (!r?.samples[at.metric]) throw new Error(`no ${at.metric} trials for ${at.target} ${at.place} ${at.test}`);
  r.samples[at.metric] = r.samples[at.metric].map((v) => v * factor);
  r.metrics[at.metric] = summarize(r.samples[at.metric]);
  return copy;
}
