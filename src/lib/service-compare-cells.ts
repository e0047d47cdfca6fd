import type { TFunction } from 'i18next';
import type { CompareRow, CompareVerdict, Comparison, Place } from '../../electron/contract/contract.js';
import { translator, type Lang } from '../../electron/messages/i18n.js';
import { uiLang } from './i18n';
import { isServiceTest, looksLikeContainer, serviceLayout, type CellSource, type LayoutCell, type LayoutTable, type ServiceTest } from './service-layout';

/** One side of a before → after cell: a number, or why there is none. */
export type Side = { kind: 'value'; value: number } | { kind: 'missing'; why: string };

/** A resolved before → after cell: both sides, the change as after ÷ before with its interval (the row's; none for a derived ratio, which has no trials) and the row's verdict. */
export type CompareCellView =
  { kind: 'change'; a: Side; b: Side; ratio: number | null; ci: [number, number] | null; verdict: CompareVerdict | null } | { kind: 'missing'; why: string };

/** One target's service tables in a comparison. */
export interface CompareServiceSection {
  target: string;
  tables: LayoutTable[];
}

const keyOf = (s: { target: string; test: string; place: string; metric: string }): string => `${s.target}|${s.test}|${s.place}|${s.metric}`;

/** Comparison rows by target|test|place|metric. */
export function indexRows(cmp: Comparison): Map<string, CompareRow> {
  return new Map(cmp.rows.map((r) => [keyOf(r), r]));
}

/** The service sections of a comparison: one per target with a net/redis/http number in either run, local first, in the page's language. */
export function compareServiceSections(cmp: Comparison, lang: Lang = uiLang()): CompareServiceSection[] {
  const targets = new Map<string, { places: Partial<Record<ServiceTest, Place[]>>; all: Place[]; metrics: string[] }>();
  for (const r of cmp.rows) {
    const t = targets.get(r.target) ?? { places: {}, all: [], metrics: [] };
    t.all.push(r.place);
    t.metrics.push(r.metric);
    if (isServiceTest(r.test)) (t.places[r.test] ??= []).push(r.place);
    targets.set(r.target, t);
  }
  const baselineId = targets.has('local') ? 'local' : null;
  const ids = [...targets.keys()].sort((x, y) => (x === 'local' ? -1 : y === 'local' ? 1 : 0));
  return ids
    .map((id) => {
      const t = targets.get(id)!;
      const facts = { id, label: id, baseline: id === baselineId, container: looksLikeContainer(id, id, t.all, t.metrics), places: t.places };
      return { target: id, tables: serviceLayout(facts, baselineId, lang) };
    })
    .filter((s) => s.tables.length > 0);
}

/** "A (before)" or "B (after)" in the page's language. */
const sideName = (tr: TFunction, which: 'a' | 'b'): string => tr(which === 'a' ? 'ui:missing.sideA' : 'ui:missing.sideB');

function sideWhy(cmp: Comparison, which: 'a' | 'b', target: string, tr: TFunction): string {
  const side = sideName(tr, which);
  return cmp[which].targets.includes(target) ? tr('ui:missing.notInSide', { side }) : tr('ui:missing.targetNotInSide', { side, target });
}

function sideOf(cmp: Comparison, row: CompareRow | undefined, which: 'a' | 'b', src: CellSource, tr: TFunction): Side {
  const v = row?.[which];
  return v === null || v === undefined ? { kind: 'missing', why: sideWhy(cmp, which, src.target, tr) } : { kind: 'value', value: v };
}

/** A layout cell filled from a comparison: before → after, or why neither run has it (in the page's language). */
export function compareCell(cmp: Comparison, rows: Map<string, CompareRow>, cell: LayoutCell, lang: Lang = uiLang()): CompareCellView {
  const tr = translator(lang);
  if (cell.kind === 'value') {
    const row = rows.get(keyOf(cell.source));
    if (!row) return { kind: 'missing', why: cell.notApplicable ?? tr('ui:missing.neither') };
    return {
      kind: 'change',
      a: sideOf(cmp, row, 'a', cell.source, tr),
      b: sideOf(cmp, row, 'b', cell.source, tr),
      ratio: row.ratio,
      ci: row.ci,
      verdict: row.verdict,
    };
  }
  const sideRatio = (which: 'a' | 'b'): Side => {
    const num = rows.get(keyOf(cell.num))?.[which];
    const den = rows.get(keyOf(cell.den))?.[which];
    if (num === null || num === undefined || den === null || den === undefined || den <= 0) {
      return { kind: 'missing', why: tr('ui:missing.noRatioSide', { side: sideName(tr, which) }) };
    }
    return { kind: 'value', value: num / den };
  };
  const a = sideRatio('a');
  const b = sideRatio('b');
  if (a.kind === 'missing' && b.kind === 'missing') return { kind: 'missing', why: tr('ui:missing.noRatioNeither') };
  const change = a.kind === 'value' && b.kind === 'value' && a.value > 0 ? b.value / a.value : null;
  return { kind: 'change', a, b, ratio: change, ci: null, verdict: null };
}
