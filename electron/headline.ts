/**
 * The one-sentence verdict per place of a run ("Docker · shared folder: sequential reads at 0.32× this
 * machine; random reads at 0.85×"), shared by Results, the share card and the CLI. Ratios to this
 * machine use the same statistics as Compare (verdict-stats.ts). Dependency-free like contract.ts.
 */
import type { Place, Run, TestId, TestResult } from './contract.js';
import { metricInfo } from './metrics.js';
import { callRatio, type RatioCall } from './verdict-stats.js';

/** How each test reads in a sentence, and the metric that stands for it. */
// The developer task comes first: it is what a developer feels (issue: "appear first in Results for guests").
const PHRASE: Record<TestId, { metric: string; words: string }> = {
  'dev-tree': { metric: 'tree_extract_s', words: 'npm-install-like extract' },
  watch: { metric: 'watch_inotify_p50_ms', words: 'a save seen through inotify' },
  'seq-write': { metric: 'write_MBps', words: 'sequential writes' },
  'seq-read': { metric: 'read_MBps', words: 'sequential reads' },
  'rand-read': { metric: 'read_iops', words: 'random reads' },
  'small-files': { metric: 'create_per_s', words: 'creating small files' },
  net: { metric: 'tx_Mbps', words: 'network to the host' },
  redis: { metric: 'set_rps_tcp', words: 'redis' },
  http: { metric: 'req_per_s', words: 'http' },
};

const PLACE_WORDS: Record<Place, string> = { native: 'native', shared: 'shared folder', guest: 'guest disk', volume: 'named volume' };

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
const FIO_TESTS: readonly TestId[] = ['seq-write', 'seq-read', 'rand-read'];

/** True when a fio test ran with the dd/sh fallback instead (no latency percentiles, coarser numbers). */
export function isFallback(r: Pick<TestResult, 'test' | 'tool'>): boolean {
  return FIO_TESTS.includes(r.test) && r.tool.name !== 'fio';
}

function ratioDigits(r: number): number {
  return r >= 100 ? 0 : r >= 10 ? 1 : 2;
}

/** "0.32×", "1.42×", "12.3×". */
export function fmtRatio(r: number): string {
  if (!Number.isFinite(r)) return '–';
  return `${r.toFixed(ratioDigits(r))}×`;
}

/** "1.42× [1.31–1.55]" (95% interval), the ratio alone without an interval, or "–". */
export function fmtRatioInterval(ratio: number | null, ci: [number, number] | null): string {
  if (ratio === null) return '–';
  if (!ci) return fmtRatio(ratio);
  const d = ratioDigits(ratio);
  return `${fmtRatio(ratio)} [${ci[0].toFixed(d)}–${ci[1].toFixed(d)}]`;
}

/** The per-trial values of a metric (the median alone for results stored without samples). */
export function samplesOf(r: TestResult, metric: string): number[] {
  const s = r.samples[metric];
  if (s && s.length) return s;
  return r.metrics[metric] ? [r.metrics[metric].median] : [];
}

function partText(words: string, first: boolean, ratio: number | null, call: RatioCall | null, timed = false): string {
  if (ratio === null || call === null) return words;
  const tail = first ? ' this machine' : '';
  if (timed && call !== 'noise') {
    // A time: 3.1× the time is "3.1× slower", 0.5× is "2.0× faster".
    const about = call === 'undecided' ? 'about ' : '';
    const how = ratio >= 1 ? `${about}${fmtRatio(ratio)} slower` : `${about}${fmtRatio(1 / ratio)} faster`;
    return `${words}: ${how} than this machine${call === 'undecided' ? ' (too few trials to be sure)' : ''}`;
  }
  if (call === 'noise') return `${words} on par with this machine (${fmtRatio(ratio)}, within noise)`;
  if (call === 'undecided') return `${words} at about ${fmtRatio(ratio)}${tail} (too few trials to be sure)`;
  return `${words} at ${fmtRatio(ratio)}${tail}`;
}

/** One sentence per guest place with its ratios to this machine's native run (when the run has one). */
export function runHeadlines(run: Run): PlaceHeadline[] {
  const native = run.targets.flatMap((t) => t.results.filter((r) => r.place === 'native'));
  const out: PlaceHeadline[] = [];
  for (const t of run.targets) {
    const places = [...new Set(t.results.map((r) => r.place))].filter((p) => p !== 'native');
    for (const place of places) {
      const parts: HeadlinePart[] = [];
      for (const test of Object.keys(PHRASE) as TestId[]) {
        const r = t.results.find((x) => x.place === place && x.test === test);
        const { metric, words } = PHRASE[test];
        if (!r?.metrics[metric]) continue;
        const base = native.find((x) => x.test === test && x.metrics[metric]);
        const called = base ? callRatio(samplesOf(base, metric), samplesOf(r, metric)) : null;
        const ratio = called?.estimate?.ratio ?? null;
        const call = ratio === null ? null : (called?.call ?? null);
        const ci = called?.estimate && call !== 'undecided' ? ([called.estimate.lo, called.estimate.hi] as [number, number]) : null;
        const fallback = isFallback(r);
        const timed = metricInfo(metric).direction === 'lower';
        const text = partText(words, parts.filter((p) => p.ratio !== null).length === 0, ratio, call, timed) + (fallback ? ' (dd fallback)' : '');
        parts.push({ test, metric, ratio, ci, call, fallback, text });
      }
      const withRatio = parts.filter((p) => p.ratio !== null);
      if (withRatio.length === 0) continue;
      const title = `${t.label || t.id} · ${PLACE_WORDS[place]}`;
      const fallback = withRatio.some((p) => p.fallback);
      out.push({ target: t.id, place, title, parts: withRatio, fallback, text: headlineText(title, withRatio) });
    }
  }
  return out;
}

/** "Title: part; part." (the card passes fewer parts when the whole sentence does not fit its title line). */
export function headlineText(title: string, parts: Pick<HeadlinePart, 'text'>[]): string {
  return `${title}: ${parts.map((p) => p.text).join('; ')}.`;
}
