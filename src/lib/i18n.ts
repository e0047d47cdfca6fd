/**
 * The renderer's language: the user's pick (saved), else the app's locale (Electron passes
 * app.getLocale() through the preload as window.vmbench.locale), else the browser's
 * (navigator.language), else English. One i18next instance, given to React by I18nextProvider.
 * Its catalogues come in chunks (catalogue-chunks.ts): the page's language first, a switch waits for its own.
 */
import { createI18n, isLang, LANGS, langFromTag, loadedNamespaces, type Lang } from '../../electron/messages/i18n.js';
import { FIRST_SCREEN, hasCatalogues, loadCatalogues, RENDERER_NAMESPACES } from './catalogue-chunks';

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

/** Resolves once the first screen's catalogues of the page's language are in (render after it: no raw keys). */
export function loadFirstScreen(): Promise<void> {
  return loadCatalogues(uiLang(), FIRST_SCREEN);
}

/** Fetches every catalogue of the other languages that the renderer shows, so that a switch shows them at once (after the first paint). */
export function preloadOtherLangs(): Promise<void> {
  return Promise.all(LANGS.filter((l) => l !== uiLang()).map((l) => loadCatalogues(l, RENDERER_NAMESPACES))).then(() => undefined);
}

let wanted: Lang | undefined;

/** Switches the language and remembers the pick: at once when its catalogues are in, else once they are (the page never shows raw keys). */
export function setLang(lang: Lang): Promise<void> {
  try {
    localStorage.setItem(KEY, lang);
  } catch {
    // Storage off (private mode): the pick lasts this session.
  }
  wanted = lang;
  const show = (): void => {
    if (wanted !== lang) return; // a later pick won while this one loaded
    void i18n.changeLanguage(lang);
    if (typeof document !== 'undefined') document.documentElement.lang = lang;
  };
  const need = loadedNamespaces(uiLang());
  if (hasCatalogues(lang, need)) {
    show();
    return Promise.resolve();
  }
  // A chunk that cannot be fetched leaves the page whole in its language (the pick is kept for the next start).
  return loadCatalogues(lang, need).then(show, () => undefined);
}
