import type { JSX } from 'react';
import { Trans } from 'react-i18next';
import { useLang, useUi } from '../../lib/use-ui';
import { commandFacts } from '../../../electron/presentation/command-line.js';
import type { Run } from '../../../electron/contract/contract.js';
import { EmptyState } from '../../components/empty-state';
import { Spinner } from '../../components/spinner';
import { StateBadge } from '../../components/state-badge';
import type { TFunction } from 'i18next';
import { fmtDate, fmtEta } from '../../lib/format';
import { selectRun } from '../../store/actions';
import { useAppStore } from '../../store/app-store';
import { DevTreeResults } from './dev-tree-results';
import { CommandResults } from './command-results';
import { ErrorTable } from './error-table';
import { ResultsTable } from './results-table';
import { RunAdvice } from './run-advice';
import { RunHeadline } from './run-headline';
import { RunPicker } from '../parts/run-picker';
import { ServiceResults } from './service-results';
import { SummaryTiles } from './summary-tiles';
import { TargetBanners } from './target-banners';
import { LiveResults } from './live-results';
import { UnstableNotice } from './unstable-notice';
import { liveJob } from '../../store/live-run';
import { DiskCharts } from './disk-charts';
import { PlaceVerdicts } from '../parts/place-verdicts';
import { verdictTargets } from '../../../electron/presentation/place-verdict.js';

function duration(run: Run, t: TFunction<'ui'>): string {
  const ms = new Date(run.finishedAt).getTime() - new Date(run.startedAt).getTime();
  if (!Number.isFinite(ms) || ms < 0) return '';
  return fmtEta(ms / 1000, t);
}

/** Charts and the full table of the selected (by default the latest) run. */
export function ResultsView(): JSX.Element {
  const { t } = useUi();
  const lang = useLang();
  const runs = useAppStore((s) => s.runs);
  const selectedId = useAppStore((s) => s.selectedRunId);
  const run = useAppStore((s) => (s.selectedRunId ? s.runCache[s.selectedRunId] : undefined));
  const loading = useAppStore((s) => s.runLoading || s.runsLoading);
  // A run in progress is shown live (never the previous run as if it were the latest), unless the user picked a stored run.
  const live = useAppStore(liveJob);
  const hiddenLive = useAppStore((s) => (s.liveHiddenFor && s.jobs.jobs[s.liveHiddenFor]?.status === 'running' ? s.liveHiddenFor : null));

  if (live) return <LiveResults job={live} />;

  if (!runs && loading) return <Spinner label={t('results.loadingRuns')} />;
  if (!runs || runs.runs.length === 0) {
    return (
      <EmptyState icon="chart" title={t('results.noRunsTitle')}>
        <Trans t={t} i18nKey="results.noRunsBody" components={{ b: <strong /> }} />
      </EmptyState>
    );
  }
  return (
    <div className="view" data-testid="results-view">
      <div className="view-toolbar">
        <RunPicker label={t('picker.run')} runs={runs.runs} value={selectedId} onChange={(id) => void selectRun(id)} testId="results-run-select" />
        {run ? (
          <div className="run-facts" data-testid="run-facts">
            <StateBadge state={run.status} />
            <span>{fmtDate(run.startedAt)}</span>
            <span className="dot-sep" data-testid="run-kind">
              {commandFacts(run, lang) ?? t('results.suite', { suite: t(`common:suite.${run.suite}`) })}
            </span>
            {duration(run, t) ? <span className="dot-sep">{duration(run, t)}</span> : null}
            <span className="dot-sep">{t('results.targets', { count: run.targets.length })}</span>
            <span className="dot-sep mono muted">{run.id}</span>
          </div>
        ) : null}
        {hiddenLive ? (
          <button type="button" className="btn" data-testid="show-live" onClick={() => useAppStore.setState({ liveHiddenFor: null })}>
            <span className="badge-dot pulse" aria-hidden="true" />
            {t('results.showLive')}
          </button>
        ) : null}
      </div>
      {!run ? (
        <Spinner label={t('results.loadingRun')} />
      ) : (
        <>
          <TargetBanners run={run} />
          {/* Runs measured headline first (and those stopped after the verdicts) lead with each place's verdict. */}
          {run.headlinesOnly || run.targets.some((x) => x.headlines?.length) ? <PlaceVerdicts targets={verdictTargets(run)} /> : null}
          <RunHeadline run={run} />
          <CommandResults run={run} />
          <DevTreeResults run={run} />
          <RunAdvice run={run} />
          <SummaryTiles run={run} />
          <UnstableNotice run={run} />
          {run.targets.every((t) => t.results.length === 0) ? (
            <EmptyState icon="chart" title={t('results.emptyRunTitle')}>
              {run.status === 'cancelled' ? t('results.emptyCancelled') : t('results.emptyFailed')}
            </EmptyState>
          ) : (
            <DiskCharts run={run} />
          )}
          <ServiceResults run={run} />
          <h2 className="section-heading">{t('results.all')}</h2>
          <ResultsTable run={run} />
          <ErrorTable run={run} />
        </>
      )}
    </div>
  );
}
