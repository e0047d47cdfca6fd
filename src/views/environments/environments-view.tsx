import type { JSX } from 'react';
import { useUi } from '../../lib/use-ui';
import { EmptyState } from '../../components/empty-state';
import { Icon } from '../../lib/icons';
import { Spinner } from '../../components/spinner';
import { refreshDetect } from '../../store/actions';
import { useAppStore } from '../../store/app-store';
import { fmtAge, shownRuntimes } from '../../store/detect-view';
import { RuntimeCard } from './runtime-card';
import { Welcome } from './welcome';
import { CommandCard } from './command-card';
import { formatDecimal } from '../../../electron/presentation/format.js';
import { isLang } from '../../../electron/messages/i18n.js';

/** One card per detected runtime, with a Refresh button. */
export function EnvironmentsView(): JSX.Element {
  const detect = useAppStore((s) => s.detect);
  const loading = useAppStore((s) => s.detectLoading);
  const savedAt = useAppStore((s) => s.detectSavedAt);
  const fresh = useAppStore((s) => s.detectFresh);
  const runs = useAppStore((s) => s.runs?.runs.length ?? -1);
  const { t, i18n } = useUi();
  const lang = isLang(i18n.language) ? i18n.language : 'en';
  const shown = shownRuntimes(detect, fresh, loading);
  // eslint-disable-next-line react-hooks/purity -- the age as of this render: it need not tick between the renders the store's changes cause
  const age = savedAt ? fmtAge(savedAt, Date.now(), t) : '';
  const status = savedAt
    ? t('env.lastDetection', { age }) + (loading ? t('env.checkingAgain') : '')
    : detect && !loading
      ? t('env.found', { count: detect.runtimes.length, sec: formatDecimal(detect.durationMs / 1000, lang, 1) })
      : shown.length > 0
        ? t('env.soFar', { count: shown.length })
        : t('env.looking');
  return (
    <div className="view">
      <div className="view-toolbar">
        <p className="muted" data-testid="detect-status" data-saved-at={savedAt ?? undefined} aria-live="polite">
          {status}
        </p>
        <div className="toolbar-actions">
          {loading ? <Spinner label={t('env.detecting')} /> : null}
          <button type="button" className="btn" data-testid="refresh-button" disabled={loading} onClick={() => void refreshDetect()}>
            <Icon name="refresh" />
            {t('env.refresh')}
          </button>
        </div>
      </div>
      {runs === 0 ? <Welcome runs={runs} /> : null}
      <CommandCard />
      {detect && detect.runtimes.length === 0 ? (
        <EmptyState icon="server" title={t('env.noneTitle')}>
          {t('env.noneBody')}
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
