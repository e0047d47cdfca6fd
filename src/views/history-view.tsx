import { useState, type JSX } from 'react';
import { Trans } from 'react-i18next';
import type { RunList } from '../../electron/contract';
import { skippedTexts } from '../../electron/error-text';
import { useLang, useUi } from '../lib/use-ui';
import { EmptyState } from '../components/empty-state';
import { Icon } from '../components/icons';
import { Spinner } from '../components/spinner';
import { loadCompare, loadRuns, selectRun } from '../store/actions';
import { useAppStore } from '../store/app-store';
import { newestFirst, orderPair } from '../store/compare-pick';
import { HistoryRow } from './history-row';
import { LiveHistoryNote } from './live-history-note';

/** The run files the history skipped (corrupted, unreadable, newer schema), each in the page's language. */
export function SkippedBanner({ list }: { list: Pick<RunList, 'warnings' | 'skipped'> }): JSX.Element {
  const { t } = useUi();
  const lang = useLang();
  return (
    <div className="banner banner-warn" data-testid="history-warnings">
      <Icon name="alert" />
      <div>
        <strong>{t('history.skipped')}</strong>
        <ul>
          {skippedTexts(list, lang).map((w, i) => (
            <li key={i}>{w}</li>
          ))}
        </ul>
      </div>
    </div>
  );
}

/** The run history: open a run, or tick two and compare them. */
export function HistoryView(): JSX.Element {
  const { t } = useUi();
  const runs = useAppStore((s) => s.runs);
  const loading = useAppStore((s) => s.runsLoading);
  const selectedId = useAppStore((s) => s.selectedRunId);
  const setView = useAppStore((s) => s.setView);
  const [picked, setPicked] = useState<string[]>([]);
  const activeJob = useAppStore((s) => (s.activeJobId ? s.jobs.jobs[s.activeJobId] : undefined));

  const toggle = (id: string): void =>
    setPicked((cur) => (cur.includes(id) ? cur.filter((x) => x !== id) : [...cur, id].slice(-2)));
  const open = (id: string): void => {
    void selectRun(id);
    setView('results');
  };
  const compare = (): void => {
    if (!runs || picked.length !== 2) return;
    const { a, b } = orderPair(runs.runs, picked[0], picked[1]);
    void loadCompare(a, b);
    setView('compare');
  };

  return (
    <div className="view">
      <div className="view-toolbar">
        <p className="muted">{runs ? t('history.count', { count: runs.runs.length }) : ''}</p>
        <div className="toolbar-actions">
          {loading ? <Spinner /> : null}
          <button type="button" className="btn" onClick={() => void loadRuns()} disabled={loading}>
            <Icon name="refresh" />
            {t('history.reload')}
          </button>
        </div>
      </div>
      <LiveHistoryNote job={activeJob} />
      {runs && runs.warnings.length > 0 ? <SkippedBanner list={runs} /> : null}
      {runs && runs.runs.length === 0 ? (
        <EmptyState icon="history" title={t('results.noRunsTitle')}>
          <Trans t={t} i18nKey="history.emptyBody" components={{ b: <strong /> }} />
        </EmptyState>
      ) : null}
      {runs && runs.runs.length > 0 ? (
        <div className="card table-card">
          <div className="table-scroll">
            <table className="table history-table" data-testid="history-list">
              <thead>
                <tr>
                  <th scope="col" className="col-check">
                    <span className="sr-only">{t('history.col.compare')}</span>
                  </th>
                  <th scope="col">{t('history.col.run')}</th>
                  <th scope="col">{t('controls.suite')}</th>
                  <th scope="col">{t('history.col.status')}</th>
                  <th scope="col">{t('history.col.targets')}</th>
                  <th scope="col">{t('history.col.headline')}</th>
                  <th scope="col">
                    <span className="sr-only">{t('history.open')}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {newestFirst(runs.runs).map((r) => (
                  <HistoryRow key={r.id} run={r} picked={picked.includes(r.id)} current={r.id === selectedId} onToggle={toggle} onOpen={open} />
                ))}
              </tbody>
            </table>
          </div>
          {/* Right after the list in the tab order (and kept in view while the list scrolls): ticking two runs, then Tab, reaches it. */}
          <div className="history-compare-bar">
            <button type="button" className="btn btn-accent" data-testid="compare-picked" disabled={picked.length !== 2} onClick={compare}>
              <Icon name="compare" />
              {t('history.compare', { n: picked.length })}
            </button>
          </div>
        </div>
      ) : null}
    </div>
  );
}
