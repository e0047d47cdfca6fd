import { useEffect, useState, type JSX } from 'react';
import type { TeamRow, TeamTable } from '../../../electron/contract/contract.js';
import { fastestLine } from '../../../electron/presentation/team-line.js';
import { levelText } from '../../../electron/measurement/verdict-stats.js';
import { getApi } from '../../api/get-api';
import { Icon } from '../../lib/icons';
import { Spinner } from '../../components/spinner';
import { copyText } from '../../lib/download';
import { MISSING } from '../../../electron/presentation/format.js';
import { fmtInterval, fmtNum, fmtRatio } from '../../lib/format';
import { metricMeta, PLACE_LABEL } from '../../lib/metrics';
import { useLang, useUi } from '../../lib/use-ui';
import { useAppStore } from '../../store/app-store';

type SortKey = 'machine' | 'target' | 'place' | 'score' | `m:${string}`;

/** The value a team row sorts by on a column (ratios oriented so that larger is better on every column). */
function sortValue(row: TeamRow, key: SortKey): string | number | null {
  if (key === 'machine' || key === 'target' || key === 'place') return row[key];
  if (key === 'score') return row.score;
  const m = key.slice(2);
  const v = row.ratios[m];
  return v ? (metricMeta(m).direction === 'lower' ? 1 / v.ratio : v.ratio) : null;
}

/** Rows sorted by a column; rows without a value last in either direction. */
export function sortTeamRows(rows: TeamRow[], key: SortKey, dir: 'ascending' | 'descending'): TeamRow[] {
  const sign = dir === 'ascending' ? 1 : -1;
  return [...rows].sort((x, y) => {
    const [a, b] = [sortValue(x, key), sortValue(y, key)];
    if (a === null || b === null) return a === b ? 0 : a === null ? 1 : -1;
    return sign * (typeof a === 'number' && typeof b === 'number' ? a - b : String(a).localeCompare(String(b)));
  });
}

/** The team table of the picked runs: one row per machine × runtime × place, sortable, the fastest setup's settings, Copy Markdown / CSV. */
export function TeamPanel({ ids, onClose }: { ids: string[]; onClose: () => void }): JSX.Element {
  const { t } = useUi();
  const lang = useLang();
  // The table with the runs it is of: the table of other runs is not shown while the picked runs' one loads.
  const [loaded, setLoaded] = useState<{ key: string; table: TeamTable } | null>(null);
  const [sort, setSort] = useState<{ key: SortKey; dir: 'ascending' | 'descending' }>({ key: 'score', dir: 'descending' });
  const [status, setStatus] = useState<string | null>(null);
  const [manual, setManual] = useState<string | null>(null);
  const key = ids.join('\n');
  const table = loaded?.key === key ? loaded.table : null;
  useEffect(() => {
    let live = true;
    getApi()
      .teamTable(key.split('\n'))
      .then((v) => live && setLoaded({ key, table: v }))
      .catch((err: unknown) => useAppStore.getState().pushError(err));
    return () => {
      live = false;
    };
  }, [key]);
  const copy = async (format: 'md' | 'csv'): Promise<void> => {
    const name = format === 'md' ? 'Markdown' : 'CSV';
    try {
      const res = await getApi().exportTeam(ids, format, lang);
      const how = await copyText(res.content);
      setManual(how === 'manual' ? res.content : null);
      setStatus(how === 'manual' ? t('team.copyFailed', { format: name }) : t('team.copied', { format: name }));
    } catch (err) {
      useAppStore.getState().pushError(err);
    }
  };
  const header = (k: SortKey, label: string, num = false): JSX.Element => {
    const active = sort.key === k;
    const next = active && sort.dir === 'descending' ? 'ascending' : 'descending';
    return (
      <th scope="col" className={num ? 'num' : undefined} aria-sort={active ? sort.dir : 'none'} key={k}>
        <button type="button" className="sort-button" data-testid={`team-sort-${k}`} onClick={() => setSort({ key: k, dir: next })}>
          {label} {active ? (sort.dir === 'descending' ? '↓' : '↑') : ''}
          <span className="sr-only">{t('team.sortBy', { col: label })}</span>
        </button>
      </th>
    );
  };
  const line = table ? fastestLine(table, lang) : null;
  return (
    <section className="card team-panel" data-testid="team-panel">
      <div className="team-panel-head">
        <h2 className="section-title" id="team-title">
          {t('team.title')}
        </h2>
        <div className="toolbar-actions">
          <button type="button" className="btn" data-testid="team-copy-md" disabled={!table} onClick={() => void copy('md')}>
            <Icon name="copy" />
            {t('team.copyMd')}
          </button>
          <button type="button" className="btn" data-testid="team-copy-csv" disabled={!table} onClick={() => void copy('csv')}>
            <Icon name="copy" />
            {t('team.copyCsv')}
          </button>
          <button type="button" className="btn" onClick={onClose}>
            <Icon name="close" />
            {t('team.close')}
          </button>
        </div>
      </div>
      <p className="small muted" role="status" data-testid="team-status">
        {status}
      </p>
      {!table ? <Spinner label={t('team.loading')} /> : null}
      {table ? <p className="small muted">{t('team.sub', { level: levelText(table.level) })}</p> : null}
      {line ? (
        <p className="team-fastest strong" data-testid="team-fastest">
          {line}
        </p>
      ) : null}
      {table && table.rows.length === 0 ? <p className="muted">{t('team.empty')}</p> : null}
      {table && table.rows.length > 0 ? (
        <div className="table-scroll" tabIndex={0} role="region" aria-label={t('team.title')}>
          <table className="table team-table" data-testid="team-table">
            <thead>
              <tr>
                {header('machine', t('team.machine'))}
                {header('target', t('team.runtime'))}
                {header('place', t('team.place'))}
                {table.metrics.map((m) => header(`m:${m}`, `${metricMeta(m).label} ×`, true))}
                {header('score', t('team.score'), true)}
              </tr>
            </thead>
            <tbody>
              {sortTeamRows(table.rows, sort.key, sort.dir).map((r) => (
                <tr
                  key={`${r.runId}|${r.target}|${r.place}`}
                  data-testid="team-row"
                  data-machine={r.machine}
                  data-place={r.place}
                  data-baseline={r.baseline || undefined}
                  data-score={r.score ?? undefined}
                >
                  <th scope="row">{r.imported ? r.machine : t('common:thisMachine')}</th>
                  <td className="mono">{r.target}</td>
                  <td>{PLACE_LABEL[r.place] ?? r.place}</td>
                  {table.metrics.map((m) => (
                    <td key={m} className="num ratio-ci">
                      {r.baseline ? (
                        <span className="muted">{r.medians[m] === undefined ? MISSING : `${fmtNum(r.medians[m])} ${metricMeta(m).unit}`}</span>
                      ) : (
                        fmtInterval(r.ratios[m]?.ratio ?? null, r.ratios[m]?.ci ?? null)
                      )}
                    </td>
                  ))}
                  <td className="num strong">{r.baseline ? <span className="muted">{t('table.baseline')}</span> : fmtRatio(r.score)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {manual ? <textarea className="manual-copy" readOnly value={manual} rows={8} aria-label={t('team.copyMd')} data-testid="team-manual" /> : null}
    </section>
  );
}
