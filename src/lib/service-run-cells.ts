import type { TFunction } from 'i18next';
import type { Place, Run, TargetRun } from '../../electron/contract/contract.js';
import { errorText } from '../../electron/messages/error-text.js';
import { targetLabel } from '../../electron/presentation/headline.js';
import { translator, type Lang } from '../../electron/messages/i18n.js';
import { metricInfo } from '../../electron/measurement/metrics.js';
import { uiLang } from './i18n';
import { baselineTarget } from '../../electron/measurement/native-ratio.js';
import {
  isServiceTest,
  looksLikeContainer,
  serviceLayout,
  type CellSource,
  type LayoutCell,
  type LayoutTable,
  type ServiceTest,
  type TargetFacts,
} from './service-layout';

/** A resolved cell of a run's service table: a number, a ratio, or why there is none. */
export type RunCellView =
  { kind: 'value'; value: number; n: number; min: number; max: number } | { kind: 'ratio'; value: number; good: boolean } | { kind: 'missing'; why: string };

/** One target's service tables in a run. */
export interface RunServiceSection {
  target: TargetRun;
  tables: LayoutTable[];
}

function factsOf(run: Run, t: TargetRun): TargetFacts {
  const places: Partial<Record<ServiceTest, Place[]>> = {};
  for (const x of [...t.results, ...t.errors]) if (isServiceTest(x.test)) (places[x.test] ??= []).push(x.place);
  const allPlaces = [...t.results, ...t.errors].map((x) => x.place);
  const metrics = t.results.flatMap((r) => Object.keys(r.metrics));
  const engine = t.settings.engine;
  const container = looksLikeContainer(t.id, t.runtime, allPlaces, metrics) || engine === 'moby' || engine === 'docker';
  return { id: t.id, label: t.label || t.id, baseline: t === baselineTarget(run), container, places };
}

/** The service sections of a run: one per target with net/redis/http results or errors, baseline first, in the page's language. */
export function runServiceSections(run: Run, lang: Lang = uiLang()): RunServiceSection[] {
  const base = baselineTarget(run);
  const ordered = base ? [base, ...run.targets.filter((t) => t !== base)] : run.targets;
  return ordered.map((target) => ({ target, tables: serviceLayout(factsOf(run, target), base?.id ?? null, lang) })).filter((s) => s.tables.length > 0);
}

const placeWords = (tr: TFunction, place: Place): string => tr(`common:place.${place}`, { defaultValue: place });

function describe(run: Run, src: CellSource, lang: Lang): string {
  const t = run.targets.find((x) => x.id === src.target);
  const tr = translator(lang);
  return tr('ui:missing.describe', {
    metric: metricInfo(src.metric, lang).label,
    target: t ? targetLabel(t, lang) : src.target,
    place: placeWords(tr, src.place),
  });
}

/** Why a run has no number for a cell, in words a user understands (the engine's own error in the reader's language where it has a reference). */
export function whyMissing(run: Run, src: CellSource, lang: Lang = uiLang()): string {
  const tr = translator(lang);
  const t = run.targets.find((x) => x.id === src.target);
  if (!t) return tr('ui:missing.noTarget', { target: src.target });
  const err = t.errors.find((e) => e.test === src.test && e.place === src.place);
  if (err) return tr('ui:missing.error', { code: err.code, message: errorText(err, lang) });
  if (!run.tests.includes(src.test)) return tr('ui:missing.testNotInRun', { test: src.test });
  const result = t.results.find((r) => r.test === src.test && r.place === src.place);
  if (result) {
    if (src.metric.startsWith('site_')) return tr('ui:missing.noSite');
    return tr('ui:missing.noMetric', { test: src.test, metric: metricInfo(src.metric, lang).label });
  }
  if (run.status === 'cancelled') return tr('ui:missing.cancelled');
  return tr('ui:missing.didNotRun', { test: src.test, place: placeWords(tr, src.place), target: targetLabel(t, lang) });
}

function statOf(run: Run, src: CellSource): { median: number; min: number; max: number; n: number } | undefined {
  const t = run.targets.find((x) => x.id === src.target);
  return t?.results.find((r) => r.test === src.test && r.place === src.place)?.metrics[src.metric];
}

/** A layout cell filled from a run; a missing one says why in the page's language. */
export function runCell(run: Run, cell: LayoutCell, lang: Lang = uiLang()): RunCellView {
  if (cell.kind === 'value') {
    const s = statOf(run, cell.source);
    if (s) return { kind: 'value', value: s.median, n: s.n, min: s.min, max: s.max };
    return { kind: 'missing', why: cell.notApplicable ?? whyMissing(run, cell.source, lang) };
  }
  const num = statOf(run, cell.num)?.median;
  const den = statOf(run, cell.den)?.median;
  if (num === undefined || den === undefined || den <= 0) {
    return { kind: 'missing', why: translator(lang)('ui:missing.noRatio', { num: describe(run, cell.num, lang), den: describe(run, cell.den, lang) }) };
  }
  const value = num / den;
  return { kind: 'ratio', value, good: cell.direction === 'higher' ? value >= 1 : value <= 1 };
}
