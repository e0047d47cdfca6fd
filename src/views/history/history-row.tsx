import type { JSX } from 'react';
import { useUi } from '../../lib/use-ui';
import type { RunSummary, TestId } from '../../../electron/contract/contract.js';
import { StateBadge } from '../../components/state-badge';
import { fmtDate, fmtNum } from '../../lib/format';
import { HEADLINE, metricMeta } from '../../lib/metrics';
import { RunAnnotate } from './run-annotate';
import { runKind } from '../parts/run-picker';

/** The test a headline metric stands for (its label names that test's own measure). */
const headlineTest = (metric: string): TestId | undefined => (Object.keys(HEADLINE) as TestId[]).find((t) => HEADLINE[t] === metric);
/** One run in the history table: pick box, date, suite, status, targets, headline numbers, Open. */
export function HistoryRow(props: {
  run: RunSummary;
  picked: boolean;
  current: boolean;
  onToggle: (id: string) => void;
  onOpen: (id: string) => void;
}): JSX.Element {
  const { t } = useUi();
  const { run } = props;
  const date = fmtDate(run.startedAt);
  return (
    <tr className={props.current ? 'row-current' : undefined} data-testid="history-row" data-run-id={run.id}>
      <td className="col-check">
        <input type="checkbox" aria-label={t('history.pick', { date })} checked={props.picked} onChange={() => props.onToggle(run.id)} />
      </td>
      <td>
        <RunAnnotate run={run} />
        {run.origin ? (
          <span className="badge badge-imported" data-testid="imported-badge" title={t('history.importedFrom', { machine: run.origin.machine })}>
            {t('history.importedBadge', { machine: run.origin.machine })}
          </span>
        ) : null}
      </td>
      <td className="col-suite">{runKind(run, t)}</td>
      <td>
        <StateBadge state={run.status} />
      </td>
      <td>{run.targets.join(', ')}</td>
      <td>
        <ul className="headline">
          {Object.entries(run.headline).map(([m, v]) => (
            <li key={m} title={m}>
              <span className="muted headline-label">{metricMeta(m, headlineTest(m)).label}</span>{' '}
              <span className="headline-value">
                <span className="strong">{fmtNum(v)}</span> <span className="muted">{metricMeta(m).unit}</span>
              </span>
            </li>
          ))}
        </ul>
      </td>
      <td className="col-action">
        <button type="button" className="btn btn-small" onClick={() => props.onOpen(run.id)} aria-label={t('history.openRun', { date })}>
          {t('history.open')}
        </button>
      </td>
    </tr>
  );
}
