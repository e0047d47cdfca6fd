/**
 * Errors in the reader's language. An engine error carries its English message (logs, the JSON
 * contract) and, for the messages users meet, a message reference into the common catalogue
 * (errors.*); the CLI and the views render it with errorText in their own language.
 */
import type { ApplyPlan, MsgRef } from '../contract/contract-advice.js';
import type { RunList } from '../contract/contract.js';
import { translator, type Lang, type Namespace } from './i18n.js';

/** A message reference rendered in one language, its key looked up in `ns` unless it names its own ("detect:…"); nested messages in its parameters first; undefined when a key is unknown here. */
export function renderRef(ref: MsgRef, lang: Lang, ns: Namespace): string | undefined {
  const values: Record<string, string | number> = {};
  for (const [k, v] of Object.entries(ref.params ?? {})) {
    if (typeof v !== 'object') values[k] = v;
    else {
      const nested = renderRef(v, lang, ns);
      if (nested === undefined) return undefined;
      values[k] = nested;
    }
  }
  const text = translator(lang)(ref.key, { ns, replace: values, defaultValue: '' });
  return text ? text : undefined;
}

/** A message of the common catalogue (errors.*, state.* …) in one language (nested messages in its parameters rendered first); undefined when the key is unknown here. */
export function renderError(ref: MsgRef, lang: Lang): string | undefined {
  return renderRef(ref, lang, 'common');
}

/** The text of anything thrown or answered as an error ({message, ref?}) in a language: its reference rendered when it has a known one, else its English message. */
export function errorText(err: unknown, lang: Lang): string {
  if (err && typeof err === 'object') {
    const e = err as { message?: unknown; ref?: unknown };
    const ref = isMsgRef(e.ref) ? renderError(e.ref, lang) : undefined;
    if (ref) return ref;
    if (typeof e.message === 'string' && e.message) return e.message;
  }
  return String(err);
}

/** Whether a value has the shape of a message reference (it crossed IPC or HTTP, so it is checked). */
export function isMsgRef(v: unknown): v is MsgRef {
  if (!v || typeof v !== 'object') return false;
  const r = v as { key?: unknown; params?: unknown };
  if (typeof r.key !== 'string' || !r.key) return false;
  if (r.params === undefined) return true;
  if (!r.params || typeof r.params !== 'object') return false;
  return Object.values(r.params).every((p) => typeof p === 'string' || typeof p === 'number' || isMsgRef(p));
}

/** Several message references as one (nested "first; rest"), for a message that quotes them all. */
export function joinedRef(refs: MsgRef[]): MsgRef | undefined {
  if (refs.length <= 1) return refs[0];
  const rest = joinedRef(refs.slice(1)) as MsgRef;
  return { key: 'detect:join', params: { first: refs[0], rest } };
}

/** A runtime's reason (detection's words for why it is unknown or unusable) in a language: its references rendered, else its English reason. */
export function reasonText(rt: { reason?: string; reasonRefs?: unknown }, lang: Lang): string | undefined {
  const refs = Array.isArray(rt.reasonRefs) && rt.reasonRefs.every(isMsgRef) ? (rt.reasonRefs as MsgRef[]) : [];
  const joined = joinedRef(refs);
  return (joined && renderError(joined, lang)) ?? rt.reason;
}

/** A runtime's reason as something a message can quote: one reference for all its clauses, else its English text. */
export function reasonParam(rt: { reason?: string; reasonRefs?: MsgRef[] }): MsgRef | string | undefined {
  return joinedRef(rt.reasonRefs ?? []) ?? rt.reason;
}

/** The skipped run files of a history listing in a language (each file's reference rendered where it has one; an older engine's plain warnings as they are). */
export function skippedTexts(list: Pick<RunList, 'warnings' | 'skipped'>, lang: Lang): string[] {
  return (list.skipped ?? list.warnings.map((message) => ({ message }))).map((s) => errorText(s, lang));
}

/** An apply plan's notes in a language (noteRefs[i] is notes[i] as a reference). */
export function planNotes(plan: Pick<ApplyPlan, 'notes' | 'noteRefs'>, lang: Lang): string[] {
  return plan.notes.map((message, i) => errorText({ message, ref: plan.noteRefs?.[i] }, lang));
}

/** Why a restart is offered, in a language. */
export function restartWhy(restart: { why: string; whyRef?: MsgRef }, lang: Lang): string {
  return errorText({ message: restart.why, ref: restart.whyRef }, lang);
}
