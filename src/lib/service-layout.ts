import type { TFunction } from 'i18next';
import { PLACES, type Direction, type Place, type TestId } from '../../electron/contract/contract.js';
import { translator, type Lang } from '../../electron/messages/i18n.js';
import { metricInfo } from '../../electron/measurement/metrics.js';
import { isContainerRuntimeId } from '../../electron/contract/runtime-kinds.js';
import { testsOfKind, type TestOfKind } from '../../electron/contract/test-catalogue.js';
import { uiLang } from './i18n';

/** The tests that start a server of their own (net, redis, http), in suite order. */
export type ServiceTest = TestOfKind<'service'>;
/** The service tests in the order their tables appear. */
export const SERVICE_TESTS: readonly ServiceTest[] = testsOfKind('service');

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

/** One service table of one target, laid out like the published articles' tables (docs/evidence.md). */
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

const byPlace = (places: Place[]): Place[] => [...new Set(places)].sort((x, y) => PLACES.indexOf(x) - PLACES.indexOf(y));

/** The words of one layout: the ui catalogue's translate function and the language for metric units. */
interface Words {
  tr: TFunction;
  lang: Lang;
}

const placeLabel = (w: Words, place: Place): string => w.tr(`common:place.${place}`);

function netTable(t: TargetFacts, places: Place[], w: Words): LayoutTable {
  const rows = places.map((place) => ({
    key: place,
    label: place === 'native' && t.baseline ? w.tr('ui:service.net.loopback') : placeLabel(w, place),
    unit: 'Mbit/s',
    cells: ['tx_Mbps', 'rx_Mbps'].map((metric): LayoutCell => ({ kind: 'value', source: { target: t.id, test: 'net', place, metric } })),
  }));
  // net.sh's directions: the iperf3 client runs in the target; tx = target → host, rx = host → target (-R).
  return { test: 'net', title: w.tr('ui:service.net.title'), columns: [w.tr('ui:service.net.tx'), w.tr('ui:service.net.rx')], rows };
}

function redisTable(t: TargetFacts, places: Place[], w: Words): LayoutTable {
  const rows: LayoutRow[] = [];
  for (const place of places) {
    for (const op of ['set', 'get']) {
      const src = (via: string): CellSource => ({ target: t.id, test: 'redis', place, metric: `${op}_rps_${via}` });
      rows.push({
        key: `${place}|${op}`,
        label: `${op.toUpperCase()}${places.length > 1 ? ` · ${placeLabel(w, place)}` : ''}`,
        unit: 'req/s',
        cells: [
          { kind: 'value', source: src('tcp') },
          { kind: 'value', source: src('unix') },
          { kind: 'value', source: src('remote'), ...(t.container ? {} : { notApplicable: w.tr('ui:missing.notAContainer') }) },
          { kind: 'ratio', num: src('unix'), den: src('tcp'), direction: 'higher' },
        ],
      });
    }
  }
  const columns = ['TCP', w.tr('ui:service.redis.unix'), w.tr('ui:service.redis.remote'), 'unix / TCP'];
  return { test: 'redis', title: w.tr('ui:service.redis.title'), columns, rows };
}

/** The HTTP rows: each metric's label is ui:service.http.row.<metric>. */
const HTTP_ROWS = ['req_per_s', 'lat_p50_ms', 'lat_p99_ms', 'site_req_per_s', 'site_lat_p50_ms', 'site_lat_p99_ms'];

function httpTable(t: TargetFacts, places: Place[], baselineId: string | null, w: Words): LayoutTable {
  // The host's own table is its native column; a guest's shows its places beside the host's native numbers.
  const guestPlaces = t.baseline ? [] : byPlace(['shared', 'guest', ...places.filter((p) => p !== 'native')]);
  const columns = t.baseline
    ? [placeLabel(w, 'native')]
    : [...guestPlaces.map((p) => placeLabel(w, p)), w.tr('ui:service.http.nativeHost'), w.tr('ui:service.http.ratio')];
  const rows = HTTP_ROWS.map((metric): LayoutRow => {
    const meta = metricInfo(metric, w.lang);
    const src = (place: Place, target = t.id): CellSource => ({ target, test: 'http', place, metric });
    const cells: LayoutCell[] = t.baseline
      ? [{ kind: 'value', source: src('native') }]
      : [
          ...guestPlaces.map((p): LayoutCell => ({ kind: 'value', source: src(p) })),
          baselineId
            ? { kind: 'value', source: src('native', baselineId) }
            : { kind: 'value', source: src('native', 'local'), notApplicable: w.tr('ui:missing.noBaseline') },
          { kind: 'ratio', num: src('shared'), den: src('guest'), direction: meta.direction },
        ];
    return { key: metric, label: w.tr(`ui:service.http.row.${metric}`), unit: meta.unit, cells };
  });
  return { test: 'http', title: w.tr('ui:service.http.title'), columns, rows };
}

/** The service tables of one target (net, Redis, HTTP; only tests it has something for), in the page's language. */
export function serviceLayout(t: TargetFacts, baselineId: string | null, lang: Lang = uiLang()): LayoutTable[] {
  const w: Words = { tr: translator(lang), lang };
  const tables: LayoutTable[] = [];
  for (const test of SERVICE_TESTS) {
    const places = t.places[test];
    if (!places || places.length === 0) continue;
    const sorted = byPlace(places);
    tables.push(test === 'net' ? netTable(t, sorted, w) : test === 'redis' ? redisTable(t, sorted, w) : httpTable(t, sorted, baselineId, w));
  }
  return tables;
}

/** True for a test that starts a server of its own (net, redis, http). */
export function isServiceTest(test: TestId): test is ServiceTest {
  return (SERVICE_TESTS as readonly TestId[]).includes(test);
}

/** Guess from ids and places whether a target runs containers (a docker volume, a second container, a runtime of a container kind: electron/contract/runtime-kinds.ts). */
export function looksLikeContainer(id: string, runtime: string, places: Place[], metrics: string[]): boolean {
  return places.includes('volume') || metrics.some((m) => m.endsWith('_remote')) || isContainerRuntimeId(runtime || id);
}
