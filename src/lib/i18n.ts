/**
 * The renderer's language: the user's pick (saved), else the app's locale (Electron passes
 * app.getLocale() through the preload as window.vmbench.locale), else the browser's
 * (navigator.language), else English. One i18next instance, given to React by I18nextProvider.
 */
import { createI18n, isLang, langFromTag, type Lang } from '../../electron/shared/i18n.js';

const KEY = 'vmbench.lang';

/** The language the user picked, or null while the system decides. */
export function savedLang(): Lang | null {
  try {
    const v = localStorage.getItem(KEY);
    return isLang(v) ? v : null;
  } catch {
    return null;
  }
}

/** The language the page starts in. */
export function initialLang(): Lang {
  const appLocale = (globalThis as { vmbench?: { locale?: string } }).vmbench?.locale;
  return savedLang() ?? langFromTag(appLocale) ?? langFromTag(globalThis.navigator?.language) ?? 'en';
}

/** The renderer's i18next instance. */
export const i18n = createI18n(initialLang());
if (typeof document !== 'undefined') document.documentElement.lang = i18n.language;

/** The language the page shows now (for the shared modules that take one: metric labels, headlines, verdict words). */
export function uiLang(): Lang {
  return isLang(i18n.language) ? i18n.language : 'en';
}

/** Switches the language now and remembers the pick. */
export function setLang(lang: Lang): void {
  try {
    localStorage.setItem(KEY, lang);
  } catch {
    // Storage off (private mode): the pick lasts this session.
  }
  void i18n.changeLanguage(lang);
  if (typeof document !== 'undefined') document.documentElement.lang = lang;
}
