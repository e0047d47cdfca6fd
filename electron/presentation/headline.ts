/**
 * The one-sentence verdict per place of a run ("Docker · shared folder: sequential reads at 0.32× this
 * machine; random reads at 0.85×"), shared by Results, History, the share card and the CLI. Ratios to this
 * machine use the same statistics and family-wise rule as Compare (verdict-family.ts): every part of
 * a run is one voting comparison, tested at alpha / k. Dependency-free like contract.ts.
 */
import type { MsgRef, Place, Run, TestId, TestResult } from '../contract/contract.js';
import { formatRatio } from './format.js';
import { translator, type Lang } from '../messages/i18n.js';
import { HEADLINE_METRIC, metricInfo } from '../measurement/metrics.js';
import { isBaseline, nativeResult } from '../measurement/native-ratio.js';
import { TEST_CATALOGUE } from '../contract/test-catalogue.js';
import { decideFamily } from '../measurement/verdict-family.js';
import type { RatioCall } from '../measurement/verdict-stats.js';

/** The order tests read in a sentence, each by the metric that stands for it (its primary). */
// The developer tasks come first: they are what a developer feels (issue: "appear first in Results for guests").
const PHRASE_ORDER: readonly TestId[] = [...TEST_CATALOGUE.filter((e) => e.kind === 'dev'), ...TEST_CATALOGUE.filter((e) => e.kind !== 'dev')].map((e) => e.id);

/** One test's part of a place's sentence. */
export interface HeadlinePart {
  test: TestId;
  metric: string;
  /** place / this machine (geometric means of trials), null without a baseline. */
  ratio: number | null;
  ci: [number, number] | null;
  call: RatioCall | null;
  /** Measured with the dd/sh fallback instead of fio. */
  fallback: boolean;
  text: string;
}

/** The sentence of one place of one target. */
export interface PlaceHeadline {
  target: string;
  place: Place;
  /** "Docker · shared folder" */
  title: string;
  parts: HeadlinePart[];
  /** Any part measured by the fallback method. */
  fallback: boolean;
  text: string;
}

/** The tests that use fio when the place has it (small-files is a shell loop by design). */
const FIO_TESTS: readonly TestId[] = TEST_CATALOGUE.filter((e) => e.tool === 'fio').map((e) => e.id);

/** True when a fio test ran with the dd/sh fallback instead (no latency percentiles, coarser numbers). */
export function isFallback(r: Pick<TestResult, 'test' | 'tool'>): boolean {
  return FIO_TESTS.includes(r.test) && r.tool.name !== 'fio';
}

/** The per-trial values of a metric (the median alone for results stored without samples). */
export function samplesOf(r: TestResult, metric: string): number[] {
  const s = r.samples[metric];
  if (s && s.length) return s;
  return r.metrics[metric] ? [r.metrics[metric].median] : [];
}

function partText(lang: Lang, words: string, first: boolean, ratio: number | null, call: RatioCall | null, timed = false): string {
  if (ratio === null || call === null) return words;
  const t = translator(lang);
  if (timed && call !== 'noise') {
    // A time: 3.1× the time is "3.1× slower", 0.5× is "2.0× faster".
    const about = call === 'undecided';
    const key =
      ratio >= 1 ? (about ? 'common:headline.aboutSlower' : 'common:headline.slower') : about ? 'common:headline.aboutFaster' : 'common:headline.faster';
    const text = t(key, { words, ratio: formatRatio(ratio >= 1 ? ratio : 1 / ratio, lang) });
    return about ? t('common:headline.tooFew', { text }) : text;
  }
  if (call === 'noise') return t('common:headline.noise', { words, ratio: formatRatio(ratio, lang) });
  if (call === 'undecided')
    return t('common:headline.tooFew', {
      text: t(first ? 'common:headline.about_first' : 'common:headline.about', { words, ratio: formatRatio(ratio, lang) }),
    });
  return t(first ? 'common:headline.at_first' : 'common:headline.at', { words, ratio: formatRatio(ratio, lang) });
}

