import { describe, expect, it } from 'vitest';
import type { JobEvent } from '../../electron/contract/contract.js';
import { JobManager } from '../../electron/engine/util/jobs.js';

describe('JobManager', () => {
  it('stamps events with job id and sequence, and replays them to late subscribers', async () => {
    const jobs = new JobManager();
    const seen: JobEvent[] = [];
    jobs.subscribe((e) => seen.push(e));
    let release!: () => void;
    const id = jobs.start(async (_id, emit) => {
      emit({ type: 'log', level: 'info', message: 'one' });
      await new Promise<void>((r) => (release = r));
      emit({ type: 'job-finished', status: 'completed', runId: 'r1' });
    });
    const late: JobEvent[] = [];
    jobs.subscribe((e) => late.push(e), { replay: true });
    expect(late.map((e) => e.seq)).toEqual([1]);
    release();
    await jobs.wait(id);
    expect(seen.map((e) => [e.jobId, e.seq, e.type])).toEqual([
      [id, 1, 'log'],
      [id, 2, 'job-finished'],
    ]);
    expect(late).toHaveLength(2);
  });

  it("replays a running detection's streamed kinds to a page whose socket connects late, until the stream ends", () => {
    const jobs = new JobManager();
    const ev = (seq: number): JobEvent => ({ jobId: 'detect:x', seq, type: 'detect-kind', kind: seq === 1 ? 'local' : 'lima', runtimes: [] });
    jobs.publish(ev(1));
    const late: JobEvent[] = [];
    jobs.subscribe((e) => late.push(e), { replay: true });
    jobs.publish(ev(2));
    expect(late.map((e) => e.seq)).toEqual([1, 2]);
    jobs.endStream('detect:x');
    const after: JobEvent[] = [];
    jobs.subscribe((e) => after.push(e), { replay: true });
    expect(after).toEqual([]);
  });

  it('refuses a second job while one runs, and cancel aborts the signal and waits for cleanup', async () => {
    const jobs = new JobManager();
    let cleaned = false;
    const id = jobs.start(
      (_id, _emit, signal) =>
        new Promise<void>((resolve) =>
          signal.addEventListener('abort', () =>
            setTimeout(() => {
              cleaned = true;
              resolve();
            }, 20),
          ),
        ),
    );
    expect(() => jobs.start(async () => undefined)).toThrow(/already running/);
    expect(await jobs.cancel(id)).toBe(true);
    expect(cleaned).toBe(true);
    expect(jobs.activeIds()).toEqual([]);
    expect(await jobs.cancel(id)).toBe(false);
  });

  it('turns a crashing job into a failed job-finished event', async () => {
    const jobs = new JobManager();
    const seen: JobEvent[] = [];
    jobs.subscribe((e) => seen.push(e));
    const id = jobs.start(async () => {
      throw new Error('boom');
    });
    await jobs.wait(id);
    expect(seen.at(-1)).toMatchObject({ type: 'job-finished', status: 'failed', message: 'boom' });
  });
});
