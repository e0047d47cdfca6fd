import { PLACES, type Place, type TestId } from '../../electron/contract/contract.js';
import { translator } from '../../electron/messages/i18n.js';
import { HEADLINE_METRIC, metricInfo, type MetricInfo } from '../../electron/measurement/metrics.js';
import { TEST_IDS } from '../../electron/contract/test-catalogue.js';
import { uiLang } from './i18n';

export { metricRank } from '../../electron/measurement/metrics.js';

/** What a metric means for display: label, unit and whether higher is better (the shared catalogue). */
export type MetricMeta = MetricInfo;

/** Describes a metric in the page's language (give the test where a name is shared by tests); unknown names fall back to a readable label, higher is better. */
export function metricMeta(name: string, test?: TestId): MetricMeta {
  return metricInfo(name, uiLang(), test);
}

/** The headline metric of each test (history list, live numbers). */
export const HEADLINE: Record<TestId, string> = HEADLINE_METRIC;

/** Order the tests appear in tables and charts. */
export const TEST_ORDER: TestId[] = [...TEST_IDS];

/** Human names of the places a test runs in, in the page's language (read when shown). */
export const PLACE_LABEL: Record<Place, string> = new Proxy({} as Record<Place, string>, {
  get: (_target, place) => (typeof place === 'string' && PLACES.includes(place as Place) ? translator(uiLang())(`common:place.${place}`) : undefined),
});
