import type { JSX } from 'react';
import type { Run } from '../../../electron/contract/contract.js';
import { adviceTitle, useAdviceT, yoursLine } from '../../lib/advice-words';
import { useAppStore } from '../../store/app-store';

/** At the top of Results: the ranked findings for the runtimes this run measured, with a way to the full list. */
export function RunAdvice({ run }: { run: Run }): JSX.Element | null {
  const detect = useAppStore((s) => s.detect);
  const setView = useAppStore((s) => s.setView);
  const { t, lang } = useAdviceT();
  if (!detect) return null;
  const runtimes = new Set(run.targets.map((t) => t.runtime));
  const items = detect.runtimes
    .filter((rt) => runtimes.has(rt.id))
    .flatMap((rt) => (rt.findings ?? []).filter((f) => !f.alreadyFine).map((f) => ({ f, rt })))
    .sort((a, b) => (a.f.rank ?? 999) - (b.f.rank ?? 999))
    .slice(0, 3);
  if (items.length === 0) return null;
  return (
    <section className="card run-advice" aria-label={t('view.whatToChangeRun')} data-testid="run-advice">
      <h2 className="section-heading">{t('view.whatToChange')}</h2>
      <ol>
        {items.map(({ f, rt }) => (
          <li key={f.id}>
            <strong>{adviceTitle(f, rt, lang)}</strong>
            {yoursLine(f, lang) ? <span className="muted"> · {yoursLine(f, lang)}</span> : null}
          </li>
        ))}
      </ol>
      <button type="button" className="btn btn-ghost btn-small" onClick={() => setView('advice')}>
        {t('view.allRecommendations')}
      </button>
    </section>
  );
}
