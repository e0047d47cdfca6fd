/**
 * The one contract between the engine and every face of it (Electron renderer, `vmbench web`,
 * CLI): types only (and a few constants). `api-client.ts` turns a typed `invoke` into the domain
 * API object from these types, so the preload and the web client cannot drift.
 */

import type { Comparison } from './contract-compare.js';
import type { EnvelopeError, Place, RunStatus, RunSummary, Suite, TargetStatus, TestId } from './contract-base.js';
import type { ApplyPlan, ApplyResult, Finding, MsgRef } from './contract-advice.js';
import type { Lang } from './contract-base.js';
import type { SettingMap } from './setting-keys.js';
import type { ImportFile, ImportOptions, ImportOutcome, RunOrigin, TeamTable } from './contract-import.js';
import type { CommandReach, CommandReachRequest, CommandSpec, EstimateRequest, EstimateSource, EtaRise, RunEstimate, RunSpec } from './contract-estimate.js';

export { DISK_TESTS, PLACES, SUITES } from './contract-base.js';
export type { EnvelopeError, ErrorCode, Place, RunStatus, RunSummary, Suite, TargetStatus, TestId } from './contract-base.js';
export type {
  CommandReach,
  CommandReachRequest,
  CommandSpec,
  EstimateRequest,
  EstimateSource,
  EtaRise,
  RunEstimate,
  RunSpec,
  TargetEstimate,
} from './contract-estimate.js';

/** Version of the stored run format; bumped on incompatible changes. */
export const SCHEMA_VERSION = 1;

/** The header that carries `vmbench web`'s per-start key on API calls (server and browser client; a custom header also keeps simple cross-site requests out). */
export const TOKEN_HEADER = 'x-vmbench-token';

/** Lifecycle state of a runtime. */
export type RuntimeState = 'running' | 'stopped' | 'not-created' | 'unknown';

/** Median of N with min and max: the only statistic results are reported in. */
export interface Stat {
  median: number;
  min: number;
  max: number;
  n: number;
}
/** Metric name (docs/bench-protocol.md: write_MBps, read_iops, clat_p99_us, ...) to its statistic. */
export type Metrics = Record<string, Stat>;

/** A mounted filesystem as seen from inside a target. */
export interface MountInfo {
  path: string;
  fstype: string;
}

/** What the probe script found in a target. */
export interface ProbeInfo {
  os: string;
  kernel: string;
  arch: string;
  cpus: number;
  cpuModel?: string;
  memMiB: number;
  /** Filesystem type and free space of the directory the tests write to. */
  dirFsType?: string;
  freeMiB?: number;
  tools: Record<string, string | null>;
  mounts: MountInfo[];
}

/** The tool that produced a result, and how. */
export interface ToolInfo {
  name: string;
  version: string | null;
  /** e.g. "fio psync direct=1 end_fsync=1" or "dd conv=fsync (fio not found)". */
  method: string;
}

/** A test that could not produce a result in one place. */
export interface TestError {
  test: TestId;
  place: Place;
  code: string;
  message: string;
  /** The message as a reference into the errors catalogue, for the faces to show in the reader's language. */
  ref?: MsgRef;
}

/** One test in one place of one target. */
export interface TestResult {
  test: TestId;
  place: Place;
  metrics: Metrics;
  tool: ToolInfo;
  params: Record<string, string | number | boolean>;
  /** The exact command line that measured it (paths may be user-specific; redacted on export). */
  command: string;
  /** Raw per-trial values, metric -> values in trial order (warm-up excluded). */
  samples: Record<string, number[]>;
  /** How long the step took on the host's clock (absent in runs stored before it was recorded). */
  timing?: StepTiming;
  /** The trials it took after the minimum and why it stopped (absent in runs stored before adaptive trials). */
  trials?: TrialsRecord;
}

/** Why a test stopped adding trials: its interval met the target, it reached the suite's maximum or its time cap per place (the command test), the run was cancelled, or an added trial failed. */
export type TrialsStop = 'target-met' | 'max-reached' | 'time-cap' | 'cancelled' | 'failed';

