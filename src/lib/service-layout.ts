import type { Direction, Place, TestId } from '../../electron/contract';
import { metricMeta, PLACE_LABEL } from './metrics';

/** The tests that start a server of their own (net, redis, http), in suite order. */
export type ServiceTest = 'net' | 'redis' | 'http';
/** The service tests in the order their tables appear. */
export const SERVICE_TESTS: readonly ServiceTest[] = ['net', 'redis', 'http'];

/** Where a cell's number comes from: one metric of one test in one place of one target. */
export interface CellSource {
  target: string;
  test: TestId;
  place: Place;
  metric: string;
}

/** A cell of a service table: one measured number, or the ratio of two. */
export type LayoutCell =
  | { kind: 'value'; source: CellSource; /** Why this cell cannot be measured for this target at all. */ notApplicable?: string }
  | { kind: 'ratio'; num: CellSource; den: CellSource; direction: Direction };

/** A row of a service table: a label, its unit and one cell per column. */
export interface LayoutRow {
  key: string;
  label: string;
  unit: string;
  cells: LayoutCell[];
}

/** One service table of one target, laid out like the seed articles' tables. */
export interface LayoutTable {
  test: ServiceTest;
  title: string;
  /** Header of every cell column, the ratio column (if any) last. */
  columns: string[];
  rows: LayoutRow[];
}

/** What the layout needs to know about a target. */
export interface TargetFacts {
  id: string;
  label: string;
  /** The native baseline (This machine): its HTTP table has a native column only. */
  baseline: boolean;
  /** A container runtime (docker transport): a second container can be measured. */
  container: boolean;
  /** The places each service test has something (a number or an error) in; tests without any are left out. */
  places: Partial<Record<ServiceTest, Place[]>>;
}

/** Why the "across containers" Redis cells are empty outside container runtimes. */
export const NOT_A_CONTAINER = 'not measured: only Docker runtimes run a second container';

const PLACE_ORDER: Place[] = ['native', 'shared', 'guest', 'volume'];

const byPlace = (places: Place[]): Place[] => [...new Set(places)].sort((x, y) => PLACE_ORDER.indexOf(x) - PLACE_ORDER.indexOf(y));

function netTable(t: TargetFacts, places: Place[]): LayoutTable {
  const rows = places.map((place) => ({
    key: place,
    label: place === 'native' && t.baseline ? 'native (loopback)' : PLACE_LABEL[place],
    unit: 'Mbit/s',
    cells: ['tx_Mbps', 'rx_Mbps'].map((metric): LayoutCell => ({ kind: 'value', source: { target: t.id, test: 'net', place, metric } })),
  }));
  // net.sh's directions: the iperf3 client runs in the target; tx = target → host, rx = host → target (-R).
  return { test: 'net', title: 'TCP throughput (iperf3)', columns: ['tx: guest → host', 'rx: host → guest'], rows };
}

function redisTable(t: TargetFacts, places: Place[]): LayoutTable {
  const rows: LayoutRow[] = [];
  for (const place of places) {
    for (const op of ['set', 'get']) {
      const src = (via: string): CellSource => ({ target: t.id, test: 'redis', place, metric: `${op}_rps_${via}` });
      rows.push({
        key: `${place}|${op}`,
        label: `${op.toUpperCase()}${places.length > 1 ? ` · ${PLACE_LABEL[place]}` : ''}`,
        unit: 'req/s',
        cells: [
          { kind: 'value', source: src('tcp') },
          { kind: 'value', source: src('unix') },
          { kind: 'value', source: src('remote'), ...(t.container ? {} : { notApplicable: NOT_A_CONTAINER }) },
          { kind: 'ratio', num: src('unix'), den: src('tcp'), direction: 'higher' },
        ],
      });
    }
  }
  return { test: 'redis', title: 'Redis requests/s (redis-benchmark)', columns: ['TCP', 'unix socket', 'across containers', 'unix / TCP'], rows };
}

const HTTP_ROWS: { metric: string; label: string }[] = [
  { metric: 'req_per_s', label: 'Static file (64 KiB)' },
  { metric: 'lat_p50_ms', label: 'Static file p50' },
  { metric: 'lat_p99_ms', label: 'Static file p99' },
  { metric: 'site_req_per_s', label: 'Small site' },
  { metric: 'site_lat_p50_ms', label: 'Small site p50' },
  { metric: 'site_lat_p99_ms', label: 'Small site p99' },
];

function httpTable(t: TargetFacts, places: Place[], baselineId: string | null): LayoutTable {
  // The host's own table is its native column; a guest's shows its places beside the host's native numbers.
  const guestPlaces = t.baseline ? [] : byPlace(['shared', 'guest', ...places.filter((p) => p !== 'native')]);
  const columns = t.baseline ? ['native'] : [...guestPlaces.map((p) => PLACE_LABEL[p]), 'native (This machine)', 'shared / guest'];
  const rows = HTTP_ROWS.map(({ metric, label }): LayoutRow => {
    const src = (place: Place, target = t.id): CellSource => ({ target, test: 'http', place, metric });
    const cells: LayoutCell[] = t.baseline
      ? [{ kind: 'value', source: src('native') }]
      : [
          ...guestPlaces.map((p): LayoutCell => ({ kind: 'value', source: src(p) })),
          baselineId
            ? { kind: 'value', source: src('native', baselineId) }
            : { kind: 'value', source: src('native', 'local'), notApplicable: 'not measured: this run has no native baseline (This machine)' },
          { kind: 'ratio', num: src('shared'), den: src('guest'), direction: metricMeta(metric).direction },
        ];
    return { key: metric, label, unit: metricMeta(metric).unit, cells };
  });
  return { test: 'http', title: 'HTTP: nginx + wrk, static file and small site', columns, rows };
}

/** The service tables of one target (net, Redis, HTTP; only tests it has something for). */
export function serviceLayout(t: TargetFacts, baselineId: string | null): LayoutTable[] {
  const tables: LayoutTable[] = [];
  for (const test of SERVICE_TESTS) {
    const places = t.places[test];
    if (!places || places.length === 0) continue;
    const sorted = byPlace(places);
    tables.push(test === 'net' ? netTable(t, sorted) : test === 'redis' ? redisTable(t, sorted) : httpTable(t, sorted, baselineId));
  }
  return tables;
}

/** True for a test that starts a server of its own (net, redis, http). */
export function isServiceTest(test: TestId): test is ServiceTest {
  return (SERVICE_TESTS as readonly TestId[]).includes(test);
}

/** Guess from ids and places whether a target runs containers (a docker volume, a second container, a Docker-type runtime). */
export function looksLikeContainer(id: string, runtime: string, places: Place[], metrics: string[]): boolean {
  return places.includes('volume') || metrics.some((m) => m.endsWith('_remote')) || /^(docker|orbstack)/.test(runtime || id);
}
