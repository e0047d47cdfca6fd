import type { JSX } from 'react';
import { EmptyState } from '../components/empty-state';
import { Icon } from '../components/icons';
import { Spinner } from '../components/spinner';
import { refreshDetect } from '../store/actions';
import { useAppStore } from '../store/app-store';
import { RuntimeCard } from './runtime-card';

/** One card per detected runtime, with a Refresh button. */
export function EnvironmentsView(): JSX.Element {
  const detect = useAppStore((s) => s.detect);
  const loading = useAppStore((s) => s.detectLoading);
  return (
    <div className="view">
      <div className="view-toolbar">
        <p className="muted">
          {detect ? `${detect.runtimes.length} runtime${detect.runtimes.length === 1 ? '' : 's'} found in ${(detect.durationMs / 1000).toFixed(1)} s` : 'Looking for runtimes…'}
        </p>
        <div className="toolbar-actions">
          {loading ? <Spinner label="Detecting…" /> : null}
          <button type="button" className="btn" data-testid="refresh-button" disabled={loading} onClick={() => void refreshDetect()}>
            <Icon name="refresh" />
            Refresh
          </button>
        </div>
      </div>
      {detect && detect.runtimes.length === 0 ? (
        <EmptyState icon="server" title="No runtimes found">
          Not even this machine answered. Try Refresh.
        </EmptyState>
      ) : null}
      {!detect && loading ? <div className="skeleton-card" aria-hidden="true" /> : null}
      <div className="card-grid">
        {detect?.runtimes.map((r) => (
          <RuntimeCard key={r.id} runtime={r} />
        ))}
      </div>
    </div>
  );
}
