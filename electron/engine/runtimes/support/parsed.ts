import { why, whyEn, type Why } from './why.js';

/** Outcome of a parser: the value read, or a typed error saying why the text could not be read (in English, and as a reference into the detect catalogue). */
export type Parsed<T> = { ok: true; value: T } | { ok: false; error: string; errorRef: Why };

/** A successful parse. */
export function ok<T>(value: T): Parsed<T> {
  return { ok: true, value };
}

/** A failed parse with a message a user understands: a key of the detect catalogue's parse.* (e.g. notJson: "is not valid JSON"). */
export function fail<T = never>(key: string, params?: Why['params']): Parsed<T> {
  const errorRef = why(`parse.${key}`, params);
  return { ok: false, error: whyEn(errorRef), errorRef };
}

/** Runs a parser body so that any unexpected exception becomes a typed failure instead of a throw. */
export function safeParse<T>(body: () => Parsed<T>): Parsed<T> {
  try {
    return body();
  } catch (err) {
    return fail('unreadable', { detail: err instanceof Error ? err.message : String(err) });
  }
}
