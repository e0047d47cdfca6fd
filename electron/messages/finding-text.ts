/**
 * A finding's texts in one language. The engine stores each text twice: in English (the JSON contract's
 * string fields) and as message references into the advice catalogue (Finding.text). Every reader (the
 * views, `vmbench advise`, the exports) calls findingText with its language; a finding without
 * references (an older stored one) keeps its English.
 */
import type { EvidenceRow, Finding, MsgRef } from '../contract/contract-advice.js';
import { renderRef } from './error-text.js';
import { translator, type Lang } from './i18n.js';

/** A message of the advice catalogue in one language; nested messages in its parameters are rendered first (its key when the catalogue lacks it). */
export function renderMsg(ref: MsgRef, lang: Lang): string {
  return renderRef(ref, lang, 'advice') ?? ref.key;
}

/** Sentences in one language: joined by a space in English, without one in Japanese. */
export function renderParts(parts: readonly MsgRef[], lang: Lang): string {
  return parts.map((p) => renderMsg(p, lang)).join(lang === 'ja' ? '' : ' ');
}

/** A message reference (parameters optional). */
export function msg(key: string, params?: MsgRef['params']): MsgRef {
  return params ? { key, params } : { key };
}

/** What a reader shows of a finding, in one language. */
export interface FindingTexts {
  evidence: string;
  risk?: string;
  /** How to steps (apply.kind 'steps'). */
  steps?: string[];
  gainBasis?: string;
  evidenceTable?: EvidenceRow[];
}

/** A finding's evidence, risk, How to steps, gain basis and evidence rows in a language (English fields when a text has no reference). */
export function findingText(f: Finding, lang: Lang): FindingTexts {
  const t = f.text;
  const englishSteps = f.apply?.kind === 'steps' ? f.apply.steps : undefined;
  return {
    evidence: t?.evidence.length ? renderParts(t.evidence, lang) : f.evidence,
    risk: t?.risk?.length ? renderParts(t.risk, lang) : f.risk,
    steps: t?.steps?.length ? t.steps.map((s) => renderMsg(s, lang)) : englishSteps,
    gainBasis: t?.gainBasis ? renderMsg(t.gainBasis, lang) : f.gainBasis,
    evidenceTable: f.evidenceTable?.map((r) => evidenceRowText(r, lang)),
  };
}

/** One published measurement's row in a language (as stored when it has no catalogue id). */
export function evidenceRowText(r: EvidenceRow, lang: Lang): EvidenceRow {
  if (!r.ref) return r;
  const t = translator(lang);
  const cell = (field: 'source' | 'date' | 'machine' | 'numbers'): string => t(`row.${r.ref}.${field}`, { ns: 'advice' });
  return { source: cell('source'), date: cell('date'), machine: cell('machine'), numbers: cell('numbers'), ref: r.ref };
}
