import type { JSX } from 'react';
import { useUi } from '../../lib/use-ui';
import { useAppStore } from '../../store/app-store';
import type { JobState } from '../../store/job-reducer';

/** In History, the run in progress (not stored yet), marked live, with a way to its live results. */
export function LiveHistoryNote({ job }: { job: JobState | undefined }): JSX.Element | null {
  const { t } = useUi();
  if (!job || job.status !== 'running') return null;
  return (
    <p className="banner live-history" data-testid="live-history">
      <span className="badge badge-live" data-testid="live-marker">
        <span className="badge-dot pulse" aria-hidden="true" />
        {t('results.live')}
      </span>
      <span className="banner-text">{t('history.liveRun', { done: job.done.length, total: job.plan.length })}</span>
      <button type="button" className="btn" onClick={() => useAppStore.setState({ view: 'results', liveHiddenFor: null })}>
        {t('results.showLive')}
      </button>
    </p>
  );
}
