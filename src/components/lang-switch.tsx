import type { JSX } from 'react';
import { useUi } from '../lib/use-ui';
import { LANGS, languageName, type Lang } from '../../electron/messages/i18n.js';
import { setLang } from '../lib/i18n';

/** The language switch: one toggle button per language (aria-pressed), each named in its own language; the pick is remembered (setLang). */
export function LangSwitch(): JSX.Element {
  const { t, i18n } = useUi();
  const current = i18n.language as Lang;
  return (
    <div className="lang-switch" role="group" aria-label={t('lang.group')} data-testid="lang-switch">
      {LANGS.map((lang) => (
        <button
          key={lang}
          type="button"
          className="lang-option"
          lang={lang}
          aria-pressed={current === lang}
          data-testid={`lang-${lang}`}
          title={t('lang.switchTo', { name: languageName(lang) })}
          onClick={() => setLang(lang)}
        >
          {languageName(lang)}
        </button>
      ))}
    </div>
  );
}
