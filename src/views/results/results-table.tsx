import type { JSX } from 'react';
import { useUi } from '../../lib/use-ui';
import type { Run } from '../../../electron/contract/contract.js';
import { MISSING } from '../../../electron/presentation/format.js';
import { fmtNum, fmtRatio } from '../../lib/format';
import { metricMeta, PLACE_LABEL } from '../../lib/metrics';
import { targetLabel } from '../../../electron/presentation/headline.js';
import { uiLang } from '../../lib/i18n';
import { methodSummary } from '../../../electron/presentation/method-summary.js';
import { tableRows, type TableRow } from '../../lib/run-data';

function ratioClass(row: Extract<TableRow, { kind: 'metric' }>): string {
  if (row.ratio === null) return 'ratio';
  const better = metricMeta(row.metric).direction === 'higher' ? row.ratio >= 1 : row.ratio <= 1;
  return better ? 'ratio ratio-good' : 'ratio ratio-bad';
}

/** Every metric of a run (median, min, max, n, unit, ratio to native, tool); errors are grouped in ErrorTable. */
export function ResultsTable({ run }: { run: Run }): JSX.Element {
  const { t } = useUi();
  const rows = tableRows(run).filter((r) => r.kind === 'metric');
  const multi = run.targets.length > 1;
  return (
    <div className="card table-card">
      <div className="table-scroll">
        <table className="table results-table" data-testid="results-table">
          <caption className="sr-only">{t('table.caption', { id: run.id })}</caption>
          <thead>
            <tr>
              <th scope="col">{t('table.test')}</th>
              <th scope="col">{t('table.place')}</th>
              <th scope="col">{t('table.metric')}</th>
              <th scope="col" className="num">
                {t('table.median')}
              </th>
              <th scope="col" className="num">
                {t('table.min')}
              </th>
              <th scope="col" className="num">
                {t('table.max')}
              </th>
              <th scope="col" className="num">
                n
              </th>
              <th scope="col">{t('table.unit')}</th>
              <th scope="col" className="num">
                {t('table.vsNative')}
              </th>
              <th scope="col">{t('table.tool')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => {
              const place = `${multi ? `${targetLabel(row.target, uiLang())} · ` : ''}${PLACE_LABEL[row.place] ?? row.place}`;
              if (row.kind !== 'metric') return null;
              const tool = row.result.tool;
              return (
                <tr key={row.key} data-testid="result-row">
                  <td className="mono">{row.test}</td>
                  <td>{place}</td>
                  <td title={row.metric}>{metricMeta(row.metric, row.test).label}</td>
                  <td className="num strong">{fmtNum(row.stat.median)}</td>
                  <td className="num muted">{fmtNum(row.stat.min)}</td>
                  <td className="num muted">{fmtNum(row.stat.max)}</td>
                  <td className="num muted">{row.stat.n}</td>
                  <td className="muted unit-cell">{row.unit}</td>
                  <td className={`num ${ratioClass(row)}`}>
                    {row.ratio === null ? (row.place === 'native' ? t('table.baseline') : MISSING) : fmtRatio(row.ratio)}
                  </td>
                  <td className="tool-cell">
                    <details>
                      <summary title={row.result.command}>
                        {tool.name}
                        {tool.version ? ` ${tool.version}` : ''} <span className="muted">· {methodSummary(row.result, uiLang())}</span>
                      </summary>
                      {tool.method !== methodSummary(row.result, uiLang()) ? (
                        <p className="small muted method-exact" lang="en">
                          {tool.method}
                        </p>
                      ) : null}
                      <code className="command">{row.result.command}</code>
                    </details>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </div>
  );
}
