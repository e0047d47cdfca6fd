import { useState, type JSX } from 'react';
import type { Run } from '../../../electron/contract/contract.js';
import { commandResults, commandText } from '../../../electron/presentation/command-line.js';
import { MISSING, formatInterval, formatNumber } from '../../../electron/presentation/format.js';
import { targetLabel } from '../../../electron/presentation/headline.js';
import { placeVerdicts, verdictTargets } from '../../../electron/presentation/place-verdict.js';
import { HEADLINE_METRIC } from '../../../electron/measurement/metrics.js';
import { logMeanInterval } from '../../../electron/measurement/verdict-stats.js';
import { PLACE_LABEL } from '../../lib/metrics';
import { useLang, useUi } from '../../lib/use-ui';
import { useAppStore } from '../../store/app-store';
import { startCommand } from '../../store/command-actions';
import { rerunSpec } from '../../store/command-form';
import { RerunConfirm } from './command-rerun';

/** A command run's seconds in every place: median, min–max, the 95% interval of the time, the runs, and the ratio to native with its interval; and running it again. */
export function CommandResults({ run }: { run: Run }): JSX.Element | null {
  const { t } = useUi();
  const lang = useLang();
  const [asking, setAsking] = useState(false);
  const busy = useAppStore((s) => s.starting || Boolean(s.activeJobId && (s.jobs.jobs[s.activeJobId]?.status ?? 'running') === 'running'));
  const command = commandText(run);
  const rows = commandResults(run);
  if (!command || rows.length === 0) return null;
  const metric = HEADLINE_METRIC.command;
  // The ratio to native is the verdict's (geometric means with their interval), as every place's verdict line gives it.
  const verdicts = placeVerdicts(verdictTargets({ tests: ['command'], targets: run.targets.map((x) => ({ ...x, headlines: undefined })) }), lang);
  const s = (v: number): string => t('command.results.seconds', { value: formatNumber(v, lang) });
  const again = (): void => {
    const own = rerunSpec(run);
    if (own.ok) void startCommand(own.spec);
    else setAsking(true);
  };
  return (
    <section className="card command-results" data-testid="command-results" aria-labelledby="command-results-title">
      <div className="command-results-head">
        <div>
          <h2 id="command-results-title">{t('command.results.title')}</h2>
          <code className="command-text" data-testid="command-results-command">
            {command}
          </code>
          {run.command?.project && !run.origin ? <p className="muted small">{t('command.results.project', { project: run.command.project })}</p> : null}
        </div>
        <button type="button" className="btn" data-testid="command-again" disabled={busy} onClick={again}>
          {t('command.results.again')}
        </button>
      </div>
      {run.origin ? (
        <p className="muted small" data-testid="command-imported-note">
          {t('command.results.imported', { machine: run.origin.machine })}
        </p>
      ) : null}
      <div className="table-scroll">
        <table className="table command-table">
          <thead>
            <tr>
              <th scope="col">{t('command.results.place')}</th>
              <th scope="col" className="num">
                {t('command.results.median')}
              </th>
              <th scope="col" className="num">
                {t('command.results.range')}
              </th>
              <th scope="col" className="num">
                {t('command.results.interval')}
              </th>
              <th scope="col" className="num">
                {t('command.results.runs')}
              </th>
              <th scope="col" className="num">
                {t('command.results.ratio')}
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map(({ target, result }) => {
              const st = result.metrics[metric];
              const ci = logMeanInterval(result.samples[metric] ?? []);
              const v = verdicts.find((x) => x.target === target.id && x.place === result.place);
              return (
                <tr key={`${target.id}|${result.place}`} data-testid="command-row" data-place={result.place} data-median={st.median}>
                  <th scope="row">
                    {targetLabel(target, lang)} · {PLACE_LABEL[result.place]}
                  </th>
                  <td className="num strong" data-testid="command-median">
                    {s(st.median)}
                  </td>
                  <td className="num">{t('command.results.span', { min: formatNumber(st.min, lang), max: formatNumber(st.max, lang) })}</td>
                  <td className="num">{ci ? t('command.results.span', { min: formatNumber(ci.lo, lang), max: formatNumber(ci.hi, lang) }) : MISSING}</td>
                  <td className="num">{st.n}</td>
                  <td className="num" data-testid="command-ratio">
                    {v?.baseline ? t('command.results.baseline') : formatInterval(v?.ratio ?? null, v?.ci ?? null, lang)}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      {asking ? <RerunConfirm run={run} command={command} onClose={() => setAsking(false)} /> : null}
    </section>
  );
}
