/**
 * The one catalogue of the benchmark's tests and their metrics: every other list of tests or metrics
 * (the contract's TestId, the zod enums at the boundary and in the NDJSON parser, the suite presets and
 * time estimates, the metric table, the headline metric, the card's columns, the UI's order and
 * switches) is derived from it. Adding a test is one entry here, its script bench-scripts/<script>,
 * and its labels (docs/architecture.md, "How to add a bench test"). Dependency-free: the contract
 * imports its TestId from here.
 *
 * Labels are message keys made from the ids, in both catalogues (src/locales/{en,ja}): a test's name
 * `common:test.<id>`, its words in a headline `common:headline.words.<id>`, a metric's label
 * `common:metric.<metric>`; a tile's title `ui:tile.<metric>`; a test in the latency chart, its card's title
 * `ui:chart.latencyOf.<id>`; a test with `method`, its summary `common:methodSummary.<id>`.
 *
 * An entry also says how its script is called and read: each preset parameter is the script's flag
 * `--kebab-case` of its name (`paramFlag`: sizeMiB -> --size-mib, boundMs -> --bound-ms; `flags` for a
 * name that does not follow the rule), which lib.sh's vb_parse_args turns into VB_SIZE_MIB; a fio test's
 * `fio` says which metric is which quantity of fio's JSON output (engine/bench/fio.ts reads it).
 */

import type { TestKind, ChartGroup, SuiteParams, SuitePresets, MetricSpec, FioField, TestSpec } from './test-spec.js';

export type { MetricDirection, TestKind, ChartGroup, SuiteParams, SuitePresets, MetricSpec, FioField, FioReading, TestSpec } from './test-spec.js';

// Calibration (development machine; see plan-estimate.ts): sequential MB/s per pass, files created per
// second (the create phase includes a sync and dominates small-files), fixed cost of a fio run, the
// loopback SET/GET rate of redis 7 here (~50k/s with 16 clients), a server's start, and dev-tree's files
// per second of one whole trial (extract + sync, walk, read, delete).
const REF_SEQ_MBPS = 1200;
const REF_CREATE_PER_S = 2000;
const FIO_START_SEC = 0.3;
const REF_REDIS_RPS = 50000;
const SERVER_START_SEC = 0.5;
const REF_TREE_FILES_PER_S = 2500;
const COMMAND_RUN_GUESS_SEC = 5;

// Run-to-run drift (TestSpec.drift) of the tests that recorded A/A rounds measured (tests/fixtures/aa-runs/): the largest
// that any place of any round showed (verdict-stats.ts runToRunDrift), rounded up to a whole percent. A test no round
// measured gets the largest of them: nothing is known of it, and a wider interval calls fewer changes that are not there.
const MEASURED_DRIFT = { 'seq-write': 0.1, 'seq-read': 0.06, 'rand-read': 0.01, 'small-files': 0.16 } as const;
const UNMEASURED_DRIFT = Math.max(...Object.values(MEASURED_DRIFT));

// What the model above left out, from the timed quick runs of This machine on the 2-CPU development VM
// (tests/fixtures/runs/quick-timed.json; the suite took 64-78 s in five recorded runs where the model said 53 s):
// a write pass costs more than fio's measured I/O (refilling its buffers with random data, then removing
// the file): each 1 GiB seq-write pass took 3.3 s of wall time for 1.4 s of I/O; a small-files trial does
// more than its timed create (an untimed create first, syncs, stat, read, delete): 2.7-3.5 s a trial.
const WRITE_EXTRA_SEC_PER_GIB = 1.8;
const SMALL_FILES_TRIAL_EXTRA_SEC = 2;

