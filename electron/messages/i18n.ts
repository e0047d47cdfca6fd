/**
 * One i18next setup for every reader: the engine (advice), the CLI, the exports and share card, and
 * the renderer (through react-i18next). Catalogues live in src/locales/<lang>/<namespace>.json, one
 * namespace per area so each area's strings stay together: common (shared words), cli, report (card,
 * Markdown, headline), ui (the app's views), advice (findings, risks, How to, evidence) and detect
 * (why a runtime could not be read).
 * This module owns the catalogues a process has loaded, but bundles none: each face loads only what it
 * uses. Node faces (CLI, `vmbench web`, the Electron main process) read the files of a language when it
 * is first asked for (electron/engine/util/catalogue-files.ts installs that reader); the renderer fetches a
 * language's namespaces as chunks of their own (src/lib/catalogue-chunks.ts) before it shows them.
 * Numbers and dates are written by electron/presentation/format.ts, in the language given; a message's measured
 * number is a parameter written `{{value, figure}}`, formatted by format.ts's formatNumber (addMessageFormat).
 */
import i18next, { type i18n as I18n, type TFunction } from 'i18next';

import { LANGS, type Lang } from '../contract/contract-base.js';

export { LANGS, type Lang };
/** The catalogue namespaces (one JSON file per language each). */
export const NAMESPACES = ['common', 'cli', 'report', 'ui', 'advice', 'detect'] as const;
/** One of NAMESPACES. */
export type Namespace = (typeof NAMESPACES)[number];
/** One catalogue: one language's messages of one namespace, as in its JSON file. */
export type Catalogue = Record<string, unknown>;
/** Reads one catalogue at once (a Node face reads its file), or undefined when it cannot. */
export type CatalogueReader = (lang: Lang, ns: Namespace) => Catalogue | undefined;

const loaded: Partial<Record<Lang, Partial<Record<Namespace, Catalogue>>>> = {};
const everyInstance = new Set<I18n>();
let reader: CatalogueReader | undefined;

/** Whether a value is one of LANGS. */
export function isLang(v: unknown): v is Lang {
  return typeof v === 'string' && (LANGS as readonly string[]).includes(v);
}

/** The language of a locale tag or POSIX locale ("ja", "ja-JP", "ja_JP.UTF-8" → ja; "C", "en_US" → en); undefined when it names none. */
export function langFromTag(tag: string | null | undefined): Lang | undefined {
  if (!tag) return undefined;
  const base = tag
    .trim()
    .toLowerCase()
    .split(/[-_.@]/)[0];
  if (base === 'ja') return 'ja';
  if (base === 'en' || base === 'c' || base === 'posix') return 'en';
  return undefined;
}

/** The language POSIX rules give a process: LC_ALL, then LC_MESSAGES, then LANG (the first one set decides); English otherwise. */
export function langFromEnv(env: Record<string, string | undefined>): Lang {
  const first = [env.LC_ALL, env.LC_MESSAGES, env.LANG].find((v) => v !== undefined && v !== '');
  return langFromTag(first) ?? 'en';
}

/** Sets how catalogues not loaded yet are read at once when a language is asked for (Node faces); the renderer has none and loads ahead. */
export function setCatalogueReader(read: CatalogueReader | undefined): void {
  reader = read;
}

/** Adds one catalogue to this process: every i18next instance made here, made before or after, knows it. */
export function addCatalogue(lang: Lang, ns: Namespace, data: Catalogue): void {
  if (loaded[lang]?.[ns] === data) return;
  (loaded[lang] ??= {})[ns] = data;
  for (const inst of everyInstance) inst.addResourceBundle(lang, ns, data, true, true);
}

/** A catalogue of this process, read at once through the reader when there is one and it is not loaded yet; undefined when neither has it. */
export function catalogue(lang: Lang, ns: Namespace): Catalogue | undefined {
  const have = loaded[lang]?.[ns];
  if (have || !reader) return have;
  const read = reader(lang, ns);
  if (read) addCatalogue(lang, ns, read);
  return read;
}

/** The namespaces of a language this process has loaded. */
export function loadedNamespaces(lang: Lang): Namespace[] {
  return NAMESPACES.filter((ns) => loaded[lang]?.[ns] !== undefined);
}

/** A language's catalogues and English's (the fallback) through the reader, when there is one. */
function readLang(lang: Lang): void {
  if (!reader) return;
  for (const l of new Set<Lang>([lang, 'en'])) for (const ns of NAMESPACES) catalogue(l, ns);
}

/** A ready i18next instance for one language (synchronous: it has the catalogues loaded so far, and gets those loaded later). */
export function createI18n(lang: Lang): I18n {
  readLang(lang);
  const inst = i18next.createInstance();
  void inst.init({
    lng: lang,
    fallbackLng: 'en',
    supportedLngs: [...LANGS],
    ns: [...NAMESPACES],
    defaultNS: 'common',
    // Each instance keeps its own map of languages (i18next adds to it), sharing the catalogues themselves.
    resources: Object.fromEntries(Object.entries(loaded).map(([l, byNs]) => [l, { ...byNs }])),
    interpolation: { escapeValue: false },
    returnNull: false,
    initAsync: false,
  });
  for (const [name, format] of formats) addFormatTo(inst, name, format, lang);
  everyInstance.add(inst);
  return inst;
}

/** A named number format of the messages ("{{value, figure}}"), in a language. */
export type MessageFormat = (value: number, lang: Lang) => string;

const formats = new Map<string, MessageFormat>();

function addFormatTo(inst: I18n, name: string, format: MessageFormat, lang: Lang): void {
  inst.services.formatter?.add(name, (value: unknown, lng: string | undefined) =>
    typeof value === 'number' ? format(value, isLang(lng) ? lng : lang) : String(value),
  );
}

/**
 * Adds a number format the messages name ("{{value, figure}}") to every i18next instance, made before or after. The
 * formats themselves live in electron/presentation/format.ts, which adds them when it is loaded (every face loads it).
 */
export function addMessageFormat(name: string, format: MessageFormat): void {
  formats.set(name, format);
  for (const inst of everyInstance) addFormatTo(inst, name, format, isLang(inst.language) ? inst.language : 'en');
}

const instances = new Map<Lang, I18n>();

/** The translate function of a language (one shared instance per language). */
export function translator(lang: Lang): TFunction {
  let inst = instances.get(lang);
  if (!inst) instances.set(lang, (inst = createI18n(lang)));
  else readLang(lang);
  return inst.t;
}

/** A language's own name ("日本語"), for the language switch (every catalogue writes each name in its own language). */
export function languageName(lang: Lang): string {
  const from = [lang, ...LANGS].find((l) => catalogue(l, 'common')) ?? lang;
  return translator(from)(`common:language.${lang}`);
}