/** One sentence per guest place with its ratios to this machine's native run (when the run has one), in a language. */
export function runHeadlines(run: Run, lang: Lang = 'en'): PlaceHeadline[] {
  const t = translator(lang);
  type Pending = { tr: Run['targets'][number]; place: Place; test: TestId; metric: string; r: TestResult; base: TestResult | undefined };
  const pending: Pending[] = [];
  for (const tr of run.targets) {
    const places = [...new Set(tr.results.map((r) => r.place))].filter((p) => !isBaseline(run, tr, p));
    for (const place of places) {
      for (const test of PHRASE_ORDER) {
        const r = tr.results.find((x) => x.place === place && x.test === test);
        const metric = HEADLINE_METRIC[test];
        if (!r?.metrics[metric]) continue;
        pending.push({ tr, place, test, metric, r, base: nativeResult(run, test, metric) });
      }
    }
  }
  // One family per run: each part is a voting comparison with this machine.
  const withBase = pending.filter((p) => p.base);
  const decision = decideFamily(withBase.map((p) => ({ a: samplesOf(p.base!, p.metric), b: samplesOf(p.r, p.metric), primary: true })));
  const calledOf = new Map(withBase.map((p, i) => [p, decision.calls[i]]));
  const out: PlaceHeadline[] = [];
  for (const tr of run.targets) {
    const places = [...new Set(pending.filter((p) => p.tr === tr).map((p) => p.place))];
    for (const place of places) {
      const parts: HeadlinePart[] = [];
      for (const p of pending.filter((x) => x.tr === tr && x.place === place)) {
        const { test, metric, r } = p;
        const words = t(`common:headline.words.${test}`);
        const called = calledOf.get(p) ?? null;
        const ratio = called?.estimate?.ratio ?? null;
        const call = ratio === null ? null : (called?.call ?? null);
        const ci = called?.estimate && call !== 'undecided' ? ([called.estimate.lo, called.estimate.hi] as [number, number]) : null;
        const fallback = isFallback(r);
        const timed = metricInfo(metric).direction === 'lower';
        const plain = partText(lang, words, parts.filter((q) => q.ratio !== null).length === 0, ratio, call, timed);
        const text = fallback ? t('common:headline.ddFallback', { text: plain }) : plain;
        parts.push({ test, metric, ratio, ci, call, fallback, text });
      }
      const withRatio = parts.filter((p) => p.ratio !== null);
      if (withRatio.length === 0) continue;
      const title = `${targetLabel(tr, lang)} · ${t(`common:headline.place.${place}`)}`;
      const fallback = withRatio.some((p) => p.fallback);
      out.push({ target: tr.id, place, title, parts: withRatio, fallback, text: headlineText(title, withRatio, lang) });
    }
  }
  return out;
}

/** A target's name inside a message reference: this machine's as a reference (rendered in the reader's language, as targetLabel does), another's its label. */
export function targetNameRef(t: { id: string; label: string }): string | MsgRef {
  return t.id === 'local' ? { key: 'common:thisMachine' } : t.label;
}

/** A target's name in a language: its label (this machine's, "local", in the language's words), else its id. */
export function targetLabel(t: { id: string; label?: string }, lang: Lang = 'en'): string {
  if (t.id === 'local' && lang !== 'en') return translator(lang)('common:thisMachine');
  return t.label?.trim() || t.id;
}

/** "Title: part; part." ("Title：part、part。" in ja; the card passes fewer parts when the whole sentence does not fit its title line). */
export function headlineText(title: string, parts: Pick<HeadlinePart, 'text'>[], lang: Lang = 'en'): string {
  const t = translator(lang);
  return t('common:headline.sentence', { title, parts: parts.map((p) => p.text).join(t('common:headline.joiner')) });
}
