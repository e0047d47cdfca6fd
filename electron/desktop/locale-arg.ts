// How the main process tells the sandboxed preload the app's locale (app.getLocale()): one
// command-line switch in webPreferences.additionalArguments. No imports, so the preload bundle
// (which may only require('electron')) can use it.

/** The switch that carries the locale: `--vmbench-locale=ja-JP`. */
export const LOCALE_ARG = '--vmbench-locale=';

/** The locale tag in a process's argv, or undefined; only a plain BCP 47-like tag is accepted. */
export function localeFromArgv(argv: readonly string[]): string | undefined {
  const arg = argv.find((a) => a.startsWith(LOCALE_ARG));
  const tag = arg?.slice(LOCALE_ARG.length) ?? '';
  return /^[A-Za-z]{2,8}([-_][A-Za-z0-9]{1,8})*$/.test(tag) ? tag : undefined;
}