/** Adaptive trials of one test in one place: the plan, the primary metric's interval after each trial from the minimum on, the reason it stopped. */
export interface TrialsRecord {
  metric: string;
  minTrials: number;
  maxTrials: number;
  /** The stated target: half-width of the 95% interval over its center (0.1 = ±10%). */
  target: number;
  /** Trials taken. */
  taken: number;
  /** Half-width after trial minTrials, minTrials + 1, … (null: no interval, e.g. a trial at zero). */
  widths: (number | null)[];
  stop: TrialsStop;
  /** Trials were added in batches (a headline's: each added script run took as many trials as were taken so far); `widths` then follow each batch. */
  batches?: true;
}

/** Seconds a step took, from its start (set-up, warm-up included) to its end, and to the end of each trial. */
export interface StepTiming {
  sec: number;
  trialEndSec: number[];
}

/** Everything measured for one target in one run. */
export interface TargetRun {
  id: string;
  runtime: string;
  label: string;
  settings: Record<string, unknown>;
  probe: ProbeInfo | null;
  results: TestResult[];
  /** Each place's headline (its verdict), measured with short trials before the other tests (absent in runs stored before headlines, and in a headlines-only run, whose results they are). */
  headlines?: TestResult[];
  errors: TestError[];
  /** ok: every step measured; partial: some steps failed; failed: none measured (filled on load for older files). */
  status: TargetStatus;
}

/** A run as stored in history and written by `vmbench run --json FILE`. */
export interface Run {
  schemaVersion: number;
  id: string;
  startedAt: string;
  finishedAt: string;
  status: RunStatus;
  suite: Suite;
  tests: TestId[];
  app: { version: string; platform: string; arch: string };
  targets: TargetRun[];
  /** The user's name for the run ("before virtiofs"), shown instead of its id. */
  name?: string;
  /** The user's note on the run. */
  note?: string;
  /** Set on a run imported from another machine; absent on this machine's runs. */
  origin?: RunOrigin;
  /** Stopped after the verdicts ("That's enough", `--headlines-only`): each place's headline is its result, the other tests were not (all) measured. */
  headlinesOnly?: true;
  /** The user's own command this run timed, as asked (`vmbench run --command`, or the app's "Your own command"); exports show its project as `<project>`. */
  command?: CommandSpec;
}

/** What the user may change on a stored run: its name and note ("" removes one), and an imported run's machine label. */
export interface RunAnnotation {
  name?: string;
  note?: string;
  machine?: string;
}

/** History plus what could not be read. */
export interface RunList {
  runs: RunSummary[];
  /** One line per skipped (corrupted, unreadable, newer schema) run file, in English. */
  warnings: string[];
  /** The same skipped files (same order) with each message's reference, for a reader to show in its language; absent when none was skipped. */
  skipped?: SkippedRunFile[];
}

/** A run file the history could not read: the English warning and, when it has one, its reference into the errors catalogue. */
export interface SkippedRunFile {
  message: string;
  ref?: MsgRef;
}

export type { Direction, CompareRow, CompareVerdict, CompareSummary, VerdictMethod, SettingChange, Comparison } from './contract-compare.js';

/** A value read from a runtime and where it came from ('vagrantfile': read from a Vagrantfile's text; 'provider': the VM provider's own view of an existing machine). */
export type SettingSource = 'file' | 'cli' | 'default' | 'guest' | 'vagrantfile' | 'provider';

export { IMPORT_MAX_BYTES } from './contract-import.js';
export type { RunOrigin, ImportFile, ImportOptions, ImportOutcome, TeamRow, TeamTable } from './contract-import.js';

export type { Finding, EvidenceRow, ApplyPlan, ApplyResult, MeasuredValue, MsgRef, FindingText } from './contract-advice.js';

