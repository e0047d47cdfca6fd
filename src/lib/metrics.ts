import type { Place, TestId } from '../../electron/contract';
import { HEADLINE_METRIC, metricInfo, type MetricInfo } from '../../electron/metrics';

export { metricRank } from '../../electron/metrics';

/** What a metric means for display: label, unit and whether higher is better (the shared catalogue). */
export type MetricMeta = MetricInfo;

/** Describes a metric; unknown names fall back to a readable label, higher is better. */
export const metricMeta = metricInfo;

/** The headline metric of each test (history list, live numbers). */
export const HEADLINE: Record<TestId, string> = HEADLINE_METRIC;

/** Order the tests appear in tables and charts. */
export const TEST_ORDER: TestId[] = ['seq-write', 'seq-read', 'rand-read', 'small-files', 'dev-tree', 'watch', 'net', 'redis', 'http'];

/** Human names of the places a test runs in. */
export const PLACE_LABEL: Record<Place, string> = {
  native: 'native',
  shared: 'shared folder',
  guest: 'guest disk',
  volume: 'volume',
};