const seqPass = (p: SuiteParams): number => Math.min(((p.sizeMiB ?? 0) * 1.048576) / REF_SEQ_MBPS, p.maxS ?? Infinity) + FIO_START_SEC;
/** A pass that writes the file: the I/O, plus its buffers' refill and the file's removal (capped, as the pass, by maxS). */
const writePass = (p: SuiteParams): number => seqPass(p) + Math.min(((p.sizeMiB ?? 0) / 1024) * WRITE_EXTRA_SEC_PER_GIB, p.maxS ?? Infinity);
const higher = (unit: string, tile?: boolean): MetricSpec => ({ unit, direction: 'higher', ...(tile ? { tile } : {}) });
const lower = (unit: string, tile?: boolean): MetricSpec => ({ unit, direction: 'lower', ...(tile ? { tile } : {}) });
/** The completion-latency percentiles a random-I/O test reports (p50..p99), as metric -> fio field: `<prefix>_p50_us` is clat_p50. */
const clatFields = <P extends string>(prefix: P): Record<`${P}_p${50 | 70 | 90 | 95 | 99}_us`, FioField> =>
  Object.fromEntries(([50, 70, 90, 95, 99] as const).map((p) => [`${prefix}_p${p}_us`, `clat_p${p}` as FioField])) as Record<
    `${P}_p${50 | 70 | 90 | 95 | 99}_us`,
    FioField
  >;
/** wrk's per-request time-out in http.sh when no --timeout-s is given (the script's default). */
export const HTTP_REQUEST_TIMEOUT_S = 2;
const seqPresets = (q: number, s: number, t: number): SuitePresets => ({
  quick: { trials: 3, sizeMiB: 1024 * q, bsKiB: 1024, maxS: 8 },
  standard: { trials: 5, sizeMiB: 1024 * s, bsKiB: 1024, maxS: 20 },
  thorough: { trials: 7, sizeMiB: 1024 * t, bsKiB: 1024, maxS: 60 },
});

