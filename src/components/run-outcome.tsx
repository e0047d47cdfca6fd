import { useEffect, type JSX } from 'react';
import type { TFunction } from 'i18next';
import { errorText } from '../../electron/messages/error-text.js';
import { isLang, type Lang } from '../../electron/messages/i18n.js';
import { useUi } from '../lib/use-ui';
import { useAppStore } from '../store/app-store';
import type { JobState } from '../store/job-reducer';
import { Icon } from '../lib/icons';

function outcomeText(job: JobState, t: TFunction<'ui'>, lang: Lang): string {
  const msg = job.message ? ` ${errorText({ message: job.message, ref: job.messageRef }, lang)}` : '';
  if (job.status === 'completed') return t('outcome.completed', { msg });
  if (job.status === 'partial') return t('outcome.partial', { msg });
  if (job.status === 'cancelled') return t('outcome.cancelled', { msg }) + (/removed/i.test(msg) ? '' : t('outcome.cleaned'));
  return t('outcome.failed', { msg });
}

/** The status line shown after a job finished, failed or was cancelled. */
export function RunOutcome({ job, onDismiss }: { job: JobState; onDismiss: () => void }): JSX.Element {
  const { t, i18n } = useUi();
  const setView = useAppStore((s) => s.setView);
  const onResults = useAppStore((s) => s.view === 'results');
  // After a cancel the Cancel button is gone: give focus back to where runs start instead of dropping it on <body>.
  useEffect(() => {
    if (job.status === 'cancelled') document.querySelector<HTMLButtonElement>('[data-testid="benchmark-button"]')?.focus();
  }, [job.status]);
  const text = outcomeText(job, t, isLang(i18n.language) ? i18n.language : 'en');
  // On Results a finished run is what the page shows: no banner pointing to it, only the status read out.
  if (onResults && (job.status === 'completed' || job.status === 'partial'))
    return (
      <p className="sr-only" role="status" data-testid="run-status" data-status={job.status}>
        {text}
      </p>
    );
  return (
    <section className={`run-panel outcome outcome-${job.status}`} aria-label={t('outcome.label')} data-testid="run-outcome">
      <Icon name={job.status === 'completed' ? 'check' : job.status === 'cancelled' ? 'stop' : 'alert'} size={18} />
      <p className="outcome-text" role="status" data-testid="run-status" data-status={job.status}>
        {text}
      </p>
      {(job.status === 'completed' || job.status === 'partial') && job.runId ? (
        <button type="button" className="btn btn-ghost" data-testid="view-results-button" onClick={() => setView('results')}>
          {t('outcome.viewResults')}
        </button>
      ) : null}
      <button type="button" className="icon-button" aria-label={t('outcome.dismiss')} onClick={onDismiss}>
        <Icon name="close" />
      </button>
    </section>
  );
}
