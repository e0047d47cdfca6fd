/**
 * The metric catalogue shared by the engine and the renderer: dependency-free like contract.ts,
 * so both faces label, unit and rank metrics the same way.
 */
import type { Direction, TestId } from './contract.js';

/** What a metric means: label, unit, and whether higher is better. */
export interface MetricInfo {
  label: string;
  unit: string;
  direction: Direction;
}

const TABLE: Record<string, MetricInfo> = {
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
  tree_extract_s: { label: 'Dependency tree: extract (npm install-like)', unit: 's', direction: 'lower' },
  tree_walk_s: { label: 'Dependency tree: walk (git status-like)', unit: 's', direction: 'lower' },
  tree_read_s: { label: 'Dependency tree: read all (bundler-like)', unit: 's', direction: 'lower' },
  tree_delete_s: { label: 'Dependency tree: delete', unit: 's', direction: 'lower' },
  mixed_extract_s: { label: 'Project on the shared folder, node_modules in a volume: extract', unit: 's', direction: 'lower' },
  mixed_walk_s: { label: 'Project on the shared folder, node_modules in a volume: walk', unit: 's', direction: 'lower' },
  mixed_read_s: { label: 'Project on the shared folder, node_modules in a volume: read all', unit: 's', direction: 'lower' },
  mixed_delete_s: { label: 'Project on the shared folder, node_modules in a volume: delete', unit: 's', direction: 'lower' },
  watch_poll_p50_ms: { label: 'Save seen by a polling watcher, p50', unit: 'ms', direction: 'lower' },
  watch_poll_p99_ms: { label: 'Save seen by a polling watcher, p99', unit: 'ms', direction: 'lower' },
  watch_inotify_p50_ms: { label: 'Save seen through inotify, p50', unit: 'ms', direction: 'lower' },
  watch_inotify_p99_ms: { label: 'Save seen through inotify, p99', unit: 'ms', direction: 'lower' },
  tx_Mbps: { label: 'TCP guest→host (target sends)', unit: 'Mbit/s', direction: 'higher' },
  rx_Mbps: { label: 'TCP host→guest (target receives)', unit: 'Mbit/s', direction: 'higher' },
  set_rps_tcp: { label: 'Redis SET over TCP', unit: 'req/s', direction: 'higher' },
  get_rps_tcp: { label: 'Redis GET over TCP', unit: 'req/s', direction: 'higher' },
  set_rps_unix: { label: 'Redis SET over unix socket', unit: 'req/s', direction: 'higher' },
  get_rps_unix: { label: 'Redis GET over unix socket', unit: 'req/s', direction: 'higher' },
  set_rps_remote: { label: 'Redis SET across two containers', unit: 'req/s', direction: 'higher' },
  get_rps_remote: { label: 'Redis GET across two containers', unit: 'req/s', direction: 'higher' },
  set_p50_ms_tcp: { label: 'Redis SET p50 (TCP)', unit: 'ms', direction: 'lower' },
  set_p99_ms_tcp: { label: 'Redis SET p99 (TCP)', unit: 'ms', direction: 'lower' },
  get_p50_ms_tcp: { label: 'Redis GET p50 (TCP)', unit: 'ms', direction: 'lower' },
  get_p99_ms_tcp: { label: 'Redis GET p99 (TCP)', unit: 'ms', direction: 'lower' },
  set_p50_ms_unix: { label: 'Redis SET p50 (unix)', unit: 'ms', direction: 'lower' },
  set_p99_ms_unix: { label: 'Redis SET p99 (unix)', unit: 'ms', direction: 'lower' },
  get_p50_ms_unix: { label: 'Redis GET p50 (unix)', unit: 'ms', direction: 'lower' },
  get_p99_ms_unix: { label: 'Redis GET p99 (unix)', unit: 'ms', direction: 'lower' },
  req_per_s: { label: 'HTTP requests', unit: 'req/s', direction: 'higher' },
  lat_p50_ms: { label: 'HTTP latency p50', unit: 'ms', direction: 'lower' },
  lat_p99_ms: { label: 'HTTP latency p99', unit: 'ms', direction: 'lower' },
  site_req_per_s: { label: 'HTTP small-site requests', unit: 'req/s', direction: 'higher' },
  site_lat_p50_ms: { label: 'HTTP small-site latency p50', unit: 'ms', direction: 'lower' },
  site_lat_p99_ms: { label: 'HTTP small-site latency p99', unit: 'ms', direction: 'lower' },
};

/** Describes a metric; unknown names default to "higher is better" with no unit. */
export function metricInfo(name: string): MetricInfo {
  if (TABLE[name]) return TABLE[name];
  if (/_rps_/.test(name)) return { label: name.replace(/_/g, ' '), unit: 'req/s', direction: 'higher' };
  if (/(_us|_ms)$/.test(name)) return { label: name, unit: name.endsWith('_us') ? 'µs' : 'ms', direction: 'lower' };
  return { label: name.replace(/_/g, ' '), unit: '', direction: 'higher' };
}

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
