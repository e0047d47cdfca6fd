import { useState, type JSX } from 'react';
import { Trans } from 'react-i18next';
import type { RunList } from '../../../electron/contract/contract.js';
import { skippedTexts } from '../../../electron/messages/error-text.js';
import { useLang, useUi } from '../../lib/use-ui';
import { EmptyState } from '../../components/empty-state';
import { Icon } from '../../lib/icons';
import { Spinner } from '../../components/spinner';
import { loadCompare, loadRuns, selectRun } from '../../store/actions';
import { useAppStore } from '../../store/app-store';
import { newestFirst, orderPair } from '../../store/compare-pick';
import { HistoryRow } from './history-row';
import { LiveHistoryNote } from './live-history-note';
import { ImportButton, ImportOutcomes, useFileDrop, useRunImport } from './history-import';
import { TeamPanel } from './team-table';

type Filter = 'all' | 'local' | 'imported';

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

/** The run history: open a run, tick two and compare them or any for a team table, import runs from other machines. */
export function HistoryView(): JSX.Element {
  const { t } = useUi();
  const runs = useAppStore((s) => s.runs);
  const loading = useAppStore((s) => s.runsLoading);
  const selectedId = useAppStore((s) => s.selectedRunId);
  const setView = useAppStore((s) => s.setView);
  const [picked, setPicked] = useState<string[]>([]);
  const activeJob = useAppStore((s) => (s.activeJobId ? s.jobs.jobs[s.activeJobId] : undefined));
  const [filter, setFilter] = useState<Filter>('all');
  const [team, setTeam] = useState<string[] | null>(null);
  const imp = useRunImport();
  const drop = useFileDrop((files) => void imp.importFiles(files));
  const shown = runs ? runs.runs.filter((r) => filter === 'all' || (filter === 'imported') === !!r.origin) : [];

  const toggle = (id: string): void => setPicked((cur) => (cur.includes(id) ? cur.filter((x) => x !== id) : [...cur, id]));
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
          <label className="history-filter">
            <span>{t('history.filter.label')}</span>
            <select value={filter} data-testid="history-filter" onChange={(e) => setFilter(e.target.value as Filter)}>
              {(['all', 'local', 'imported'] as const).map((f) => (
                <option key={f} value={f}>
                  {t(`history.filter.${f}`)}
                </option>
              ))}
            </select>
          </label>
          <ImportButton busy={imp.busy} onFiles={(files) => void imp.importFiles(files)} />
          {loading ? <Spinner /> : null}
          <button type="button" className="btn" onClick={() => void loadRuns()} disabled={loading}>
            <Icon name="refresh" />
            {t('history.reload')}
          </button>
        </div>
      </div>
      <LiveHistoryNote job={activeJob} />
      <ImportOutcomes outcomes={imp.outcomes} onDismiss={imp.dismiss} />
      {runs && runs.warnings.length > 0 ? <SkippedBanner list={runs} /> : null}
      <div className={`history-drop${drop.over ? ' drop-over' : ''}`} data-testid="history-drop" {...drop.props}>
        <p className="small muted">{drop.over ? t('history.dropHere') : t('history.importHint')}</p>
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
                  {newestFirst(shown).map((r) => (
                    <HistoryRow key={r.id} run={r} picked={picked.includes(r.id)} current={r.id === selectedId} onToggle={toggle} onOpen={open} />
                  ))}
                </tbody>
              </table>
            </div>
            {/* Right after the list in the tab order (and kept in view while the list scrolls): ticking runs, then Tab, reaches them. */}
            <div className="history-compare-bar">
              <button type="button" className="btn btn-accent" data-testid="compare-picked" disabled={picked.length !== 2} onClick={compare}>
                <Icon name="compare" />
                {t('history.compare', { n: picked.length })}
              </button>
              <button type="button" className="btn" data-testid="team-picked" disabled={picked.length === 0} onClick={() => setTeam([...picked])}>
                {t('history.team', { n: picked.length })}
              </button>
            </div>
          </div>
        ) : null}
      </div>
      {team ? <TeamPanel ids={team} onClose={() => setTeam(null)} /> : null}
    </div>
  );
}
