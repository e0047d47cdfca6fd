/**
 * The hook every view uses for its words: react-i18next's useTranslation on the ui namespace. The
 * renderer's instance (lib/i18n) is also registered as react-i18next's default, so a component
 * rendered without <I18nextProvider> (a unit test) still speaks the app's language; a provider wins.
 */
import { setI18n, useTranslation, type UseTranslationResponse } from 'react-i18next';
import { isLang, type Lang } from '../../electron/messages/i18n.js';
import { i18n } from './i18n';

setI18n(i18n);

/** t and i18n for the ui namespace. */
export function useUi(): UseTranslationResponse<'ui', undefined> {
  return useTranslation('ui');
}

/** The language the view's words are in (the provider's instance, else the app's), for the shared modules that take one. */
export function useLang(): Lang {
  const { i18n: inst } = useTranslation('ui');
  return isLang(inst.language) ? inst.language : 'en';
}
