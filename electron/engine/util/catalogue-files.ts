/**
 * The message catalogues of the Node faces (CLI, `vmbench web`, the Electron main process) and of the
 * engine they run: read from src/locales/<lang>/<namespace>.json when a language is first asked for,
 * so a process loads only its own language and English (the fallback and the engine's messages).
 */
import { readFileSync } from 'node:fs';
import { LANGS, NAMESPACES, setCatalogueReader, type Catalogue, type Lang, type Namespace } from '../../messages/i18n.js';
import { packagedFile } from './paths.js';

/** One catalogue file, parsed. */
export function readCatalogue(lang: Lang, ns: Namespace): Catalogue {
  return JSON.parse(readFileSync(packagedFile('src', 'locales', lang, `${ns}.json`), 'utf8')) as Catalogue;
}

/** Makes this process read catalogues from their files when a language is first asked for (electron/messages/i18n.ts). */
export function useCatalogueFiles(): void {
  setCatalogueReader(readCatalogue);
}

/** Every catalogue, by language and namespace (for the catalogue tests, which compare them all). */
export function allCatalogues(): Record<Lang, Record<Namespace, Catalogue>> {
  const byLang = (lang: Lang): Record<Namespace, Catalogue> =>
    Object.fromEntries(NAMESPACES.map((ns) => [ns, readCatalogue(lang, ns)])) as Record<Namespace, Catalogue>;
  return Object.fromEntries(LANGS.map((lang) => [lang, byLang(lang)])) as Record<Lang, Record<Namespace, Catalogue>>;
}