/** A place to run the suite in, offered by a runtime. */
export interface TargetInfo {
  id: string;
  label: string;
  places: Place[];
}

/** A runtime as detected (one entry of `vmbench detect --json`). */
export interface RuntimeInfo {
  id: string;
  kind: string;
  name: string;
  version: string | null;
  state: RuntimeState;
  /** Why the state is unknown or the runtime unusable, in words a user understands. */
  reason?: string;
  /** The same reason as message references (one per clause), which the faces render in their language. */
  reasonRefs?: MsgRef[];
  /**
   * The raw output behind the reason, verbatim: each failed command as it ran and the tail of what it printed
   * (a blank line between two). Never part of the sentence; a face shows it only on request (a "details" toggle,
   * the CLI's indented "details:" lines). Local to this machine: no run, export or card carries it.
   */
  reasonDetail?: string;
  /** Its settings by key (the keys are the catalogue's, electron/contract/setting-keys.ts). */
  settings: SettingMap;
  settingsSource: SettingMap<SettingSource>;
  /** Values confirmed from inside the guest (e.g. mountType from /proc/mounts). */
  active?: SettingMap;
  probe?: ProbeInfo;
  targets: TargetInfo[];
  findings: Finding[];
  /** When stopped: the command that starts it (`limactl start dev`), offered to the user after a confirmation. */
  startArgv?: string[];
}

/** Result of detection. */
export interface DetectResult {
  runtimes: RuntimeInfo[];
  durationMs: number;
}

/** The last detection as saved in the data folder, with the time it finished. */
export interface CachedDetect {
  savedAt: string;
  result: DetectResult;
}

/** Events of the bench-script protocol (one JSON object per line on stdout). */
export type BenchEvent =
  | ({ event: 'probe' } & Partial<ProbeInfo>)
  | { event: 'start'; test: TestId; target: string; params?: Record<string, unknown> }
  | { event: 'progress'; test: TestId; done: number; total: number }
  | { event: 'sample'; test: TestId; trial: number; metric: string; value: number }
  | {
      event: 'result';
      test: TestId;
      metrics?: Metrics;
      tool?: { name: string; version: string | null };
      method?: string;
      params?: Record<string, string | number | boolean>;
      command?: string;
    }
  | { event: 'tool-output'; test: TestId; trial: number; tool: string; format: 'json'; data: unknown }
  | { event: 'warmup'; test: TestId }
  /** watch: the target watches `<work folder>/w` in this mode; the host may now write its changes there. */
  | { event: 'watch-ready'; test: TestId; trial: number; mode: 'poll' | 'inotify'; work: string; events: number }
  | {
      event: 'error';
      test?: TestId;
      code: string;
      message: string;
      /** command.sh's failing command: which of the user's commands, its exit status, its program (first word) and the end of its stderr. */
      phase?: 'command' | 'prepare' | 'cleanup';
      status?: number;
      program?: string;
      detail?: string;
      /** Set only by the engine's own drivers (watch-step.ts), never read from a script: the message as a catalogue reference. */ ref?: MsgRef;
    }
  | { event: 'end' };

/** One step of a job's plan: one test in one place of one target. */
export interface PlanStep {
  target: string;
  place: Place;
  test: TestId;
  trials: number;
  /** The most trials it may take (adaptive trials: more than `trials` only while its interval is wider than the suite's target). */
  maxTrials?: number;
  estimateSec: number;
  /** The fraction of the step's time gone when trial k (index k-1) has ended, from this machine's past runs or the plan. */
  checkpoints?: number[];
  /** Where estimateSec and checkpoints came from. */
  estimateFrom?: 'history' | 'plan';
  /** The place's headline (its verdict): the headline test with its short trials, measured before every other step of the run. */
  headline?: true;
}

