/** Runs a render in one language of the app: the renderer's own i18next instance switched, then back to English. */
import type { Lang } from '../../electron/messages/i18n.js';
import { setLang } from '../../src/lib/i18n';

/** What fn returns, with the whole page (views, metric labels, places) in `lang`. */
export function inLang<T>(lang: Lang, fn: () => T): T {
  setLang(lang);
  try {
    return fn();
  } finally {
    setLang('en');
  }
}

/** Words of the English UI that must not appear once the page is Japanese (the text between tags and in titles). */
export function englishLeft(html: string, words: readonly string[]): string[] {
  return words.filter((w) => html.includes(w));
}
