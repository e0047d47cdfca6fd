import type { Direction, Place, TestId } from '../../electron/contract';

/** What a metric means for display: label, unit and whether higher is better. */
export interface MetricMeta {
  label: string;
  unit: string;
  direction: Direction;
}

const TABLE: Record<string, MetricMeta> = {
  write_MBps: { label: 'Sequential write', unit: 'MB/s', direction: 'higher' },
  read_MBps: { label: 'Read throughput', unit: 'MB/s', direction: 'higher' },
  read_iops: { label: '4k random read', unit: 'IOPS', direction: 'higher' },
  clat_p50_us: { label: 'Latency p50', unit: 'µs', direction: 'lower' },
  clat_p70_us: { label: 'Latency p70', unit: 'µs', direction: 'lower' },
  clat_p90_us: { label: 'Latency p90', unit: 'µs', direction: 'lower' },
  clat_p95_us: { label: 'Latency p95', unit: 'µs', direction: 'lower' },
  clat_p99_us: { label: 'Latency p99', unit: 'µs', direction: 'lower' },
  create_per_s: { label: 'Create files', unit: 'files/s', direction: 'higher' },
  stat_per_s: { label: 'Stat files', unit: 'files/s', direction: 'higher' },
  read_per_s: { label: 'Read files', unit: 'files/s', direction: 'higher' },
  delete_per_s: { label: 'Delete files', unit: 'files/s', direction: 'higher' },
  tx_Mbps: { label: 'TCP host→guest', unit: 'Mbit/s', direction: 'higher' },
  rx_Mbps: { label: 'TCP guest→host', unit: 'Mbit/s', direction: 'higher' },
  req_per_s: { label: 'HTTP requests', unit: 'req/s', direction: 'higher' },
  lat_p50_ms: { label: 'HTTP latency p50', unit: 'ms', direction: 'lower' },
  lat_p99_ms: { label: 'HTTP latency p99', unit: 'ms', direction: 'lower' },
};

/** Describes a metric; unknown names fall back to a readable label, higher is better. */
export function metricMeta(name: string): MetricMeta {
  const known = TABLE[name];
  if (known) return known;
  if (/_rps_/.test(name)) return { label: name.replace(/_/g, ' '), unit: 'req/s', direction: 'higher' };
  if (/_us$/.test(name)) return { label: name, unit: 'µs', direction: 'lower' };
  if (/_ms$/.test(name)) return { label: name, unit: 'ms', direction: 'lower' };
  return { label: name.replace(/_/g, ' '), unit: '', direction: 'higher' };
}

/** The headline metric of each test (history list, live numbers). */
export const HEADLINE: Record<TestId, string> = {
  'seq-write': 'write_MBps',
  'seq-read': 'read_MBps',
  'rand-read': 'read_iops',
  'small-files': 'create_per_s',
  net: 'tx_Mbps',
  redis: 'set_rps_tcp',
  http: 'req_per_s',
};

/** Order the tests appear in tables and charts. */
export const TEST_ORDER: TestId[] = ['seq-write', 'seq-read', 'rand-read', 'small-files', 'net', 'redis', 'http'];

/** Human names of the places a test runs in. */
export const PLACE_LABEL: Record<Place, string> = {
  native: 'native',
  shared: 'shared folder',
  guest: 'guest disk',
  volume: 'volume',
};

/** Sort key of a metric inside one test (known metrics first, in table order). */
export function metricRank(name: string): number {
  const i = Object.keys(TABLE).indexOf(name);
  return i < 0 ? 999 : i;
}
