import type { JSX } from 'react';
import { useUi } from '../../lib/use-ui';
import type { Run } from '../../../electron/contract/contract.js';
import { runHeadlines } from '../../../electron/presentation/headline.js';
import { uiLang } from '../../lib/i18n';
import { MethodNote } from '../parts/method-note';

/** One plain sentence per guest place at the top of Results (the share card's title line), ratios by the Compare method. */
export function RunHeadline({ run }: { run: Run }): JSX.Element | null {
  const { t } = useUi();
  const lines = runHeadlines(run, uiLang());
  const guests = run.targets.some((t) => t.results.some((r) => r.place !== 'native'));
  if (lines.length === 0) {
    if (!guests || run.targets.some((t) => t.results.some((r) => r.place === 'native'))) return null;
    return <p className="muted run-headline-empty">{t('headline.needNative')}</p>;
  }
  return (
    <section className="card run-headline" aria-label={t('headline.label')} data-testid="run-headline">
      <ul>
        {lines.map((h) => (
          <li key={`${h.target}|${h.place}`} data-testid="headline-line">
            {/* The sentence as the language writes it, its title in bold (ja's separator is one character, "："). */}
            <strong>{h.title}</strong>
            {h.text.slice(h.title.length)}
            {h.fallback ? (
              <span className="tag tag-warn" title={t('headline.fallbackHint')}>
                {t('headline.fallback')}
              </span>
            ) : null}
          </li>
        ))}
      </ul>
      <MethodNote />
    </section>
  );
}
