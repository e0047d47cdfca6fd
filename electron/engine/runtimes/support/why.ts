/**
 * Why a runtime could not be read, as message references into the detect catalogue
 * (src/locales/<lang>/detect.json), so the CLI and the views say it in their language while the
 * JSON contract keeps its English `reason`. A reason is a sentence: what happened and what to do.
 * What a tool printed (the command as it ran, its stderr) is not part of the sentence: it travels
 * beside it as the reason's `detail`, verbatim, which makeRuntime gathers into the runtime's
 * `reasonDetail` (shown behind a "details" toggle). Names (a file, a context, a URI) stay parameters.
 */
import type { MsgRef } from '../../../contract/contract.js';
import { englishOf } from '../../../messages/message-english.js';

/** One reason: a message of the detect catalogue, with the raw output behind it when a tool printed some. */
export type Why = MsgRef & { detail?: string };

/** A reason from the detect catalogue (`key` without its namespace). */
export function why(key: string, params?: MsgRef['params']): Why {
  return params ? { key: `detect:${key}`, params } : { key: `detect:${key}` };
}

/** The same reason with the raw output behind it (the command and what it printed); an empty detail adds nothing. */
export function withDetail(w: Why, detail: string | undefined): Why {
  const d = detail?.trim();
  return d ? { ...w, detail: w.detail ? `${w.detail}\n${d}` : d } : w;
}

/** The English text of a reason. */
export function whyEn(w: Why): string {
  return englishOf(stripDetail(w));
}

/** A reason as a plain message reference: its detail, and the details of the reasons it quotes, left out. */
export function stripDetail(w: Why): MsgRef {
  const params = w.params ? Object.fromEntries(Object.entries(w.params).map(([k, v]) => [k, typeof v === 'object' ? stripDetail(v as Why) : v])) : undefined;
  return params ? { key: w.key, params } : { key: w.key };
}

/** The raw output behind a reason and the reasons it quotes, in order, each once. */
export function detailsOf(w: Why): string[] {
  const out: string[] = w.detail ? [w.detail] : [];
  for (const v of Object.values(w.params ?? {})) if (typeof v === 'object') out.push(...detailsOf(v as Why));
  return [...new Set(out)];
}

/** A command as it ran, for a person to read or paste: each argument that a shell would split or expand in single quotes. */
export function commandText(file: string, args: readonly string[]): string {
  return [file, ...args].map((a) => (a !== '' && /^[\w@%+=:,./-]+$/.test(a) ? a : `'${a.replace(/'/g, `'\\''`)}'`)).join(' ');
}