/** Every test, in the order a suite runs them and tables list them. */
export const TEST_CATALOGUE = [
  {
    id: 'seq-write',
    kind: 'disk',
    script: 'seq-write.sh',
    tool: 'fio',
    primary: 'write_MBps',
    drift: MEASURED_DRIFT['seq-write'],
    chart: 'throughput',
    method: ['bs', 'size'],
    metrics: { write_MBps: higher('MB/s', true) },
    fio: { rw: 'write', metrics: { write_MBps: 'MBps' } },
    presets: seqPresets(1, 2, 8),
    // The headline of a disk place: seq-write's ratio to native is the measurement the advice is judged by most
    // often (engine/advisor/rules: every mount-type rule, which judge a share against native, and the VM-type and
    // disk-cache rules weigh by it; rand-read weighs two, small-files and dev-tree one). A 128 MiB pass capped at
    // 2 s takes seconds in any place; its trials continue to ±5% or 10 trials (npm run perf compares its median with
    // the full-length trial's), and no batch starts after 20 s of the step: six places' verdicts within 3 minutes
    // even where a script run's set-up is slow (a 9p share of an emulated guest took 123 s for its 10 trials).
    headline: { params: { trials: 3, sizeMiB: 128, bsKiB: 1024, maxS: 2 }, maxTrials: 10, targetHalfWidth: 0.05, capSec: 20 },
    estimate: (p) => (p.trials + 1) * writePass(p),
    setup: (p) => writePass(p),
  },
  {
    id: 'seq-read',
    kind: 'disk',
    script: 'seq-read.sh',
    tool: 'fio',
    primary: 'read_MBps',
    drift: MEASURED_DRIFT['seq-read'],
    chart: 'throughput',
    method: ['bs', 'size'],
    metrics: { read_MBps: { ...higher('MB/s', true), label: 'read_MBps_seq' } },
    fio: { rw: 'read', metrics: { read_MBps: 'MBps' } },
    presets: seqPresets(1, 2, 8),
    estimate: (p) => writePass(p) + (p.trials + 1) * seqPass(p), // writing the file, the warm-up pass, the trials
    setup: (p) => writePass(p) + seqPass(p),
  },
  {
    id: 'rand-read',
    kind: 'disk',
    script: 'rand-read.sh',
    tool: 'fio',
    primary: 'read_iops',
    drift: MEASURED_DRIFT['rand-read'],
    chart: 'latency',
    method: ['depth', 'size', 'runtime'],
    metrics: {
      read_iops: higher('IOPS', true),
      read_MBps: { ...higher('MB/s'), label: 'read_MBps_rand' },
      clat_p50_us: lower('µs'),
      clat_p70_us: lower('µs'),
      clat_p90_us: lower('µs'),
      clat_p95_us: lower('µs'),
      clat_p99_us: lower('µs', true),
    },
    fio: { rw: 'read', metrics: { read_iops: 'iops', read_MBps: 'MBps', ...clatFields('clat') } },
    chartMetrics: Object.keys(clatFields('clat')),
    presets: {
      quick: { trials: 3, sizeMiB: 256, runtimeS: 10, rampS: 2, iodepth: 32, bsKiB: 4 },
      standard: { trials: 5, sizeMiB: 1024, runtimeS: 20, rampS: 3, iodepth: 32, bsKiB: 4 },
      thorough: { trials: 7, sizeMiB: 4096, runtimeS: 30, rampS: 5, iodepth: 32, bsKiB: 4 },
    },
    estimate: (p) => writePass(p) + p.trials * (p.runtimeS + p.rampS + FIO_START_SEC),
    setup: (p) => writePass(p),
  },
  {
    // Opt-in (`--tests rand-write`): its time-based trials would add about 40 s to every quick run.
    id: 'rand-write',
    kind: 'disk',
    optIn: true,
    script: 'rand-write.sh',
    tool: 'fio',
    primary: 'write_iops',
    drift: UNMEASURED_DRIFT,
    chart: 'latency',
    method: ['depth', 'size', 'runtime'],
    metrics: {
      write_iops: higher('IOPS', true),
      write_MBps: { ...higher('MB/s'), label: 'write_MBps_rand' },
      write_clat_p50_us: lower('µs'),
      write_clat_p70_us: lower('µs'),
      write_clat_p90_us: lower('µs'),
      write_clat_p95_us: lower('µs'),
      write_clat_p99_us: lower('µs', true),
    },
    fio: { rw: 'write', metrics: { write_iops: 'iops', write_MBps: 'MBps', ...clatFields('write_clat') } },
    chartMetrics: Object.keys(clatFields('write_clat')),
    presets: {
      quick: { trials: 3, sizeMiB: 256, runtimeS: 10, rampS: 2, iodepth: 32, bsKiB: 4 },
      standard: { trials: 5, sizeMiB: 1024, runtimeS: 20, rampS: 3, iodepth: 32, bsKiB: 4 },
      thorough: { trials: 7, sizeMiB: 4096, runtimeS: 30, rampS: 5, iodepth: 32, bsKiB: 4 },
    },
    estimate: (p) => writePass(p) + p.trials * (p.runtimeS + p.rampS + FIO_START_SEC), // laying the file out, then the time-based trials
    setup: (p) => writePass(p),
  },
  {
    id: 'small-files',
    kind: 'disk',
    script: 'small-files.sh',
    tool: 'sh',
    primary: 'create_per_s',
    drift: MEASURED_DRIFT['small-files'],
    chart: 'small-files',
    method: ['files', 'bytes'],
    metrics: { create_per_s: higher('files/s', true), stat_per_s: higher('files/s'), read_per_s: higher('files/s'), delete_per_s: higher('files/s') },
    presets: {
      quick: { trials: 3, files: 2000, sizeBytes: 4096 },
      standard: { trials: 5, files: 5000, sizeBytes: 4096 },
      thorough: { trials: 7, files: 20000, sizeBytes: 4096 },
    },
    estimate: (p) => p.trials * (p.files / REF_CREATE_PER_S + 0.1 + SMALL_FILES_TRIAL_EXTRA_SEC) + 0.2,
    setup: () => 0.2,
  },
  {
    id: 'dev-tree',
    kind: 'dev',
    script: 'dev-tree.sh',
    tool: 'sh',
    primary: 'tree_extract_s',
    drift: UNMEASURED_DRIFT,
    chart: 'dev-tree',
    metrics: {
      tree_extract_s: lower('s'),
      tree_walk_s: lower('s'),
      tree_read_s: lower('s'),
      tree_delete_s: lower('s'),
      mixed_extract_s: lower('s'),
      mixed_walk_s: lower('s'),
      mixed_read_s: lower('s'),
      mixed_delete_s: lower('s'),
    },
    presets: {
      quick: { trials: 3, files: 2000, seed: 1 },
      standard: { trials: 5, files: 27000, seed: 1 },
      thorough: { trials: 7, files: 35000, seed: 1 },
    },
    estimate: (p) => (p.trials + 1) * (p.files / REF_TREE_FILES_PER_S) + 0.5, // building the tree ~ one trial
    setup: (p) => p.files / REF_TREE_FILES_PER_S + 0.5,
  },
  {
    id: 'watch',
    kind: 'dev',
    script: 'watch.sh',
    tool: 'sh',
    primary: 'watch_inotify_p50_ms',
    drift: UNMEASURED_DRIFT,
    chart: 'watch',
    hostWritable: true,
    fixedTrials: true,
    metrics: { watch_poll_p50_ms: lower('ms'), watch_poll_p99_ms: lower('ms'), watch_inotify_p50_ms: lower('ms'), watch_inotify_p99_ms: lower('ms') },
    presets: {
      quick: { trials: 3, events: 20, boundMs: 2000 },
      standard: { trials: 5, events: 40, boundMs: 2000 },
      thorough: { trials: 7, events: 60, boundMs: 2000 },
    },
    estimate: (p) => p.trials * 2 * (p.events * 0.03 + 0.3), // two modes, ~30 ms a change with its pause
    setup: () => 0,
  },
  {
    id: 'net',
    kind: 'service',
    script: 'net.sh',
    tool: 'iperf3',
    primary: 'tx_Mbps',
    drift: UNMEASURED_DRIFT,
    chart: 'service',
    servicePlaces: 'one',
    metrics: { tx_Mbps: higher('Mbit/s'), rx_Mbps: higher('Mbit/s') },
    presets: {
      quick: { trials: 3, runtimeS: 1, streams: 1 },
      standard: { trials: 5, runtimeS: 3, streams: 1 },
      thorough: { trials: 7, runtimeS: 10, streams: 4 },
    },
    estimate: (p) => SERVER_START_SEC + p.trials * 2 * (p.runtimeS + 1 + 0.2), // 2 directions, 1 s omitted each
    setup: () => SERVER_START_SEC,
  },
  {
    id: 'redis',
    kind: 'service',
    script: 'redis.sh',
    tool: 'redis-benchmark',
    primary: 'set_rps_tcp',
    drift: UNMEASURED_DRIFT,
    chart: 'service',
    servicePlaces: 'one',
    metrics: {
      set_rps_tcp: higher('req/s'),
      get_rps_tcp: higher('req/s'),
      set_rps_unix: higher('req/s'),
      get_rps_unix: higher('req/s'),
      set_rps_remote: higher('req/s'),
      get_rps_remote: higher('req/s'),
      set_p50_ms_tcp: lower('ms'),
      set_p99_ms_tcp: lower('ms'),
      get_p50_ms_tcp: lower('ms'),
      get_p99_ms_tcp: lower('ms'),
      set_p50_ms_unix: lower('ms'),
      set_p99_ms_unix: lower('ms'),
      get_p50_ms_unix: lower('ms'),
      get_p99_ms_unix: lower('ms'),
    },
    presets: {
      quick: { trials: 3, requests: 20000, clients: 16, maxS: 30 },
      standard: { trials: 5, requests: 100000, clients: 50, maxS: 60 },
      thorough: { trials: 7, requests: 500000, clients: 50, maxS: 120 },
    },
    estimate: (p) => SERVER_START_SEC + p.trials * 2 * Math.min((2 * p.requests) / REF_REDIS_RPS + 0.1, p.maxS),
    setup: () => SERVER_START_SEC,
    // redis.sh stops each redis-benchmark run after maxS (up to three runs per trial: TCP, socket, and in Docker
    // another container, each with 2 s to exit), so in a slow guest the script reaches its own verdict first.
    minTimeout: (p) => (p.maxS ? p.trials * 3 * (p.maxS + 2) + 30 : 0),
  },
  {
    id: 'http',
    kind: 'service',
    script: 'http.sh',
    tool: 'wrk',
    primary: 'req_per_s',
    drift: UNMEASURED_DRIFT,
    chart: 'service',
    servicePlaces: 'every',
    metrics: {
      req_per_s: higher('req/s'),
      lat_p50_ms: lower('ms'),
      lat_p99_ms: lower('ms'),
      site_req_per_s: higher('req/s'),
      site_lat_p50_ms: lower('ms'),
      site_lat_p99_ms: lower('ms'),
    },
    presets: {
      quick: { trials: 3, runtimeS: 2, clients: 16, files: 200 },
      standard: { trials: 5, runtimeS: 5, clients: 32, files: 1000 },
      thorough: { trials: 7, runtimeS: 10, clients: 64, files: 5000 },
    },
    estimate: (p) => SERVER_START_SEC + p.files / 2000 + p.trials * 2 * (p.runtimeS + 0.2), // the static file, then the small site
    setup: (p) => SERVER_START_SEC + p.files / 2000,
    // wrk's per-request time-out scaled with a slow guest, so that a late answer is measured as latency, not refused.
    slowParams: (scale): SuiteParams => (scale > 1 ? { timeoutS: Math.ceil(HTTP_REQUEST_TIMEOUT_S * scale) } : {}),
  },
  {
    // The user's own command (`vmbench run --command CMD --project DIR`): never in a suite, only in a run that names a command
    // (RunSpec.command, which also gives its runs, warm-up and prepare/cleanup commands). Each run is `sh -c CMD` in a scratch copy.
    id: 'command',
    kind: 'command',
    script: 'command.sh',
    tool: 'sh',
    primary: 'wall_s',
    drift: UNMEASURED_DRIFT,
    chart: 'command',
    metrics: { wall_s: lower('s'), user_s: lower('s'), sys_s: lower('s') },
    presets: {
      quick: { trials: 3, warmup: 1 },
      standard: { trials: 3, warmup: 1 },
      thorough: { trials: 3, warmup: 1 },
    },
    // Nothing is known of a command before its first run: the plan assumes 5 s a run, the copy about one run.
    estimate: (p) => (p.trials + p.warmup + 1) * COMMAND_RUN_GUESS_SEC,
    setup: (p) => (p.warmup + 1) * COMMAND_RUN_GUESS_SEC,
  },
] as const satisfies readonly TestSpec[];

