/**
 * One i18next setup for every reader: the engine (advice), the CLI, the exports and share card, and
 * the renderer (through react-i18next). Catalogues live in src/locales/<lang>/<namespace>.json, one
 * namespace per area so each area's strings stay together: common (shared words), cli, report (card,
 * Markdown, headline), ui (the app's views), advice (findings, risks, How to, evidence) and detect
 * (why a runtime could not be read).
 * Numbers and dates are written by electron/shared/format.ts, in the language given.
 */
import i18next, { type i18n as I18n, type TFunction } from 'i18next';
import enAdvice from '../../src/locales/en/advice.json';
import enCli from '../../src/locales/en/cli.json';
import enCommon from '../../src/locales/en/common.json';
import enDetect from '../../src/locales/en/detect.json';
import enReport from '../../src/locales/en/report.json';
import enUi from '../../src/locales/en/ui.json';
import jaAdvice from '../../src/locales/ja/advice.json';
import jaCli from '../../src/locales/ja/cli.json';
import jaCommon from '../../src/locales/ja/common.json';
import jaDetect from '../../src/locales/ja/detect.json';
import jaReport from '../../src/locales/ja/report.json';
import jaUi from '../../src/locales/ja/ui.json';

/** The languages vmbench speaks. */
export const LANGS = ['en', 'ja'] as const;
/** One of LANGS. */
export type Lang = (typeof LANGS)[number];
/** The catalogue namespaces (one JSON file per language each). */
export const NAMESPACES = ['common', 'cli', 'report', 'ui', 'advice', 'detect'] as const;
/** One of NAMESPACES. */
export type Namespace = (typeof NAMESPACES)[number];

/** Every catalogue, by language and namespace (the catalogue test reads the same object). */
export const CATALOGUES: Record<Lang, Record<Namespace, Record<string, unknown>>> = {
  en: { common: enCommon, cli: enCli, report: enReport, ui: enUi, advice: enAdvice, detect: enDetect },
  ja: { common: jaCommon, cli: jaCli, report: jaReport, ui: jaUi, advice: jaAdvice, detect: jaDetect },
};

/** Whether a value is one of LANGS. */
export function isLang(v: unknown): v is Lang {
  return typeof v === 'string' && (LANGS as readonly string[]).includes(v);
}

/** The language of a locale tag or POSIX locale ("ja", "ja-JP", "ja_JP.UTF-8" → ja; "C", "en_US" → en); undefined when it names none. */
export function langFromTag(tag: string | null | undefined): Lang | undefined {
  if (!tag) return undefined;
  const base = tag.trim().toLowerCase().split(/[-_.@]/)[0];
  if (base === 'ja') return 'ja';
  if (base === 'en' || base === 'c' || base === 'posix') return 'en';
  return undefined;
}

/** The language POSIX rules give a process: LC_ALL, then LC_MESSAGES, then LANG (the first one set decides); English otherwise. */
export function langFromEnv(env: Record<string, string | undefined>): Lang {
  const first = [env.LC_ALL, env.LC_MESSAGES, env.LANG].find((v) => v !== undefined && v !== '');
  return langFromTag(first) ?? 'en';
}

/** A ready i18next instance for one language (synchronous: the catalogues are bundled). */
export function createI18n(lang: Lang): I18n {
  const inst = i18next.createInstance();
  void inst.init({
    lng: lang,
    fallbackLng: 'en',
    supportedLngs: [...LANGS],
    ns: [...NAMESPACES],
    defaultNS: 'common',
    resources: CATALOGUES,
    interpolation: { escapeValue: false },
    returnNull: false,
    initAsync: false,
  });
  return inst;
}

const instances = new Map<Lang, I18n>();

/** The translate function of a language (one shared instance per language). */
export function translator(lang: Lang): TFunction {
  let inst = instances.get(lang);
  if (!inst) instances.set(lang, (inst = createI18n(lang)));
  return inst.t;
}

/** A language's own name ("日本語"), for the language switch. */
export function languageName(lang: Lang): string {
  return translator(lang)(`common:language.${lang}`);
}
