import { SCHEMA_VERSION, type Run, type TargetRun, type TestResult } from '../../electron/contract/contract.js';
import { summarize } from '../../electron/measurement/trial-stats.js';
import type { AppState } from './app-store';
import { stepKey, type JobState } from './job-reducer';

/** The job whose results Results shows live: the active job while it runs, and after it ends until its stored run is loaded; null when the user chose a stored run meanwhile. */
export function liveJob(s: Pick<AppState, 'activeJobId' | 'jobs' | 'runCache' | 'liveHiddenFor'>): JobState | null {
  const job = s.activeJobId ? s.jobs.jobs[s.activeJobId] : undefined;
  if (!job || s.liveHiddenFor === job.jobId) return null;
  if (job.status === 'running') return job;
  return job.runId && !s.runCache[job.runId] ? job : null;
}

/** A step measured so far: its trials' values as a result (median, min, max of the trials that arrived). */
function partialResult(job: JobState, target: string, place: TestResult['place'], test: TestResult['test']): TestResult | null {
  const samples: Record<string, number[]> = {};
  // Trial 0, the warm-up pass, is only shown as a provisional number (LiveNumbers), never counted.
  for (const s of job.samples) if (s.trial > 0 && s.target === target && s.place === place && s.test === test) (samples[s.metric] ??= []).push(s.value);
  const metrics = Object.fromEntries(Object.entries(samples).map(([m, v]) => [m, summarize(v)]));
  if (Object.keys(metrics).length === 0) return null;
  return { test, place, metrics, tool: { name: '', version: null, method: '' }, params: {}, command: '', samples };
}

/** The run a job has measured so far, shaped like a stored run for the Results charts and table: finished steps' results, and the current step's trials as they arrive. */
export function liveRun(job: JobState, labels: Record<string, string> = {}, partial = true): Run {
  const ids = [...new Set([...job.plan.map((p) => p.target), ...job.results.map((r) => r.target)])];
  const targets: TargetRun[] = ids.map((id) => {
    const results = job.results.filter((r) => r.target === id).map((r) => r.result);
    const headlines = job.headlines.filter((r) => r.target === id).map((r) => r.result);
    // A headline's trials are not streamed (its verdict is): only the other steps have a partial result.
    for (const p of partial ? job.plan.filter((x) => x.target === id && !x.headline) : []) {
      if (job.done.includes(stepKey(id, p.place, p.test))) continue;
      const partial = partialResult(job, id, p.place, p.test);
      if (partial) results.push(partial);
    }
    return {
      id,
      runtime: id,
      label: labels[id] ?? job.headlines.find((h) => h.target === id)?.label ?? id,
      settings: {},
      probe: job.probes[id] ?? null,
      results,
      ...(headlines.length ? { headlines } : {}),
      errors: job.errors.filter((e) => e.target === id).map((e) => e.error),
      status: 'ok',
    };
  });
  const startedAt = job.startedAt ?? new Date(0).toISOString();
  return {
    schemaVersion: SCHEMA_VERSION,
    id: job.runId ?? job.jobId,
    startedAt,
    finishedAt: startedAt,
    status: job.status === 'running' ? 'partial' : job.status,
    suite: job.spec?.suite ?? 'quick',
    tests: [...new Set(job.plan.map((p) => p.test))],
    app: { version: '', platform: '', arch: '' },
    targets,
    ...(job.spec?.command ? { command: job.spec.command } : {}),
  };
}
