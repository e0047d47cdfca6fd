import type { JSX } from 'react';
import { useUi } from '../lib/use-ui';
import { methodText } from '../../electron/verdict-stats';
import { uiLang } from '../lib/i18n';

/** How better / worse / within noise are decided, as a disclosure (the README's "How vmbench decides better or worse" says the same). */
export function MethodNote(): JSX.Element {
  const { t } = useUi();
  return (
    <details className="method-note" data-testid="method-note">
      <summary>{t('method.summary')}</summary>
      <p className="small">{methodText(uiLang())}</p>
      <p className="small muted">{t('method.note')}</p>
    </details>
  );
}
