import type { JSX } from 'react';
import { useAppStore } from '../store/app-store';
import type { JobState } from '../store/job-reducer';
import { Icon } from './icons';

function outcomeText(job: JobState): string {
  if (job.status === 'completed') return 'Benchmark finished. Results are saved in your history.';
  if (job.status === 'cancelled') return 'Benchmark cancelled. The test files it created were removed.';
  return `Benchmark failed${job.message ? `: ${job.message}` : '.'}`;
}

/** The status line shown after a job finished, failed or was cancelled. */
export function RunOutcome({ job, onDismiss }: { job: JobState; onDismiss: () => void }): JSX.Element {
  const setView = useAppStore((s) => s.setView);
  const extra = job.status !== 'failed' && job.message ? job.message : null;
  return (
    <section className={`run-panel outcome outcome-${job.status}`} aria-label="Benchmark status">
      <Icon name={job.status === 'completed' ? 'check' : job.status === 'cancelled' ? 'stop' : 'alert'} size={18} />
      <p className="outcome-text" role="status" data-testid="run-status" data-status={job.status}>
        {outcomeText(job)}
        {extra ? <span className="outcome-extra"> {extra}</span> : null}
      </p>
      {job.status === 'completed' && job.runId ? (
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
