import type { JSX } from 'react';
import { useUi } from '../../lib/use-ui';
import { placeVerdicts, type VerdictTarget } from '../../../electron/presentation/place-verdict.js';
import { uiLang } from '../../lib/i18n';

/**
 * Each place's verdict, as soon as its headline lands ("Docker Desktop · shared folder: 0.31× native [0.28–0.34]"):
 * at the top of Results (live and stored) and, with `only`, on a runtime's card for its own targets. Nothing until a headline is in.
 */
export function PlaceVerdicts({
  targets,
  only,
  compact = false,
}: {
  targets: VerdictTarget[];
  only?: readonly string[];
  compact?: boolean;
}): JSX.Element | null {
  const { t } = useUi();
  // Every target's headlines go in, so that a guest's ratio has This machine's native headline to divide by.
  const lines = placeVerdicts(targets, uiLang()).filter((v) => !only || only.includes(v.target));
  if (lines.length === 0) return null;
  const list = (
    <ul className="place-verdicts-list">
      {lines.map((v) => (
        <li key={`${v.target}|${v.place}`} data-testid="place-verdict" data-target={v.target} data-place={v.place} data-ratio={v.ratio ?? ''}>
          {v.text}
        </li>
      ))}
    </ul>
  );
  if (compact)
    return (
      <div className="place-verdicts compact" data-testid="place-verdicts" aria-label={t('verdicts.label')}>
        {list}
      </div>
    );
  return (
    <section className="card place-verdicts" data-testid="place-verdicts" aria-label={t('verdicts.label')}>
      <h2 className="card-title">{t('verdicts.title')}</h2>
      {list}
      <p className="muted small">{t('verdicts.note', { test: t(`common:headline.words.${lines[0].test}`) })}</p>
    </section>
  );
}
