/**
 * Suite presets and time estimates, shared by the engine (plan, progress, ETA) and the renderer
 * (the estimate next to "Benchmark my setup"): dependency-free like contract.ts and metrics.ts.
 *
 * estimateSec is calibrated on the development machine (virtio disk, ext4: ~1-2 GB/s sequential,
 * ~88k 4k IOPS at QD32), where the quick suite took 52 s natively. A guest place costs more: every
 * trial crosses into the guest (docker exec, limactl shell, the guest agent) and guest disks and
 * shares are slower; GUEST_FACTOR and GUEST_TRIAL_SEC are set from a measured case (Docker, quick,
 * three places: about 4.5 min, i.e. ~1.7x the native 52 s per place), and a guest target adds
 * TARGET_SETUP_SEC for its probe and set-up (a container, an image check).
 */
import type { Place, Suite, TestId } from './contract.js';

/** A test that has a bench script in this version. */
export type ScriptTest = 'seq-write' | 'seq-read' | 'rand-read' | 'small-files' | 'dev-tree' | 'watch' | 'net' | 'redis' | 'http';
/** Parameters of a test in a suite (names as in the start/result events: sizeMiB, trials, ...). */
export type SuiteParams = Record<string, number>;

/** The tests a run does when none are named (the disk tests), in the order a suite runs them. */
export const SCRIPT_TESTS: readonly ScriptTest[] = ['seq-write', 'seq-read', 'rand-read', 'small-files'];
/** The service tests (servers on loopback, or the engine's on the host: see service-step.ts), run when named (`--tests net,redis,http`). */
export const SERVICE_TESTS: readonly ScriptTest[] = ['net', 'redis', 'http'];
/** The developer-task tests (a node_modules-like tree; file-change propagation): in the standard and thorough suites, and in quick when named (`--tests dev-tree,watch`). */
export const DEV_TESTS: readonly ScriptTest[] = ['dev-tree', 'watch'];

/** The tests a suite runs when none are named: the disk tests, plus the developer tasks in standard and thorough (quick stays about a minute natively; its dev-tree, when asked for, is a small tree). */
export function defaultTests(suite: Suite): ScriptTest[] {
  return suite === 'quick' ? [...SCRIPT_TESTS] : [...SCRIPT_TESTS, ...DEV_TESTS];
}

/** Whether a test runs in a place: watch only where the host can write into the place's folder (native, a shared folder). */
export function runsIn(test: TestId, place: Place): boolean {
  return test !== 'watch' || place === 'native' || place === 'shared';
}
/** Every test that has a script, in run order. */
export const RUNNABLE_TESTS: readonly ScriptTest[] = [...SCRIPT_TESTS, ...DEV_TESTS, ...SERVICE_TESTS];

const PRESETS: Record<Suite, Record<ScriptTest, SuiteParams>> = {
  quick: {
    'seq-write': { trials: 3, sizeMiB: 1024, bsKiB: 1024, maxS: 8 },
    'seq-read': { trials: 3, sizeMiB: 1024, bsKiB: 1024, maxS: 8 },
    'rand-read': { trials: 3, sizeMiB: 256, runtimeS: 10, rampS: 2, iodepth: 32, bsKiB: 4 },
    'small-files': { trials: 3, files: 2000, sizeBytes: 4096 },
    'dev-tree': { trials: 3, files: 2000, seed: 1 },
    watch: { trials: 3, events: 20, boundMs: 2000 },
    net: { trials: 3, runtimeS: 1, streams: 1 },
    redis: { trials: 3, requests: 20000, clients: 16, maxS: 30 },
    http: { trials: 3, runtimeS: 2, clients: 16, files: 200 },
  },
  standard: {
    'seq-write': { trials: 5, sizeMiB: 2048, bsKiB: 1024, maxS: 20 },
    'seq-read': { trials: 5, sizeMiB: 2048, bsKiB: 1024, maxS: 20 },
    'rand-read': { trials: 5, sizeMiB: 1024, runtimeS: 20, rampS: 3, iodepth: 32, bsKiB: 4 },
    'small-files': { trials: 5, files: 5000, sizeBytes: 4096 },
    'dev-tree': { trials: 5, files: 27000, seed: 1 },
    watch: { trials: 5, events: 40, boundMs: 2000 },
    net: { trials: 5, runtimeS: 3, streams: 1 },
    redis: { trials: 5, requests: 100000, clients: 50, maxS: 60 },
    http: { trials: 5, runtimeS: 5, clients: 32, files: 1000 },
  },
  thorough: {
    'seq-write': { trials: 7, sizeMiB: 8192, bsKiB: 1024, maxS: 60 },
    'seq-read': { trials: 7, sizeMiB: 8192, bsKiB: 1024, maxS: 60 },
    'rand-read': { trials: 7, sizeMiB: 4096, runtimeS: 30, rampS: 5, iodepth: 32, bsKiB: 4 },
    'small-files': { trials: 7, files: 20000, sizeBytes: 4096 },
    'dev-tree': { trials: 7, files: 35000, seed: 1 },
    watch: { trials: 7, events: 60, boundMs: 2000 },
    net: { trials: 7, runtimeS: 10, streams: 4 },
    redis: { trials: 7, requests: 500000, clients: 50, maxS: 120 },
    http: { trials: 7, runtimeS: 10, clients: 64, files: 5000 },
  },
};

