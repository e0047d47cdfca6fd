import type { JSX } from 'react';
import { errorText } from '../../electron/messages/error-text.js';
import { useLang, useUi } from '../lib/use-ui';
import type { JobState } from '../store/job-reducer';
import { currentSamples } from '../store/job-selectors';
import { fmtNum } from '../lib/format';
import { HEADLINE, metricMeta, PLACE_LABEL } from '../lib/metrics';

/** Numbers as they arrive: this step's trial samples and the medians of finished steps. */
export function LiveNumbers({ job }: { job: JobState }): JSX.Element | null {
  const { t } = useUi();
  const lang = useLang();
  const samples = currentSamples(job).slice(-8);
  const finished = job.results.slice(-8);
  if (samples.length === 0 && finished.length === 0 && job.errors.length === 0) return null;
  return (
    <div className="live" data-testid="live-numbers" aria-live="polite">
      {samples.length > 0 ? (
        <div className="live-group">
          <span className="live-caption">{t('live.step')}</span>
          {samples.map((s, i) => (
            <span key={`${s.metric}-${s.trial}-${i}`} className={s.trial === 0 ? 'chip chip-provisional' : 'chip'} data-trial={s.trial}>
              <span className="chip-key">
                {metricMeta(s.metric, s.test).label} · {s.trial === 0 ? t('live.warmup') : `t${s.trial}`}
              </span>
              <span className="chip-val">
                {fmtNum(s.value)} {metricMeta(s.metric).unit}
              </span>
            </span>
          ))}
        </div>
      ) : null}
      {finished.length > 0 || job.errors.length > 0 ? (
        <div className="live-group">
          <span className="live-caption">{t('live.done')}</span>
          {finished.map(({ target, result }) => {
            const m = HEADLINE[result.test];
            const st = result.metrics[m];
            return (
              <span key={`${target}-${result.place}-${result.test}`} className="chip chip-done">
                <span className="chip-key">
                  {result.test} · {PLACE_LABEL[result.place]}
                </span>
                <span className="chip-val">{st ? `${fmtNum(st.median)} ${metricMeta(m).unit}` : '✓'}</span>
              </span>
            );
          })}
          {job.errors.map(({ target, error }) => (
            <span key={`${target}-${error.place}-${error.test}-err`} className="chip chip-error" title={errorText(error, lang)}>
              <span className="chip-key">
                {error.test} · {PLACE_LABEL[error.place]}
              </span>
              <span className="chip-val">{error.code}</span>
            </span>
          ))}
        </div>
      ) : null}
    </div>
  );
}
