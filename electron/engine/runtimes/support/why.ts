/**
 * Why a runtime could not be read, as message references into the detect catalogue
 * (src/locales/<lang>/detect.json), so the CLI and the views say it in their language while the
 * JSON contract keeps its English `reason`. Text a tool printed (stderr, paths, names) travels as
 * parameters, verbatim.
 */
import type { MsgRef } from '../../../contract/contract.js';
import { englishOf } from '../../../messages/message-english.js';

/** One reason: a message of the detect catalogue. */
export type Why = MsgRef;

/** A reason from the detect catalogue (`key` without its namespace). */
export function why(key: string, params?: MsgRef['params']): Why {
  return params ? { key: `detect:${key}`, params } : { key: `detect:${key}` };
}

/** The English text of a reason. */
export function whyEn(w: Why): string {
  return englishOf(w);
}
