import type { JobEvent } from '../../electron/contract/contract.js';
import { getApi } from '../api/get-api';
import { useAppStore } from './app-store';
import { newestFirst } from './compare-pick';

const INTERVAL_MS = 5000;

/**
 * Covers a missed `job-finished` (the event socket was down when the job ended, and the server
 * replays only running jobs): while the UI thinks the active job runs, ask the engine every few
 * seconds; once the engine no longer lists it, finish it with the status of the run it stored.
 */
export function startJobWatchdog(): () => void {
  let busy = false;
  const tick = async (): Promise<void> => {
    const s = useAppStore.getState();
    const id = s.activeJobId;
    const job = id ? s.jobs.jobs[id] : undefined;
    if (busy || !id || !job || job.status !== 'running') return;
    busy = true;
    try {
      const info = await getApi().appInfo();
      if (info.activeJobs.includes(id)) return;
      await new Promise((r) => setTimeout(r, 1000)); // let a late event arrive first
      const now = useAppStore.getState().jobs.jobs[id];
      if (!now || now.status !== 'running') return;
      const list = await getApi().listRuns();
      const run = newestFirst(list.runs).find((r) => !now.startedAt || r.startedAt >= now.startedAt);
      const ev = {
        jobId: id,
        seq: now.lastSeq + 1,
        type: 'job-finished',
        status: run?.status ?? 'failed',
        runId: run?.id ?? null,
        message: run ? undefined : 'The engine stopped reporting this benchmark.',
      } as JobEvent;
      useAppStore.getState().applyJobEvent(ev);
    } catch {
      // The engine is unreachable; the next tick tries again.
    } finally {
      busy = false;
    }
  };
  const timer = setInterval(() => void tick(), INTERVAL_MS);
  return () => clearInterval(timer);
}
