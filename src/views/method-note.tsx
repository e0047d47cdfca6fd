import type { JSX } from 'react';
import { useUi } from '../lib/use-ui';
import { VERDICT_METHOD } from '../../electron/verdict-stats';

/** How better / worse / within noise are decided, as a disclosure (the README's "How vmbench decides better or worse" says the same). */
export function MethodNote(): JSX.Element {
  const { t } = useUi();
  return (
    <details className="method-note" data-testid="method-note">
      <summary>{t('method.summary')}</summary>
      <p className="small">{VERDICT_METHOD.text}</p>
      <p className="small muted">{t('method.note')}</p>
    </details>
  );
}
