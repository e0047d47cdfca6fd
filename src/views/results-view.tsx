import type { JSX } from 'react';
import type { Run } from '../../electron/contract';
import { EmptyState } from '../components/empty-state';
import { Spinner } from '../components/spinner';
import { StateBadge } from '../components/state-badge';
import { fmtDate } from '../lib/format';
import { selectRun } from '../store/actions';
import { useAppStore } from '../store/app-store';
import { DevTreeResults } from './dev-tree-results';
import { ErrorTable } from './error-table';
import { LatencyChart } from './latency-chart';
import { ResultsTable } from './results-table';
import { RunAdvice } from './run-advice';
import { RunHeadline } from './run-headline';
import { RunPicker } from './run-picker';
import { ServiceResults } from './service-results';
import { SmallFilesChart } from './small-files-chart';
import { SummaryTiles } from './summary-tiles';
import { TargetBanners } from './target-banners';
import { ThroughputChart } from './throughput-chart';

function duration(run: Run): string {
  const ms = new Date(run.finishedAt).getTime() - new Date(run.startedAt).getTime();
  if (!Number.isFinite(ms) || ms < 0) return '';
  const s = Math.round(ms / 1000);
  return s >= 60 ? `${Math.floor(s / 60)}m ${s % 60}s` : `${s}s`;
}

/** Charts and the full table of the selected (by default the latest) run. */
export function ResultsView(): JSX.Element {
  const runs = useAppStore((s) => s.runs);
  const selectedId = useAppStore((s) => s.selectedRunId);
  const run = useAppStore((s) => (s.selectedRunId ? s.runCache[s.selectedRunId] : undefined));
  const loading = useAppStore((s) => s.runLoading || s.runsLoading);

  if (!runs && loading) return <Spinner label="Loading runs…" />;
  if (!runs || runs.runs.length === 0) {
    return (
      <EmptyState icon="chart" title="No runs yet">
        Click <strong>Benchmark my setup</strong> above to measure this machine. The quick suite takes about a minute per target.
      </EmptyState>
    );
  }
  return (
    <div className="view" data-testid="results-view">
      <div className="view-toolbar">
        <RunPicker label="Run" runs={runs.runs} value={selectedId} onChange={(id) => void selectRun(id)} testId="results-run-select" />
        {run ? (
          <div className="run-facts" data-testid="run-facts">
            <StateBadge state={run.status} />
            <span>{fmtDate(run.startedAt)}</span>
            <span className="dot-sep">{run.suite} suite</span>
            {duration(run) ? <span className="dot-sep">{duration(run)}</span> : null}
            <span className="dot-sep">
              {run.targets.length} target{run.targets.length === 1 ? '' : 's'}
            </span>
            <span className="dot-sep mono muted">{run.id}</span>
          </div>
        ) : null}
      </div>
      {!run ? (
        <Spinner label="Loading run…" />
      ) : (
        <>
          <TargetBanners run={run} />
          <RunHeadline run={run} />
          <DevTreeResults run={run} />
          <RunAdvice run={run} />
          <SummaryTiles run={run} />
          {run.targets.every((t) => t.results.length === 0) ? (
            <EmptyState icon="chart" title="This run has no results">
              {run.status === 'cancelled' ? 'It was cancelled before the first test finished.' : 'Every test failed; see the banners above and the errors below.'}
            </EmptyState>
          ) : (
            <div className="chart-grid">
              <ThroughputChart run={run} />
              <LatencyChart run={run} />
              <SmallFilesChart run={run} />
            </div>
          )}
          <ServiceResults run={run} />
          <h2 className="section-heading">All results</h2>
          <ResultsTable run={run} />
          <ErrorTable run={run} />
        </>
      )}
    </div>
  );
}
