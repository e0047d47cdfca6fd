/**
 * The metrics of the test catalogue (test-catalogue.ts) as both faces label, unit and rank them.
 */
import type { Direction, TestId } from '../contract/contract.js';
import { translator, type Lang } from '../messages/i18n.js';
import { TEST_CATALOGUE, catalogueMetrics, type MetricSpec } from '../contract/test-catalogue.js';

/** What a metric means: label, unit, and whether higher is better. */
export interface MetricInfo {
  label: string;
  unit: string;
  direction: Direction;
}

/** Unit and direction of every metric of the test catalogue, in its order. */
const TABLE: Record<string, Omit<MetricInfo, 'label'>> = Object.fromEntries(
  catalogueMetrics().map(([name, m]) => [name, { unit: m.unit, direction: m.direction }]),
);

/** The catalogue's label key of a test's metric, where the name is shared by tests (keys of common:metric.*). */
function labelKey(name: string, test: TestId | undefined): string | undefined {
  const spec = test ? TEST_CATALOGUE.find((e) => e.id === test)?.metrics : undefined;
  return (spec as Record<string, MetricSpec> | undefined)?.[name]?.label;
}

/** Describes a metric in a language (labels from the common catalogue; give the test where a name is shared by tests); unknown names default to "higher is better" with no unit. */
export function metricInfo(name: string, lang: Lang = 'en', test?: TestId): MetricInfo {
  const known = TABLE[name];
  const key = labelKey(name, test) ?? name;
  if (known) return { label: translator(lang)(`common:metric.${key}`), unit: unitText(known.unit, lang), direction: known.direction };
  if (/_rps_/.test(name)) return { label: name.replace(/_/g, ' '), unit: 'req/s', direction: 'higher' };
  if (/(_us|_ms)$/.test(name)) return { label: name, unit: name.endsWith('_us') ? 'µs' : 'ms', direction: 'lower' };
  return { label: name.replace(/_/g, ' '), unit: '', direction: 'higher' };
}

/** A unit as the language writes it ("files/s" is "ファイル/秒" in ja); symbols such as MB/s stay as they are. */
export function unitText(unit: string, lang: Lang = 'en'): string {
  return UNIT_WORDS.includes(unit) ? translator(lang)(`common:unit.${unit}`) : unit;
}

/** Units that are words rather than symbols (translated in common:unit.*). */
const UNIT_WORDS = ['files/s', 's', 'req/s'];

/** The one metric that stands for each test in headlines and cards, and carries its verdict: the catalogue's primary metric. */
export const HEADLINE_METRIC: Record<TestId, string> = Object.fromEntries(TEST_CATALOGUE.map((e) => [e.id, e.primary])) as Record<TestId, string>;

/** Sort key of a metric inside one test (known metrics first, in catalogue order). */
export function metricRank(name: string): number {
  const i = Object.keys(TABLE).indexOf(name);
  return i < 0 ? 999 : i;
}