/** Events of a job, as streamed to every face. */
export type JobEvent = { jobId: string; seq: number } & (
  | {
      type: 'job-started';
      spec: RunSpec;
      plan: PlanStep[];
      startedAt: string;
      /** Where the plan's step estimates came from. */
      estimate?: EstimateSource;
      /** The run's expected duration, as the plan shown before it said it (the same function: run-estimate.ts). */
      expected?: RunEstimate;
    }
  | {
      type: 'progress';
      step: number;
      steps: number;
      target: string;
      place: Place;
      test: TestId;
      trial: number;
      trials: number;
      fraction: number;
      etaSec: number;
      /** Why the ETA went up at this update (it otherwise only counts down: bench/eta.ts). */
      etaRise?: EtaRise;
      /** Trials of the step done. */
      done?: number;
      /** When the engine sent it (ms since the epoch), so a face counts the ETA down from there. */
      at?: number;
    }
  | {
      type: 'sample';
      target: string;
      place: Place;
      test: TestId;
      /** 1, 2, …; 0 is the warm-up pass: a provisional first number, not counted. */ trial: number;
      metric: string;
      value: number;
    }
  | { type: 'result'; target: string; result: TestResult }
  /** A place's headline measured (its verdict, before the other tests): kept in the target's `headlines`, not its results. */
  | { type: 'headline'; target: string; result: TestResult; /** The target's name, so a face names its verdict without detection. */ label?: string }
  | { type: 'test-error'; target: string; error: TestError }
  | { type: 'probe'; target: string; probe: ProbeInfo }
  | {
      type: 'log';
      level: 'info' | 'warn';
      message: string;
      /** The line as a reference into the common catalogue (log.*, errors.*), for the faces to show in the reader's language; absent in old stored events. */ ref?: MsgRef;
    }
  | {
      type: 'job-finished';
      status: RunStatus;
      runId: string | null;
      message?: string;
      /** The failure as a reference into the errors catalogue, when the engine gave one. */ messageRef?: MsgRef;
    }
  /** A detection streams one of these per runtime kind as it answers (jobId `detect:<id>`; no benchmark job). */
  | { type: 'detect-kind'; kind: string; runtimes: RuntimeInfo[] }
);

/** Export formats of a run. */
export type ExportFormat = 'md' | 'csv' | 'json';

/** Request for a share card; `compareTo` makes it a before -> after card. */
export interface CardRequest {
  runId: string;
  compareTo?: string;
  /** Language of the card's text (default en). */
  lang?: Lang;
}

/** Facts about the running engine. */
export interface AppInfo {
  version: string;
  mode: 'electron' | 'web';
  platform: string;
  activeJobs: string[];
}

