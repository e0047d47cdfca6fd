import type { EvidenceRow, MsgRef } from '../../shared/contract.js';
import { msg } from '../../shared/finding-text.js';
import { translator } from '../../shared/i18n.js';

/**
 * Published numbers the rules quote, with source and conditions (docs/evidence.md). The text of each
 * is the advice catalogue's `evidence.<key>` (English and Japanese); EVIDENCE_ROWS names the rows of
 * its Evidence table (`row.<id>.*`). Dates the sources do not state are marked so there.
 */
export const EVIDENCE_ROWS = {
  vzVirtiofs: ['seed000Write'],
  ninep: ['seed000Ninep'],
  ddev: ['ddev'],
  npmInstall: ['npmInstall'],
  virtiofsCounter: ['forMac6667', 'roadmap7'],
  vagrant: ['seed001'],
  ioUring: ['seed004'],
  nic: ['seed003'],
  redis: ['seed002'],
} as const satisfies Record<string, readonly string[]>;

/** One published measurement (a key of EVIDENCE_ROWS). */
export type EvidenceKey = keyof typeof EVIDENCE_ROWS;

/** The sentence of a published measurement, as a message. */
export function ev(key: EvidenceKey): MsgRef {
  return msg(`evidence.${key}`);
}

/** One row of the Evidence table in English, with its catalogue id. */
export function evidenceRow(id: string): EvidenceRow {
  const t = translator('en');
  const cell = (field: string): string => t(`row.${id}.${field}`, { ns: 'advice' });
  return { source: cell('source'), date: cell('date'), machine: cell('machine'), numbers: cell('numbers'), ref: id };
}

/** The evidence rows the messages of a finding cite (a rule may quote several entries, also inside another message). */
export function evidenceRowsFor(parts: readonly MsgRef[]): EvidenceRow[] {
  const keys = new Set<string>();
  const walk = (r: MsgRef): void => {
    if (r.key.startsWith('evidence.')) keys.add(r.key.slice('evidence.'.length));
    for (const v of Object.values(r.params ?? {})) if (typeof v === 'object') walk(v);
  };
  parts.forEach(walk);
  return (Object.keys(EVIDENCE_ROWS) as EvidenceKey[]).filter((k) => keys.has(k)).flatMap((k) => EVIDENCE_ROWS[k].map(evidenceRow));
}