type Entry = (typeof TEST_CATALOGUE)[number];
/** The tests of the suite (docs/bench-protocol.md, "Tests and metric names"). */
export type TestId = Entry['id'];
/** The tests of one kind. */
export type TestOfKind<K extends TestKind> = Extract<Entry, { kind: K }>['id'];

/** Every test id, in catalogue order (a non-empty tuple, for z.enum). */
export const TEST_IDS = TEST_CATALOGUE.map((e) => e.id) as [TestId, ...TestId[]];

/** The catalogue entry of a test (undefined for a name that is not a test). */
export function testSpec(id: string): TestSpec | undefined {
  return (TEST_CATALOGUE as readonly TestSpec[]).find((e) => e.id === id);
}

/** The test id of the user's own command (a test the user describes): when a run has it, it is the headline. */
export const USER_COMMAND_TEST = 'command';

/**
 * The one rule for which test stands for a place's verdict in a run of `tests`: the user's own command when it
 * is one of them, else the catalogue's headline test (its `headline`) when it is; undefined when neither is.
 */
export function headlineTest<T extends string>(tests: readonly T[]): T | undefined {
  return tests.find((t) => t === USER_COMMAND_TEST) ?? tests.find((t) => testSpec(t)?.headline !== undefined);
}

/** The tests of a kind, in catalogue order. */
export function testsOfKind<K extends TestKind>(kind: K): TestOfKind<K>[] {
  return TEST_CATALOGUE.filter((e) => e.kind === kind).map((e) => e.id) as TestOfKind<K>[];
}

