/**
 * The renderer's catalogues, each a chunk of its own (Vite splits every src/locales/<lang>/<ns>.json
 * out of the first load): the page fetches its language's first-screen namespaces before it renders,
 * a view's own namespaces (advice) with the view, and another language when it is switched to.
 */
import { use } from 'react';
import { addCatalogue, catalogue, type Catalogue, type Lang, type Namespace } from '../../electron/messages/i18n.js';

/** What the first screen (header, sidebar, Environments with its runtime cards, banners) shows. */
export const FIRST_SCREEN: readonly Namespace[] = ['common', 'ui', 'detect', 'report'];
/** Every namespace the renderer shows: the first screen's and those the views load with themselves (advice). */
export const RENDERER_NAMESPACES: readonly Namespace[] = [...FIRST_SCREEN, 'advice'];

const pending = new Map<string, Promise<void>>();

/** Fetches one catalogue chunk and adds it to every i18next instance of the page (once). */
function fetchCatalogue(lang: Lang, ns: Namespace): Promise<void> {
  const id = `${lang}/${ns}`;
  let p = pending.get(id);
  if (!p) {
    p = (import(`../locales/${lang}/${ns}.json`) as Promise<{ default: Catalogue }>).then((m) => addCatalogue(lang, ns, m.default));
    p.catch(() => pending.delete(id));
    pending.set(id, p);
  }
  return p;
}

/** Whether every namespace asked for is loaded in a language. */
export function hasCatalogues(lang: Lang, namespaces: readonly Namespace[]): boolean {
  return namespaces.every((ns) => catalogue(lang, ns));
}

/** Resolves once every namespace asked for is loaded in a language (at once when it already is). */
export function loadCatalogues(lang: Lang, namespaces: readonly Namespace[]): Promise<void> {
  const missing = namespaces.filter((ns) => !catalogue(lang, ns));
  return missing.length ? Promise.all(missing.map((ns) => fetchCatalogue(lang, ns))).then(() => undefined) : Promise.resolve();
}

/** Suspends the calling component (React Suspense) until a namespace is loaded in a language: for the words a view loads with itself (advice). */
export function useCatalogue(lang: Lang, ns: Namespace): void {
  if (!catalogue(lang, ns)) use(fetchCatalogue(lang, ns));
}
