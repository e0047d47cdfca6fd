/**
 * The bundled Japanese font (src/styles/base.css, 'vmbench Noto Sans JP') is in before the first render.
 * Chromium shapes text that needs a face still loading with the fallback, and does not shape it again
 * when the face arrives: on a machine without a Japanese font, the controls drawn first (the primary
 * button, the language switch's 日本語) kept their missing-glyph boxes until something changed their size.
 * Loading every weight first (about 150 KiB each, from the app itself) leaves nothing to shape twice.
 */

/** The family of the bundled faces (src/styles/base.css). */
export const UI_FONT_FAMILY = 'vmbench Noto Sans JP';

/** The weights of the bundled faces, as scripts/build/build-ui-font.mjs writes them (checked by tests/unit/ui-font-subset.test.ts). */
export const UI_FONT_WEIGHTS = [400, 500, 600, 700] as const;

/** At most this long before the first render goes on without the font (a face that cannot load then shows the system's font). */
const WAIT_MS = 3000;

/** Resolves once every bundled face is loaded, or failed, or WAIT_MS has passed; never rejects. */
export function loadUiFont(): Promise<void> {
  const fonts = typeof document !== 'undefined' ? document.fonts : undefined;
  if (!fonts) return Promise.resolve();
  // The text sample falls in the faces' unicode-range, so each face is fetched even on an English page.
  const all = Promise.all(UI_FONT_WEIGHTS.map((w) => fonts.load(`${w} 16px "${UI_FONT_FAMILY}"`, '日本語').catch(() => []))).then(() => undefined);
  return Promise.race([all, new Promise<void>((resolve) => setTimeout(resolve, WAIT_MS))]);
}
