/**
 * The metric catalogue shared by the engine and the renderer: dependency-free like contract.ts,
 * so both faces label, unit and rank metrics the same way.
 */
import type { Direction, TestId } from './contract.js';
import { translator, type Lang } from './i18n.js';

/** What a metric means: label, unit, and whether higher is better. */
export interface MetricInfo {
  label: string;
  unit: string;
  direction: Direction;
}

const TABLE: Record<string, Omit<MetricInfo, 'label'>> = {
  write_MBps: { unit: 'MB/s', direction: 'higher' },
  read_MBps: { unit: 'MB/s', direction: 'higher' },
  read_iops: { unit: 'IOPS', direction: 'higher' },
  clat_p50_us: { unit: 'µs', direction: 'lower' },
  clat_p70_us: { unit: 'µs', direction: 'lower' },
  clat_p90_us: { unit: 'µs', direction: 'lower' },
  clat_p95_us: { unit: 'µs', direction: 'lower' },
  clat_p99_us: { unit: 'µs', direction: 'lower' },
  create_per_s: { unit: 'files/s', direction: 'higher' },
  stat_per_s: { unit: 'files/s', direction: 'higher' },
  read_per_s: { unit: 'files/s', direction: 'higher' },
  delete_per_s: { unit: 'files/s', direction: 'higher' },
  tree_extract_s: { unit: 's', direction: 'lower' },
  tree_walk_s: { unit: 's', direction: 'lower' },
  tree_read_s: { unit: 's', direction: 'lower' },
  tree_delete_s: { unit: 's', direction: 'lower' },
  mixed_extract_s: { unit: 's', direction: 'lower' },
  mixed_walk_s: { unit: 's', direction: 'lower' },
  mixed_read_s: { unit: 's', direction: 'lower' },
  mixed_delete_s: { unit: 's', direction: 'lower' },
  watch_poll_p50_ms: { unit: 'ms', direction: 'lower' },
  watch_poll_p99_ms: { unit: 'ms', direction: 'lower' },
  watch_inotify_p50_ms: { unit: 'ms', direction: 'lower' },
  watch_inotify_p99_ms: { unit: 'ms', direction: 'lower' },
  tx_Mbps: { unit: 'Mbit/s', direction: 'higher' },
  rx_Mbps: { unit: 'Mbit/s', direction: 'higher' },
  set_rps_tcp: { unit: 'req/s', direction: 'higher' },
  get_rps_tcp: { unit: 'req/s', direction: 'higher' },
  set_rps_unix: { unit: 'req/s', direction: 'higher' },
  get_rps_unix: { unit: 'req/s', direction: 'higher' },
  set_rps_remote: { unit: 'req/s', direction: 'higher' },
  get_rps_remote: { unit: 'req/s', direction: 'higher' },
  set_p50_ms_tcp: { unit: 'ms', direction: 'lower' },
  set_p99_ms_tcp: { unit: 'ms', direction: 'lower' },
  get_p50_ms_tcp: { unit: 'ms', direction: 'lower' },
  get_p99_ms_tcp: { unit: 'ms', direction: 'lower' },
  set_p50_ms_unix: { unit: 'ms', direction: 'lower' },
  set_p99_ms_unix: { unit: 'ms', direction: 'lower' },
  get_p50_ms_unix: { unit: 'ms', direction: 'lower' },
  get_p99_ms_unix: { unit: 'ms', direction: 'lower' },
  req_per_s: { unit: 'req/s', direction: 'higher' },
  lat_p50_ms: { unit: 'ms', direction: 'lower' },
  lat_p99_ms: { unit: 'ms', direction: 'lower' },
  site_req_per_s: { unit: 'req/s', direction: 'higher' },
  site_lat_p50_ms: { unit: 'ms', direction: 'lower' },
  site_lat_p99_ms: { unit: 'ms', direction: 'lower' },
};

/** Metric names that more than one test reports, labelled per test (keys of common:metric.*): each read's MB/s says which read it is. */
const LABEL_BY_TEST: Record<string, Partial<Record<TestId, string>>> = {
  read_MBps: { 'seq-read': 'read_MBps_seq', 'rand-read': 'read_MBps_rand' },
};

/** Describes a metric in a language (labels from the common catalogue; give the test where a name is shared by tests); unknown names default to "higher is better" with no unit. */
export function metricInfo(name: string, lang: Lang = 'en', test?: TestId): MetricInfo {
  const known = TABLE[name];
  const key = (test && LABEL_BY_TEST[name]?.[test]) || name;
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

/** The one metric that stands for each test in headlines and cards. */
export const HEADLINE_METRIC: Record<TestId, string> = {
  'seq-write': 'write_MBps',
  'seq-read': 'read_MBps',
  'rand-read': 'read_iops',
  'small-files': 'create_per_s',
  'dev-tree': 'tree_extract_s',
  watch: 'watch_inotify_p50_ms',
  net: 'tx_Mbps',
  redis: 'set_rps_tcp',
  http: 'req_per_s',
};

/** Sort key of a metric inside one test (known metrics first, in catalogue order). */
export function metricRank(name: string): number {
  const i = Object.keys(TABLE).indexOf(name);
  return i < 0 ? 999 : i;
}