/**
 * Adaptive trials of a suite: after the preset's trials (the minimum), a test whose primary metric's 95% interval
 * (the verdicts' interval, verdict-stats.ts logMeanInterval) is wider than ±targetHalfWidth gets one more trial at a
 * time, up to maxTrials. watch keeps its preset count (its trials are driven from the host in one script run).
 */
const ADAPTIVE: Record<Suite, { maxTrials: number; targetHalfWidth: number }> = {
  quick: { maxTrials: 5, targetHalfWidth: 0.1 },
  standard: { maxTrials: 8, targetHalfWidth: 0.05 },
  thorough: { maxTrials: 12, targetHalfWidth: 0.05 },
};

/** How many trials a test takes in a suite and the stated target that decides between the two. */
export interface TrialsPlan {
  minTrials: number;
  maxTrials: number;
  /** Half-width of the primary metric's 95% interval over its center that is good enough (0.1 = ±10%). */
  targetHalfWidth: number;
}

/** The trials plan of a test in a suite; `override` (a suite override of a run) replaces the target or the maximum. */
export function trialsPlan(suite: Suite, test: TestId, override: { targetPct?: number; maxTrials?: number } = {}): TrialsPlan {
  const minTrials = preset(suite, test).trials;
  const a = ADAPTIVE[suite];
  const max = test === 'watch' ? minTrials : Math.max(minTrials, override.maxTrials ?? a.maxTrials);
  return { minTrials, maxTrials: max, targetHalfWidth: override.targetPct !== undefined ? override.targetPct / 100 : a.targetHalfWidth };
}

/** Expected seconds of one trial added after the minimum: the test's set-up again (a new script run) plus one trial. */
export function addedTrialEstimateSec(suite: Suite, test: TestId): number {
  const total = estimateSec(suite, test);
  const setup = Math.min(total, setupEstimateSec(suite, test));
  return Math.max(1, Math.ceil(setup + (total - setup) / Math.max(1, preset(suite, test).trials)));
}

// Calibration (development machine): sequential MB/s per pass, files created per second
// (the create phase includes a sync and dominates small-files), fixed cost of a fio run.
const REF_SEQ_MBPS = 1200;
const REF_CREATE_PER_S = 2000;
const FIO_START_SEC = 0.3;
// Services: loopback SET/GET rate of redis 7 here (~50k/s with 16 clients), a server's start.
const REF_REDIS_RPS = 50000;
const SERVER_START_SEC = 0.5;
// dev-tree: files per second of one whole trial (extract + sync, walk, read, delete) on the development machine.
const REF_TREE_FILES_PER_S = 2500;


/** The parameters of a test in a suite (the preset itself: do not change it). */
export function preset(suite: Suite, test: TestId): SuiteParams {
  if (!isScriptTest(test)) throw new Error(`the ${test} test has no bench script in this version`);
  const s = PRESETS[suite];
  if (!s) throw new Error(`unknown suite "${suite}" (quick, standard or thorough)`);
  return s[test];
}

/** Expected duration of a test in a suite on a disk like the development machine's, in seconds. */
export function estimateSec(suite: Suite, test: TestId): number {
  const p = preset(suite, test);
  const seqPass = Math.min((p.sizeMiB ?? 0) * 1.048576 / REF_SEQ_MBPS, p.maxS ?? Infinity) + FIO_START_SEC;
  let sec: number;
  if (test === 'seq-write') sec = (p.trials + 1) * seqPass;
  else if (test === 'seq-read') sec = (p.trials + 2) * seqPass; // + writing the file + warm-up pass
  else if (test === 'rand-read') sec = seqPass + p.trials * (p.runtimeS + p.rampS + FIO_START_SEC);
  else if (test === 'net') sec = SERVER_START_SEC + p.trials * 2 * (p.runtimeS + 1 + 0.2); // 2 directions, 1 s omitted each
  else if (test === 'redis') sec = SERVER_START_SEC + p.trials * 2 * Math.min((2 * p.requests) / REF_REDIS_RPS + 0.1, p.maxS);
  else if (test === 'dev-tree') sec = (p.trials + 1) * (p.files / REF_TREE_FILES_PER_S) + 0.5; // building the tree ~ one trial
  else if (test === 'watch') sec = p.trials * 2 * (p.events * 0.03 + 0.3); // two modes, ~30 ms a change with its pause
  else if (test === 'http') sec = SERVER_START_SEC + p.files / 2000 + p.trials * 2 * (p.runtimeS + 0.2); // the static file, then the small site
  else sec = p.trials * (p.files / REF_CREATE_PER_S + 0.1) + 0.2;
  return Math.ceil(sec);
}


