/**
 * The types of the test catalogue (test-catalogue.ts, which re-exports them): what a test, its metrics and its suite
 * presets are. Dependency-free, as the catalogue.
 */
/** Whether a bigger number is better (MB/s) or worse (seconds, latency). */
export type MetricDirection = 'higher' | 'lower';
/** What a test is: a disk test (run by default), a developer task (a tree, file changes), a service on loopback, the user's own command (`vmbench run --command`). */
export type TestKind = 'disk' | 'dev' | 'service' | 'command';
/** The chart of Results a test's numbers are drawn in. */
export type ChartGroup = 'throughput' | 'latency' | 'small-files' | 'dev-tree' | 'watch' | 'service' | 'command';
/** Parameters of a test in a suite (names as in the start/result events: sizeMiB, trials, ...). */
export type SuiteParams = Record<string, number>;
/** One parameter set per suite: quick, standard, thorough. */
export interface SuitePresets {
  quick: SuiteParams;
  standard: SuiteParams;
  thorough: SuiteParams;
}

/** What a metric means: its unit, its direction, and whether it gets a tile on Results. */
export interface MetricSpec {
  unit: string;
  direction: MetricDirection;
  /** Shown as a tile of the native baseline's headline numbers (title ui:tile.<metric>). */
  tile?: boolean;
  /** Its label's key (common:metric.<label>) when the name is shared with another test's metric (each read's MB/s says which read it is); else the name. */
  label?: string;
}

/**
 * A quantity of fio's JSON output: the bandwidth in MB/s (10^6 bytes/s, summed over jobs), the IOPS (summed
 * over jobs), or a completion-latency percentile in µs (`clat_p99`: from the job that did the most I/O).
 */
export type FioField = 'MBps' | 'iops' | `clat_p${number}`;
/** How a fio test's metrics are read from fio's JSON output (one generic reader: engine/bench/fio.ts). */
export interface FioReading {
  /** The jobs' section its I/O is in. */
  rw: 'read' | 'write';
  /** Each metric of the test and the fio quantity it is, in the order they are reported. */
  metrics: Readonly<Record<string, FioField>>;
}

/** One test of the suite. */
export interface TestSpec {
  id: string;
  kind: TestKind;
  /** Its bench script in bench-scripts/ (sent after lib.sh). */
  script: string;
  /** The tool it measures with when the place has it ('sh': a shell loop by design). */
  tool: 'fio' | 'sh' | 'iperf3' | 'redis-benchmark' | 'wrk';
  /** The metric that carries the test's verdict (one per test and place votes: verdict-family.ts) and stands for it in headlines and cards. */
  primary: string;
  /** Its metrics, in the order they are listed and ranked. */
  metrics: Record<string, MetricSpec>;
  chart: ChartGroup;
  /** The metrics its chart draws, in order (default: its primary): the throughput chart's bar, the latency chart's percentiles. */
  chartMetrics?: readonly string[];
  /** How its metrics are read from fio's JSON output (a fio test whose script hands fio's output over). */
  fio?: FioReading;
  /** A disk test that runs only when named (`--tests`), not in a suite by default. */
  optIn?: boolean;
  /** A parameter's flag when it is not `--` and the kebab-case of the name (paramFlag). */
  flags?: Readonly<Record<string, string>>;
  /** Seconds its script must be allowed at least, beyond the generic bound of bench-scripts.ts timeoutSec (its own caps, e.g. redis's per-run maxS). */
  minTimeout?: (p: SuiteParams) => number;
  /** Parameters it gets on a target that runs `scale` times slower than native (an emulated guest), beside its preset. */
  slowParams?: (scale: number) => SuiteParams;
  /** Keeps its preset's trials: no adaptive trials added (its trials are driven from the host in one script run). */
  fixedTrials?: boolean;
  /** The result parameters its short method summary needs (method-summary.ts); none: the script's own text. */
  method?: readonly string[];
  /** Runs only where this machine can write into the place's folder (native, a shared folder). */
  hostWritable?: boolean;
  /** A service test in a guest target: once (the guest) or in every place. */
  servicePlaces?: 'one' | 'every';
  /**
   * Stands for its place's verdict (the run's headline, measured first in every chosen place of every target,
   * before the other tests: headlineTest below): the short trials' parameters, the same in every suite,
   * and their adaptive bounds (more trials, each a new run of the script, while the interval is wider than
   * ±targetHalfWidth, up to maxTrials, and no batch started once the step has taken capSec). The test's own preset
   * is still run in full among the other tests.
   */
  headline?: { params: SuiteParams; maxTrials: number; targetHalfWidth: number; capSec: number };
  /**
   * Run-to-run drift: the standard deviation, on the log scale, of a run's geometric mean of the test's trials across runs
   * of the same setup, beyond what one run's trials show (runs do not share the page cache, the files' layout, the pace of
   * the host's disk). Compare adds it to both sides of two runs (verdict-stats.ts welchLogRatio). From A/A pairs recorded
   * on the development machine (tests/fixtures/aa-runs/), rounded up: tests/unit/run-drift.test.ts checks that no test's is
   * below what its pairs show.
   */
  drift: number;
  presets: SuitePresets;
  /** Seconds of the whole test on the development machine (presets' parameters). */
  estimate: (p: SuiteParams) => number;
  /** Seconds of its set-up before the first trial (warm-up pass, file layout, a server's start). */
  setup: (p: SuiteParams) => number;
}
