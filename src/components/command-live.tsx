import type { JSX } from 'react';
import { targetLabel } from '../../electron/presentation/headline.js';
import { HEADLINE_METRIC } from '../../electron/measurement/metrics.js';
import { fmtNum } from '../lib/format';
import { uiLang } from '../lib/i18n';
import { PLACE_LABEL } from '../lib/metrics';
import { useUi } from '../lib/use-ui';
import { useAppStore } from '../store/app-store';
import type { JobState } from '../store/job-reducer';

/** A command run's times as they arrive, run by run, each place on its line (the warm-up shown apart, never counted). */
export function CommandLive({ job }: { job: JobState }): JSX.Element | null {
  const { t } = useUi();
  const detect = useAppStore((s) => s.detect);
  const labels = detect?.runtimes.flatMap((r) => r.targets) ?? [];
  const command = job.spec?.command?.command;
  if (!command) return null;
  const metric = HEADLINE_METRIC.command;
  const samples = job.samples.filter((s) => s.test === 'command' && s.metric === metric);
  const places = [...new Map(samples.map((s) => [`${s.target}|${s.place}`, s] as const)).values()];
  return (
    <div className="command-live" data-testid="command-live" aria-live="polite">
      <p className="command-live-title">{t('command.live.title', { command })}</p>
      {places.map((p) => (
        <div key={`${p.target}|${p.place}`} className="command-live-place" data-testid="command-live-place" data-place={p.place}>
          <span className="command-live-where">
            {targetLabel(labels.find((x) => x.id === p.target) ?? { id: p.target }, uiLang())} · {PLACE_LABEL[p.place]}
          </span>
          <ol className="command-live-runs">
            {samples
              .filter((s) => s.target === p.target && s.place === p.place)
              .map((s, i) => (
                <li key={`${s.trial}-${i}`} className={s.trial === 0 ? 'chip chip-provisional' : 'chip'} data-testid="command-live-run" data-trial={s.trial}>
                  <span className="chip-key">{s.trial === 0 ? t('command.live.warmup') : t('command.live.run', { n: s.trial })}</span>
                  <span className="chip-val">{fmtNum(s.value)} s</span>
                </li>
              ))}
          </ol>
        </div>
      ))}
    </div>
  );
}