function isScriptTest(test: string): test is ScriptTest {
  return (RUNNABLE_TESTS as readonly string[]).includes(test);
}

const GUEST_FACTOR = 1.4;
const GUEST_TRIAL_SEC = 1;
const TARGET_SETUP_SEC = 15;

/** Expected duration of a test in one place: the native estimate, plus the cost of a guest place. */
export function placeEstimateSec(suite: Suite, test: TestId, place: Place): number {
  const base = estimateSec(suite, test);
  if (place === 'native') return base;
  return Math.ceil(base * GUEST_FACTOR + GUEST_TRIAL_SEC * (preset(suite, test).trials ?? 1));
}

/** Where a service test runs among a target's places: natively once; in a guest net and redis once (the guest), http in every place. */
export function servicePlaces(test: TestId, places: readonly Place[]): Place[] {
  if (places.includes('native')) return ['native'];
  if (test === 'http') return [...places];
  return places.includes('guest') ? ['guest'] : places.slice(0, 1);
}

/** The steps (place x test) a run does in a target, in run order. */
export function plannedSteps(tests: readonly TestId[], places: readonly Place[]): { place: Place; test: ScriptTest }[] {
  const wanted = RUNNABLE_TESTS.filter((t) => tests.includes(t)).sort((a, b) => tests.indexOf(a) - tests.indexOf(b));
  const steps: { place: Place; test: ScriptTest }[] = [];
  for (const place of places) {
    for (const test of wanted) {
      if ((SERVICE_TESTS as readonly TestId[]).includes(test) && !servicePlaces(test, places).includes(place)) continue;
      if (!runsIn(test, place)) continue;
      steps.push({ place, test });
    }
  }
  return steps;
}

/** Expected duration of a whole target (every planned step, plus a guest's set-up), in seconds. */
export function targetEstimateSec(suite: Suite, tests: readonly TestId[], places: readonly Place[]): number {
  const steps = plannedSteps(tests, places).reduce((a, s) => a + placeEstimateSec(suite, s.test, s.place), 0);
  return steps + (places.includes('native') ? 0 : TARGET_SETUP_SEC);
}

/** Seconds of a test's set-up before its first trial (warm-up pass, file layout, a server's start), on the development machine. */
export function setupEstimateSec(suite: Suite, test: TestId): number {
  const p = preset(suite, test);
  const seqPass = Math.min((p.sizeMiB ?? 0) * 1.048576 / REF_SEQ_MBPS, p.maxS ?? Infinity) + FIO_START_SEC;
  if (test === 'seq-write' || test === 'rand-read') return seqPass;
  if (test === 'seq-read') return 2 * seqPass;
  if (test === 'dev-tree') return p.files / REF_TREE_FILES_PER_S + 0.5;
  if (test === 'http') return SERVER_START_SEC + p.files / 2000;
  if (test === 'net' || test === 'redis') return SERVER_START_SEC;
  return test === 'small-files' ? 0.2 : 0;
}

/** The plan's checkpoints of a step: the fraction of its time gone when each trial ends (set-up first, then equal trials). */
export function planCheckpoints(suite: Suite, test: TestId, trials: number): number[] {
  const total = Math.max(1, estimateSec(suite, test));
  const setup = Math.min(total, setupEstimateSec(suite, test)) / total;
  return Array.from({ length: Math.max(0, trials) }, (_, k) => setup + ((1 - setup) * (k + 1)) / Math.max(1, trials));
}

/** How much (0..1) of a step is done after `done` of its trials: its checkpoints when it has them, else trials done ÷ trials. */
export function stepDoneFraction(step: { trials: number; checkpoints?: number[] }, done: number): number {
  if (done <= 0) return 0;
  if (done >= step.trials) return step.checkpoints?.[step.trials - 1] ?? 1;
  const c = step.checkpoints?.[done - 1];
  return typeof c === 'number' && Number.isFinite(c) ? Math.min(1, Math.max(0, c)) : done / Math.max(1, step.trials);
}
