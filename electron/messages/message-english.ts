/**
 * One text per message: a message the engine makes travels as a reference (MsgRef) into the
 * catalogues, and the English field the JSON contract keeps beside it (an error's `message`, a runtime's
 * `reason`, a plan's `notes`, a restart's `why`, a finding's `evidence`/`risk`/steps/`gainBasis`) is derived
 * here from the en catalogue, never written by hand. Faces render the reference in the reader's language
 * (error-text.ts, finding-text.ts) and read the English field only for an old stored run without one.
 */
import type { MsgRef } from '../contract/contract-base.js';
import { renderError } from './error-text.js';
import { renderMsg, renderParts } from './finding-text.js';

/** The English text of a message reference of the common or detect catalogue (its key when the catalogue lacks it). */
export function englishOf(ref: MsgRef): string {
  return renderError(ref, 'en') ?? ref.key;
}

/** A message as errors and test errors carry it: the reference and its English text derived from it. */
export function withEnglish(ref: MsgRef): { message: string; ref: MsgRef } {
  return { message: englishOf(ref), ref };
}

/** The English text of a message of the advice catalogue (a finding's step or gain basis). */
export function adviceEnglish(ref: MsgRef): string {
  return renderMsg(ref, 'en');
}

/** The English text of advice sentences (a finding's evidence or risk). */
export function adviceEnglishParts(parts: readonly MsgRef[]): string {
  return renderParts(parts, 'en');
}
