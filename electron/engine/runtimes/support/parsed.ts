/** Outcome of a parser: the value read, or a typed error saying why the text could not be read. */
export type Parsed<T> = { ok: true; value: T } | { ok: false; error: string };

/** A successful parse. */
export function ok<T>(value: T): Parsed<T> {
  return { ok: true, value };
}

/** A failed parse with a message a user understands (e.g. "is not valid JSON"). */
export function fail<T = never>(error: string): Parsed<T> {
  return { ok: false, error };
}

/** Runs a parser body so that any unexpected exception becomes a typed failure instead of a throw. */
export function safeParse<T>(body: () => Parsed<T>): Parsed<T> {
  try {
    return body();
  } catch (err) {
    return fail(`could not be read (${err instanceof Error ? err.message : String(err)})`);
  }
}
