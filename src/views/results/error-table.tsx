import type { JSX } from 'react';
import { useLang, useUi } from '../../lib/use-ui';
import { errorText } from '../../../electron/messages/error-text.js';
import type { Run } from '../../../electron/contract/contract.js';
import { groupTargetErrors } from '../../lib/failure-help';
import { PLACE_LABEL } from '../../lib/metrics';

/** The errors of a run, one row per target and cause with how many steps it hit; long messages wrap. */
export function ErrorTable({ run }: { run: Run }): JSX.Element | null {
  const { t } = useUi();
  const lang = useLang();
  const rows = run.targets.flatMap((t) => groupTargetErrors(t).map((g) => ({ t, g })));
  if (rows.length === 0) return null;
  return (
    <>
      <h2 className="section-heading">{t('errors.title')}</h2>
      <div className="card table-card">
        <table className="table error-table" data-testid="error-table">
          <caption className="sr-only">{t('errors.caption', { id: run.id })}</caption>
          <thead>
            <tr>
              <th scope="col">{t('settingsChanged.target')}</th>
              <th scope="col">{t('errors.cause')}</th>
              <th scope="col" className="num">
                {t('errors.steps')}
              </th>
              <th scope="col">{t('errors.message')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map(({ t, g }) => (
              <tr key={`${t.id}|${g.code}|${g.message}`} data-testid="result-error" data-count={g.count}>
                <td>{t.label || t.id}</td>
                <td>
                  <span className="err-code">{g.code}</span>
                </td>
                <td className="num" title={g.steps.map((s) => `${s.test} · ${PLACE_LABEL[s.place] ?? s.place}`).join('\n')}>
                  {g.count}
                </td>
                <td className="error-message">
                  {errorText(g, lang)}
                  <span className="muted small block">{[...new Set(g.steps.map((s) => `${s.test} · ${PLACE_LABEL[s.place] ?? s.place}`))].join(', ')}</span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
