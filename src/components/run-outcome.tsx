import { useEffect, type JSX } from 'react';
import { useAppStore } from '../store/app-store';
import type { JobState } from '../store/job-reducer';
import { Icon } from './icons';

function outcomeText(job: JobState): string {
  const msg = job.message ? ` ${job.message}` : '';
  if (job.status === 'completed') return `Benchmark finished. Results are saved in your history.${msg}`;
  if (job.status === 'partial') return `Benchmark finished, but not every step measured.${msg} Results shows what failed and how to fix it.`;
  if (job.status === 'cancelled') return `Benchmark cancelled.${msg}${/removed/i.test(msg) ? '' : ' The test files it created were removed.'}`;
  return `Benchmark failed.${msg}`;
}

/** The status line shown after a job finished, failed or was cancelled. */
export function RunOutcome({ job, onDismiss }: { job: JobState; onDismiss: () => void }): JSX.Element {
  const setView = useAppStore((s) => s.setView);
  // After a cancel the Cancel button is gone: give focus back to where runs start instead of dropping it on <body>.
  useEffect(() => {
    if (job.status === 'cancelled') document.querySelector<HTMLButtonElement>('[data-testid="benchmark-button"]')?.focus();
  }, [job.status]);
  return (
    <section className={`run-panel outcome outcome-${job.status}`} aria-label="Benchmark status">
      <Icon name={job.status === 'completed' ? 'check' : job.status === 'cancelled' ? 'stop' : 'alert'} size={18} />
      <p className="outcome-text" role="status" data-testid="run-status" data-status={job.status}>
        {outcomeText(job)}
      </p>
      {(job.status === 'completed' || job.status === 'partial') && job.runId ? (
        <button type="button" className="btn btn-ghost" onClick={() => setView('results')}>
          View results
        </button>
      ) : null}
      <button type="button" className="icon-button" aria-label="Dismiss status" onClick={onDismiss}>
        <Icon name="close" />
      </button>
    </section>
  );
}