/** Every request, its arguments and its result. Main-side handlers and clients are typed from it. */
export interface RequestMap {
  'app.info': { args: []; result: AppInfo };
  detect: { args: []; result: DetectResult };
  /** The last detection saved in the data folder (shown while a fresh one runs). */
  'detect.cached': { args: []; result: CachedDetect | null };
  'run.start': { args: [RunSpec]; result: { jobId: string } };
  'run.cancel': { args: [string]; result: { cancelled: boolean } };
  /** "That's enough": the job stops after its headlines (now, when they are measured) and stores what it measured as a headlines-only run. */
  'run.enough': { args: [string]; result: { accepted: boolean } };
  /** How long a run of these targets, tests and suite should take here, before it starts: from this machine's past runs of the same steps, else the plan. */
  'run.estimate': { args: [EstimateRequest]; result: RunEstimate };
  /** Which of these targets can run the user's command on the project (the places that see it), and why each other one would be left out of the run. */
  'command.reach': { args: [CommandReachRequest]; result: CommandReach };
  'runs.list': { args: []; result: RunList };
  'runs.get': { args: [string]; result: Run };
  /** Renames a stored run and/or sets its note. */
  'runs.annotate': { args: [string, RunAnnotation]; result: RunSummary };
  /** Deletes a stored run (after the user confirmed it). */
  'runs.delete': { args: [string]; result: { deleted: boolean } };
  'runs.compare': { args: [string, string]; result: Comparison };
  /** Run files exported by vmbench (one run or several each), stored as imported runs (never executing anything in them); one outcome per file. */
  'runs.import': { args: [ImportFile[], ImportOptions?]; result: ImportOutcome[] };
  /** One row per machine × runtime × place of the given runs, with ratios to each machine's native. */
  'runs.team': { args: [string[]]; result: TeamTable };
  /** The team table as Markdown or CSV, redacted. */
  'runs.teamExport': { args: [string[], 'md' | 'csv', Lang?]; result: { filename: string; mime: string; content: string } };
  'runs.export': { args: [string, ExportFormat, Lang?]; result: { filename: string; mime: string; content: string } };
  /** The comparison of a before run and an after run (ids in that order) as Markdown, CSV or JSON (what Copy and Download give in compare mode). */
  'runs.exportCompare': { args: [string, string, ExportFormat, Lang?]; result: { filename: string; mime: string; content: string } };
  'card.render': { args: [CardRequest]; result: { filename: string; pngBase64: string; width: number; height: number } };
  /** A finding id in, a plan with its planId out: what applying the finding would change. */
  'advice.plan': { args: [string]; result: ApplyPlan };
  /** Restarts a runtime so an applied setting takes effect: the restart plan id an apply result offered (result.restart.planId). */
  'runtime.restart': { args: [string]; result: { restarted: boolean } };
  /** Starts a stopped runtime with its own CLI (only after the user confirmed it). */
  'runtime.start': { args: [string]; result: { started: boolean } };
  /** The planId of a plan from advice.plan that the user confirmed: exactly that change, with a backup and rollback, or a 'conflict' error if its source changed. */
  'advice.apply': { args: [string]; result: ApplyResult };
}

/**
 * The renderer's method for each request channel: `VmbenchApi` derives from it and RequestMap, and
 * api-client.ts binds every one to its channel, so a channel needs no code on the client side. The type
 * requires exactly one per channel.
 */
export const API_METHODS = {
  'app.info': 'appInfo',
  detect: 'detect',
  'detect.cached': 'cachedDetect',
  'run.start': 'startRun',
  'run.cancel': 'cancel',
  'run.enough': 'enough',
  'run.estimate': 'estimateRun',
  'command.reach': 'commandReach',
  'runs.list': 'listRuns',
  'runs.get': 'getRun',
  'runs.annotate': 'annotateRun',
  'runs.delete': 'deleteRun',
  'runs.compare': 'compare',
  'runs.import': 'importRuns',
  'runs.team': 'teamTable',
  'runs.teamExport': 'exportTeam',
  'runs.export': 'exportRun',
  'runs.exportCompare': 'exportComparison',
  'card.render': 'renderCard',
  'advice.plan': 'planApply',
  'advice.apply': 'applyFinding',
  'runtime.restart': 'restartRuntime',
  'runtime.start': 'startRuntime',
} as const satisfies Record<Channel, string>;

/** A request name. */
export type Channel = keyof RequestMap;

/** The envelope every handler answers with. */
export type Envelope<T> = { ok: true; value: T } | { ok: false; error: EnvelopeError };

/** A typed invoke, provided by the preload (ipcRenderer) or the web client (HTTP). */
export type Invoke = <C extends Channel>(channel: C, ...args: RequestMap[C]['args']) => Promise<RequestMap[C]['result']>;
/** Subscribe to job events; returns the unsubscribe function. */
export type Subscribe = (cb: (ev: JobEvent) => void) => () => void;

/** The renderer's method of each channel: its arguments, and a promise of its result. */
type ApiMethods = { [C in Channel as (typeof API_METHODS)[C]]: (...args: RequestMap[C]['args']) => Promise<RequestMap[C]['result']> };

/** The API object the renderer sees (`window.vmbench` in Electron, the web client in a browser): a method per request channel (API_METHODS), and the job events. */
export interface VmbenchApi extends ApiMethods {
  onEvent(cb: (ev: JobEvent) => void): () => void;
}
