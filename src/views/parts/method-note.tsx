import type { JSX } from 'react';
import { useUi } from '../../lib/use-ui';
import { methodText } from '../../../electron/measurement/verdict-stats.js';
import { uiLang } from '../../lib/i18n';

/** How better / worse / within noise are decided (across machines: on ratios to each machine's native), as a disclosure (the README's "How vmbench decides better or worse" says the same). */
export function MethodNote({ crossMachine = false }: { crossMachine?: boolean }): JSX.Element {
  const { t } = useUi();
  return (
    <details className="method-note" data-testid="method-note">
      <summary>{t('method.summary')}</summary>
      <p className="small">{methodText(uiLang(), crossMachine)}</p>
      <p className="small muted">{t('method.note')}</p>
    </details>
  );
}
