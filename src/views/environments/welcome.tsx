import type { JSX } from 'react';
import { Trans } from 'react-i18next';
import { useUi } from '../../lib/use-ui';

/** First visit (no run stored yet): what vmbench does and what "Benchmark my setup" will do, in three steps. */
export function Welcome({ runs }: { runs: number }): JSX.Element | null {
  const { t } = useUi();
  if (runs > 0) return null;
  return (
    <section className="card welcome" aria-labelledby="welcome-title" data-testid="welcome">
      <h2 id="welcome-title">{t('welcome.title')}</h2>
      <ol>
        {(['welcome.step1', 'welcome.step2', 'welcome.step3'] as const).map((key) => (
          <li key={key}>
            <Trans t={t} i18nKey={key} components={{ b: <strong /> }} />
          </li>
        ))}
      </ol>
    </section>
  );
}