/** The tests whose numbers a chart of Results draws, with their verdict metric and the metrics the chart draws (chartMetrics, else the primary). */
export function testsInChart(chart: ChartGroup): { test: TestId; metric: string; metrics: readonly string[] }[] {
  return (TEST_CATALOGUE as readonly TestSpec[])
    .filter((e) => e.chart === chart)
    .map((e) => ({ test: e.id as TestId, metric: e.primary, metrics: e.chartMetrics ?? [e.primary] }));
}

/** The script flag of a parameter: the entry's own (`flags`), else `--` and the kebab-case of its name, a binary unit one word (sizeMiB -> --size-mib, boundMs -> --bound-ms). */
export function paramFlag(name: string, spec?: Pick<TestSpec, 'flags'>): string {
  return (
    spec?.flags?.[name] ??
    `--${name
      .replace(/([KMGT])iB/g, '$1ib')
      .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
      .toLowerCase()}`
  );
}

/** Every metric of every test, first appearance first (a metric two tests report is listed once). */
export function catalogueMetrics(): [string, MetricSpec][] {
  const seen = new Map<string, MetricSpec>();
  for (const e of TEST_CATALOGUE as readonly TestSpec[]) for (const [name, spec] of Object.entries(e.metrics)) if (!seen.has(name)) seen.set(name, spec);
  return [...seen];
}
