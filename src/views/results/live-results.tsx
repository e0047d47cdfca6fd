import type { JSX } from 'react';
import { EmptyState } from '../../components/empty-state';
import { StateBadge } from '../../components/state-badge';
import { fmtDate } from '../../lib/format';
import { useLang, useUi } from '../../lib/use-ui';
import { commandFacts } from '../../../electron/presentation/command-line.js';
import { selectRun } from '../../store/actions';
import { useAppStore } from '../../store/app-store';
import type { JobState } from '../../store/job-reducer';
import { liveRun } from '../../store/live-run';
import { ResultsTable } from './results-table';
import { RunPicker } from '../parts/run-picker';
import { DiskCharts } from './disk-charts';
import { PlaceVerdicts } from '../parts/place-verdicts';
import { verdictTargets } from '../../../electron/presentation/place-verdict.js';

/** Results of the run in progress, marked live: each trial's value enters the charts as it arrives; the table lists the finished steps. */
export function LiveResults({ job }: { job: JobState }): JSX.Element {
  const { t } = useUi();
  const lang = useLang();
  const runs = useAppStore((s) => s.runs);
  const detect = useAppStore((s) => s.detect);
  const labels = Object.fromEntries((detect?.runtimes ?? []).flatMap((r) => r.targets).map((x) => [x.id, x.label]));
  const run = liveRun(job, labels);
  const finished = liveRun(job, labels, false);
  const running = job.status === 'running';
  const measured = run.targets.some((x) => x.results.length > 0);
  return (
    <div className="view" data-testid="results-view" data-live={running ? 'true' : 'false'}>
      <div className="view-toolbar">
        {runs && runs.runs.length > 0 ? (
          <RunPicker
            label={t('picker.run')}
            runs={runs.runs}
            value={null}
            onChange={(id) => {
              useAppStore.setState({ liveHiddenFor: job.jobId });
              void selectRun(id);
            }}
            testId="results-run-select"
          />
        ) : null}
        <div className="run-facts" data-testid="run-facts">
          {running ? (
            <span className="badge badge-live" data-testid="live-marker">
              <span className="badge-dot pulse" aria-hidden="true" />
              {t('results.live')}
            </span>
          ) : (
            <StateBadge state={job.status} />
          )}
          <span>{fmtDate(run.startedAt)}</span>
          <span className="dot-sep" data-testid="run-kind">
            {commandFacts(finished, lang) ?? t('results.suite', { suite: t(`common:suite.${run.suite}`) })}
          </span>
          <span className="dot-sep">{t('progress.steps', { done: job.done.length, total: job.plan.length })}</span>
        </div>
      </div>
      {running ? <p className="muted live-note">{t('results.liveNote')}</p> : null}
      <PlaceVerdicts targets={verdictTargets(run)} />
      {!measured ? (
        <EmptyState icon="chart" title={t('results.liveWaitTitle')}>
          {t('results.liveWaitBody')}
        </EmptyState>
      ) : (
        <DiskCharts run={run} />
      )}
      {finished.targets.some((x) => x.results.length > 0) ? (
        <>
          <h2 className="section-heading">{t('results.liveFinished')}</h2>
          <ResultsTable run={finished} />
        </>
      ) : null}
    </div>
  );
}
