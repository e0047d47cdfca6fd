import { useEffect, type JSX } from 'react';
import { EmptyState } from '../components/empty-state';
import { Icon } from '../components/icons';
import { Spinner } from '../components/spinner';
import { fmtDate } from '../lib/format';
import { loadCompare } from '../store/actions';
import { useAppStore } from '../store/app-store';
import { CompareChart } from './compare-chart';
import { CompareTable } from './compare-table';
import { MethodNote } from './method-note';
import { TooFewOffer } from './too-few-offer';
import { SettingsChanges } from './settings-changes';
import { RunPicker } from './run-picker';
import { ServiceCompare } from './service-compare';

/** Before (A) and after (B) pickers and the per-metric comparison table. */
export function CompareView(): JSX.Element {
  const runs = useAppStore((s) => s.runs);
  const a = useAppStore((s) => s.compareA);
  const b = useAppStore((s) => s.compareB);
  const comparison = useAppStore((s) => s.comparison);
  const loading = useAppStore((s) => s.compareLoading);

  useEffect(() => {
    const s = useAppStore.getState();
    if (a && b && !s.comparison && !s.compareLoading) void loadCompare(a, b);
  }, [a, b]);

  if (!runs || runs.runs.length < 2) {
    return (
      <EmptyState icon="compare" title="Two runs are needed to compare">
        Run <strong>Benchmark my setup</strong>, change a setting, and run it again: the before/after shows up here.
      </EmptyState>
    );
  }
  const share = (): void => {
    useAppStore.setState({ shareRunId: b, shareCompareTo: a, view: 'share' });
  };
  return (
    <div className="view">
      <div className="view-toolbar compare-toolbar">
        <div className="pickers">
          <RunPicker label="A · before" runs={runs.runs} value={a} other={b} onChange={(id) => void loadCompare(id || null, b)} testId="compare-a" />
          <span className="arrow" aria-hidden="true">
            →
          </span>
          <RunPicker label="B · after" runs={runs.runs} value={b} other={a} onChange={(id) => void loadCompare(a, id || null)} testId="compare-b" />
        </div>
        <div className="toolbar-actions">
          <button type="button" className="btn" disabled={!a || !b} onClick={() => void loadCompare(b, a)}>
            Swap
          </button>
          <button type="button" className="btn btn-accent" disabled={!comparison} onClick={share}>
            <Icon name="share" />
            Share card
          </button>
        </div>
      </div>
      {loading ? <Spinner label="Comparing…" /> : null}
      {a && b && a === b ? <p className="muted">A and B are the same run: pick two different ones.</p> : null}
      {comparison ? (
        <>
          <p className="compare-summary" data-testid="compare-summary">
            <strong>{comparison.summary.line}</strong>
          </p>
          <p className="muted small compare-caption">
            {fmtDate(comparison.a.startedAt)} ({comparison.a.suite}) → {fmtDate(comparison.b.startedAt)} ({comparison.b.suite})
          </p>
          <MethodNote />
          <TooFewOffer comparison={comparison} />
          <SettingsChanges changes={comparison.settings ?? []} />
          <CompareChart comparison={comparison} />
          <ServiceCompare comparison={comparison} />
          <CompareTable comparison={comparison} />
        </>
      ) : null}
    </div>
  );
}
