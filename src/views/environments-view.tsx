import type { JSX } from 'react';
import { EmptyState } from '../components/empty-state';
import { Icon } from '../components/icons';
import { Spinner } from '../components/spinner';
import { refreshDetect } from '../store/actions';
import { useAppStore } from '../store/app-store';
import { fmtAge, shownRuntimes } from '../store/detect-view';
import { RuntimeCard } from './runtime-card';
import { Welcome } from './welcome';

/** One card per detected runtime, with a Refresh button. */
export function EnvironmentsView(): JSX.Element {
  const detect = useAppStore((s) => s.detect);
  const loading = useAppStore((s) => s.detectLoading);
  const savedAt = useAppStore((s) => s.detectSavedAt);
  const fresh = useAppStore((s) => s.detectFresh);
  const runs = useAppStore((s) => s.runs?.runs.length ?? -1);
  const shown = shownRuntimes(detect, fresh, loading);
  const status = savedAt
    ? `Last detection, ${fmtAge(savedAt)}${loading ? ' · checking again…' : ''}`
    : detect && !loading
      ? `${detect.runtimes.length} runtime${detect.runtimes.length === 1 ? '' : 's'} found in ${(detect.durationMs / 1000).toFixed(1)} s`
      : shown.length > 0
        ? `${shown.length} runtime${shown.length === 1 ? '' : 's'} so far · checking the others…`
        : 'Looking for runtimes…';
  return (
    <div className="view">
      <div className="view-toolbar">
        <p className="muted" data-testid="detect-status" data-saved-at={savedAt ?? undefined} aria-live="polite">
          {status}
        </p>
        <div className="toolbar-actions">
          {loading ? <Spinner label="Detecting…" /> : null}
          <button type="button" className="btn" data-testid="refresh-button" disabled={loading} onClick={() => void refreshDetect()}>
            <Icon name="refresh" />
            Refresh
          </button>
        </div>
      </div>
      {runs === 0 ? <Welcome runs={runs} /> : null}
      {detect && detect.runtimes.length === 0 ? (
        <EmptyState icon="server" title="No runtimes found">
          Not even this machine answered. Try Refresh.
        </EmptyState>
      ) : null}
      {shown.length === 0 && loading ? <div className="skeleton-card" aria-hidden="true" /> : null}
      <div className="card-grid">
        {shown.map((r) => (
          <RuntimeCard key={r.runtime.id} runtime={r.runtime} checking={r.checking} />
        ))}
      </div>
    </div>
  );
}
