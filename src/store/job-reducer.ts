import type {
  EstimateSource,
  EtaRise,
  JobEvent,
  MsgRef,
  PlanStep,
  Place,
  ProbeInfo,
  RunSpec,
  RunStatus,
  TestError,
  TestId,
  TestResult,
} from '../../electron/contract/contract.js';

/** Where a running job is right now: the latest progress event's fields (the contract's, one definition). */
export type JobCursor = Omit<Extract<JobEvent, { type: 'progress' }>, 'type' | 'jobId' | 'seq'>;

/** One per-trial value as it arrived. */
export interface LiveSample {
  target: string;
  place: Place;
  test: TestId;
  trial: number;
  metric: string;
  value: number;
}

/** Everything the UI knows about one job, built only from its events. */
export interface JobState {
  jobId: string;
  lastSeq: number;
  spec: RunSpec | null;
  plan: PlanStep[];
  startedAt: string | null;
  /** Where the plan's time estimates came from (this machine's past runs, or the plan). */
  estimate: EstimateSource | null;
  status: 'running' | RunStatus;
  runId: string | null;
  message: string | null;
  /** The failure as a message reference (shown in the UI's language), when the engine gave one. */
  messageRef?: MsgRef;
  cursor: JobCursor | null;
  /** Why the ETA last went up (a step overran, or trials were added), shown beside it for the rest of the run. */
  etaRise: EtaRise | null;
  /** Keys `target|place|test` of the steps that produced a result or an error. */
  done: string[];
  samples: LiveSample[];
  results: { target: string; result: TestResult }[];
  /** Each place's headline as it landed (its verdict), before the other tests. */
  headlines: { target: string; result: TestResult; label?: string }[];
  errors: { target: string; error: TestError }[];
  probes: Record<string, ProbeInfo>;
  /** The job's log lines; a view shows each with errorText (its ref in the page's language, else its English message). */
  logs: { level: 'info' | 'warn'; message: string; ref?: MsgRef }[];
}

/** All jobs seen, in the order they were first seen. */
export interface JobsState {
  jobs: Record<string, JobState>;
  order: string[];
}

/** The empty jobs state. */
export const initialJobs: JobsState = { jobs: {}, order: [] };

const MAX_SAMPLES = 300;
const MAX_LOGS = 50;

/** The key of one plan step (a place's headline has its own: its test runs again in full later). */
export function stepKey(target: string, place: Place, test: TestId, headline?: boolean): string {
  return `${target}|${place}|${test}${headline ? '|headline' : ''}`;
}

function emptyJob(jobId: string): JobState {
  return {
    jobId,
    lastSeq: -Infinity,
    spec: null,
    plan: [],
    startedAt: null,
    estimate: null,
    status: 'running',
    runId: null,
    message: null,
    cursor: null,
    etaRise: null,
    done: [],
    samples: [],
    results: [],
    headlines: [],
    errors: [],
    probes: {},
    logs: [],
  };
}

function markDone(done: string[], key: string): string[] {
  return done.includes(key) ? done : [...done, key];
}

function applyEvent(job: JobState, ev: JobEvent): JobState {
  switch (ev.type) {
    case 'job-started':
      return { ...job, spec: ev.spec, plan: ev.plan, startedAt: ev.startedAt, estimate: ev.estimate ?? null, status: 'running' };
    case 'progress': {
      const { step, steps, target, place, test, trial, trials, fraction, etaSec, done, at } = ev;
      return {
        ...job,
        etaRise: ev.etaRise ?? job.etaRise,
        cursor: {
          step,
          steps,
          target,
          place,
          test,
          trial,
          trials,
          fraction,
          etaSec,
          ...(done !== undefined ? { done } : {}),
          ...(at !== undefined ? { at } : {}),
        },
      };
    }
    case 'sample': {
      const s: LiveSample = { target: ev.target, place: ev.place, test: ev.test, trial: ev.trial, metric: ev.metric, value: ev.value };
      const samples = job.samples.length >= MAX_SAMPLES ? [...job.samples.slice(1 - MAX_SAMPLES), s] : [...job.samples, s];
      return { ...job, samples };
    }
    case 'result':
      return {
        ...job,
        results: [...job.results, { target: ev.target, result: ev.result }],
        done: markDone(job.done, stepKey(ev.target, ev.result.place, ev.result.test)),
      };
    case 'headline':
      return {
        ...job,
        headlines: [...job.headlines, { target: ev.target, result: ev.result, ...(ev.label ? { label: ev.label } : {}) }],
        done: markDone(job.done, stepKey(ev.target, ev.result.place, ev.result.test, true)),
      };
    case 'test-error':
      return {
        ...job,
        errors: [...job.errors, { target: ev.target, error: ev.error }],
        done: markDone(job.done, stepKey(ev.target, ev.error.place, ev.error.test)),
      };
    case 'probe':
      return { ...job, probes: { ...job.probes, [ev.target]: ev.probe } };
    case 'log':
      return { ...job, logs: [...job.logs, { level: ev.level, message: ev.message, ...(ev.ref ? { ref: ev.ref } : {}) }].slice(-MAX_LOGS) };
    case 'job-finished':
      return { ...job, status: ev.status, runId: ev.runId, message: ev.message ?? null, ...(ev.messageRef ? { messageRef: ev.messageRef } : {}) };
    default:
      return job;
  }
}

/** Pure reducer: folds one JobEvent into the jobs state, ignoring events already seen (seq). */
export function reduceJobEvent(state: JobsState, ev: JobEvent): JobsState {
  if (ev.type === 'detect-kind') return state; // detection streaming, not a benchmark job
  const prev = state.jobs[ev.jobId];
  if (prev && typeof ev.seq === 'number' && ev.seq <= prev.lastSeq) return state;
  const base = prev ?? emptyJob(ev.jobId);
  const next = { ...applyEvent(base, ev), lastSeq: typeof ev.seq === 'number' ? ev.seq : base.lastSeq };
  return {
    jobs: { ...state.jobs, [ev.jobId]: next },
    order: prev ? state.order : [...state.order, ev.jobId],
  };
}

/** The most recently seen job that is still running, if any. */
export function latestRunningJob(state: JobsState): string | null {
  for (let i = state.order.length - 1; i >= 0; i--) {
    const id = state.order[i];
    if (state.jobs[id]?.status === 'running') return id;
  }
  return null;
}
