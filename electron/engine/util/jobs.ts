import { randomUUID } from 'node:crypto';
import type { JobEvent } from '../../contract/contract.js';
import { engineError, whyOf } from './errors.js';

/** Distributes an event without the per-job fields; the manager stamps jobId and seq. */
export type Emit = (ev: DistributiveOmit<JobEvent, 'jobId' | 'seq'>) => void;
type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

/** The work of a job: gets an abort signal and an emitter; resolves when everything is cleaned up. */
export type JobWork = (jobId: string, emit: Emit, signal: AbortSignal) => Promise<void>;

interface Job {
  id: string;
  controller: AbortController;
  events: JobEvent[];
  done: Promise<void>;
  finished: boolean;
}

/** Runs one benchmark job at a time, streams its events, replays them to late subscribers, cancels. */
export class JobManager {
  private jobs = new Map<string, Job>();
  private subscribers = new Set<(ev: JobEvent) => void>();
  private lastFinished: Job | undefined;

  /** Starts a job; refuses when one is already running (two benchmarks at once distort each other). */
  start(work: JobWork): string {
    const active = this.activeIds();
    if (active.length > 0) throw engineError('busy', 'errors.jobBusy', { job: active[0] });
    const id = randomUUID();
    const job: Job = { id, controller: new AbortController(), events: [], done: Promise.resolve(), finished: false };
    let seq = 0;
    const emit: Emit = (ev) => {
      const full = { ...ev, jobId: id, seq: ++seq } as JobEvent;
      job.events.push(full);
      for (const cb of this.subscribers) {
        try {
          cb(full);
        } catch {
          // A failing subscriber must not stop the job.
        }
      }
    };
    this.jobs.set(id, job);
    job.done = work(id, emit, job.controller.signal)
      .catch((err: unknown) => {
        // Any error's reference (an EngineError's, a transport's), so the faces say it in their language.
        const why = whyOf(err);
        emit({ type: 'job-finished', status: 'failed', runId: null, message: (err as Error).message, ...(typeof why === 'string' ? {} : { messageRef: why }) });
      })
      .finally(() => {
        job.finished = true;
        this.jobs.delete(id);
        this.lastFinished = job;
      });
    return id;
  }

  /** Cancels a job; resolves once its guest-side cleanup is done. */
  async cancel(jobId: string): Promise<boolean> {
    const job = this.jobs.get(jobId);
    if (!job) return false;
    job.controller.abort();
    await job.done;
    return true;
  }

  /** Ids of running jobs. */
  activeIds(): string[] {
    return [...this.jobs.keys()];
  }

  /** Waits for a job to finish. */
  async wait(jobId: string): Promise<void> {
    await this.jobs.get(jobId)?.done;
  }

  /** Events of detections still running, by stream id: a page whose event socket connects late still gets them. */
  private readonly streams = new Map<string, JobEvent[]>();

  /**
   * Sends an event that belongs to no benchmark (detection streaming as `detect:<id>`) to current
   * subscribers, and keeps it for replay until endStream(id): the page asks for detection and opens its
   * event socket at the same moment, and the first kinds often answer before the socket is open.
   */
  publish(ev: JobEvent): void {
    const kept = this.streams.get(ev.jobId) ?? [];
    kept.push(ev);
    this.streams.set(ev.jobId, kept);
    for (const cb of this.subscribers) {
      try {
        cb(ev);
      } catch {
        // A failing subscriber must not stop the others.
      }
    }
  }

  /** Forgets a stream's events once its result has been answered in full. */
  endStream(id: string): void {
    this.streams.delete(id);
  }

  /** Subscribes to all job events; with replay, first delivers the events of running jobs, of the last finished one, and of detections still running. */
  subscribe(cb: (ev: JobEvent) => void, opts: { replay?: boolean } = {}): () => void {
    if (opts.replay) {
      const jobs = [...(this.lastFinished ? [this.lastFinished] : []), ...this.jobs.values()];
      for (const job of jobs) for (const ev of job.events) cb(ev);
      for (const events of this.streams.values()) for (const ev of events) cb(ev);
    }
    this.subscribers.add(cb);
    return () => {
      this.subscribers.delete(cb);
    };
  }

  /** Cancels everything and waits. */
  async close(): Promise<void> {
    await Promise.all(this.activeIds().map((id) => this.cancel(id)));
  }
}
