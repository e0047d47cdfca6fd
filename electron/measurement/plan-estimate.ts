/**
 * Suite presets and time estimates, shared by the engine (plan, progress, ETA) and the renderer
 * (the estimate next to "Benchmark my setup"). Each test's presets and estimate come from its entry in
 * test-catalogue.ts; this module plans them over places and targets.
 *
 * The estimates are calibrated on the development machine (virtio disk, ext4: ~1-2 GB/s sequential,
 * ~88k 4k IOPS at QD32), where the quick suite took 52 s natively when first measured and 64-78 s once its
 * scripts settled write-back and warmed up (the catalogue's write-pass and small-files costs; the plan says 68 s
 * there now). Before a run the faces show run-estimate.ts's figure: this machine's past runs, else this plan. A guest place costs more: every
 * trial crosses into the guest (docker exec, limactl shell, the guest agent) and guest disks and
 * shares are slower; GUEST_FACTOR and GUEST_TRIAL_SEC are set from a measured case (Docker, quick,
 * three places: about 4.5 min, i.e. ~1.7x the native 52 s per place), and a guest target adds
 * TARGET_SETUP_SEC for its probe and set-up (a container, an image check).
 */
import type { Place, Suite, TestId } from '../contract/contract.js';
import { headlineTest, TEST_IDS, testSpec, testsOfKind, type SuiteParams, type TestSpec } from '../contract/test-catalogue.js';
import { DISK_TESTS } from '../contract/contract-base.js';

/** A test that has a bench script in this version (every test of the catalogue). */
export type ScriptTest = TestId;
export type { SuiteParams };

/** The tests a run does when none are named (the disk tests but those that run only when named: optIn), in the order a suite runs them. */
export const SCRIPT_TESTS: readonly ScriptTest[] = DISK_TESTS.filter((t) => !testSpec(t)?.optIn);
/** The disk tests that run only when named (`--tests rand-write`): the catalogue's optIn. */
export const OPT_IN_TESTS: readonly ScriptTest[] = DISK_TESTS.filter((t) => testSpec(t)?.optIn);
/** The service tests (servers on loopback, or the engine's on the host: see service-step.ts), run when named (`--tests net,redis,http`). */
export const SERVICE_TESTS: readonly ScriptTest[] = testsOfKind('service');
/** The developer-task tests (a node_modules-like tree; file-change propagation): in the standard and thorough suites, and in quick when named (`--tests dev-tree,watch`). */
export const DEV_TESTS: readonly ScriptTest[] = testsOfKind('dev');

/** The tests a suite runs when none are named: the disk tests, plus the developer tasks in standard and thorough (quick stays about a minute natively; its dev-tree, when asked for, is a small tree). */
export function defaultTests(suite: Suite): ScriptTest[] {
  return suite === 'quick' ? [...SCRIPT_TESTS] : [...SCRIPT_TESTS, ...DEV_TESTS];
}

/** Whether a test runs in a place: a test that needs this machine to write into the place's folder (watch) only natively and in a shared folder. */
export function runsIn(test: TestId, place: Place): boolean {
  return !testSpec(test)?.hostWritable || place === 'native' || place === 'shared';
}
/** The user's own command (`vmbench run --command`): run only in a run that names a command (RunSpec.command), alone. */
export const COMMAND_TESTS: readonly ScriptTest[] = testsOfKind('command');
/** Every test that has a script, in run order. */
export const RUNNABLE_TESTS: readonly ScriptTest[] = [...DISK_TESTS, ...DEV_TESTS, ...SERVICE_TESTS, ...COMMAND_TESTS];

function specOf(test: string): TestSpec {
  const spec = (TEST_IDS as readonly string[]).includes(test) ? testSpec(test) : undefined;
  if (!spec) throw new Error(`the ${test} test has no bench script in this version`);
  return spec;
}

/**
 * Adaptive trials of a suite: after the preset's trials (the minimum), a test whose primary metric's 95% interval
 * (the verdicts' interval, verdict-stats.ts logMeanInterval) is wider than ±targetHalfWidth gets one more trial at a
 * time, up to maxTrials. watch keeps its preset count (its trials are driven from the host in one script run).
 * quick keeps its 3 trials so that its time is what the plan says on any machine (no trials record; Results marks a
 * quick result unstable by its trials' spread, electron/presentation/unstable.ts); `vmbench run --max-trials N` lets it add trials.
 */
const ADAPTIVE: Record<Suite, { maxTrials: number; targetHalfWidth: number }> = {
  quick: { maxTrials: 3, targetHalfWidth: 0.1 },
  standard: { maxTrials: 8, targetHalfWidth: 0.05 },
  thorough: { maxTrials: 12, targetHalfWidth: 0.05 },
};

/** The most trials a run may ask for (run.start's `trials.maxTrials`, `vmbench run --max-trials`). */
export const MAX_TRIALS_LIMIT = 50;

/** How many trials a test takes in a suite and the stated target that decides between the two. */
export interface TrialsPlan {
  minTrials: number;
  maxTrials: number;
  /** Half-width of the primary metric's 95% interval over its center that is good enough (0.1 = ±10%). */
  targetHalfWidth: number;
  /** Seconds of a step after which no trial is added (the command test's time cap per place, a headline's); none: no cap. */
  capSec?: number;
  /** Trials are added in batches (each script run as many trials as taken so far, up to the maximum) instead of one at a time: a headline's, whose script runs are short next to their set-up. */
  batches?: boolean;
}

/** The trials plan of a test in a suite; `override` (a suite override of a run) replaces the target or the maximum. */
export function trialsPlan(suite: Suite, test: TestId, override: { targetPct?: number; maxTrials?: number } = {}): TrialsPlan {
  const minTrials = preset(suite, test).trials;
  const a = ADAPTIVE[suite];
  const max = testSpec(test)?.fixedTrials ? minTrials : Math.max(minTrials, override.maxTrials ?? a.maxTrials);
  return { minTrials, maxTrials: max, targetHalfWidth: override.targetPct !== undefined ? override.targetPct / 100 : a.targetHalfWidth };
}

/** Expected seconds of one trial added after the minimum: the test's set-up again (a new script run) plus one trial; `params` for a headline's own. */
export function addedTrialEstimateSec(suite: Suite, test: TestId, params: SuiteParams = preset(suite, test)): number {
  const total = Math.ceil(specOf(test).estimate(params));
  const setup = Math.min(total, specOf(test).setup(params));
  return Math.max(1, Math.ceil(setup + (total - setup) / Math.max(1, params.trials ?? 1)));
}

/** The parameters of a test in a suite (the preset itself: do not change it). */
export function preset(suite: Suite, test: TestId): SuiteParams {
  const s = specOf(test).presets[suite];
  if (!s) throw new Error(`unknown suite "${suite}" (quick, standard or thorough)`);
  return s;
}

/** Expected duration of a test in a suite on a disk like the development machine's, in seconds (the catalogue's estimate of its preset). */
export function estimateSec(suite: Suite, test: TestId): number {
  return Math.ceil(specOf(test).estimate(preset(suite, test)));
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

/** Where a service test runs among a target's places: natively once; in a guest once (the guest: net, redis) or in every place (http), as its catalogue entry says. */
export function servicePlaces(test: TestId, places: readonly Place[]): Place[] {
  if (places.includes('native')) return ['native'];
  if (testSpec(test)?.servicePlaces === 'every') return [...places];
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

/** A headline step's parameters and trials: the catalogue entry's `headline` (short trials, the same in every suite), else the suite's preset and trials (the user's command). */
export function headlineParams(
  suite: Suite,
  test: TestId,
  override: { targetPct?: number; maxTrials?: number } = {},
): { params: SuiteParams; trials: TrialsPlan } {
  const h = specOf(test).headline;
  if (!h) return { params: preset(suite, test), trials: trialsPlan(suite, test, override) };
  const trials = {
    minTrials: h.params.trials,
    maxTrials: Math.max(h.params.trials, h.maxTrials),
    targetHalfWidth: h.targetHalfWidth,
    capSec: h.capSec,
    batches: true,
  };
  return { params: h.params, trials };
}

/** Expected duration of a test's headline in one place (its headline parameters through the catalogue's estimate, plus the cost of a guest place). */
export function headlineEstimateSec(suite: Suite, test: TestId, place: Place): number {
  const { params } = headlineParams(suite, test);
  const base = Math.ceil(specOf(test).estimate(params));
  return place === 'native' ? base : Math.ceil(base * GUEST_FACTOR + GUEST_TRIAL_SEC * params.trials);
}

/** The places of a target its headline is measured in (every place its headline test runs in), with the headline test; none when the tests have no headline. */
export function headlineSteps(tests: readonly TestId[], places: readonly Place[]): { place: Place; test: ScriptTest }[] {
  const test = headlineTest(tests);
  // The user's own command has no short form: its steps are its verdicts, measured once (a command run is that test alone).
  if (!test || testSpec(test)?.headline === undefined) return [];
  return plannedSteps([test], places);
}

/** Expected seconds until a target's verdicts (its headlines, plus a guest's set-up, which comes first), on the plan alone; 0 when the tests have no headline. */
export function targetVerdictSec(suite: Suite, tests: readonly TestId[], places: readonly Place[]): number {
  const steps = headlineSteps(tests, places);
  if (!steps.length) return 0;
  return steps.reduce((a, s) => a + headlineEstimateSec(suite, s.test, s.place), 0) + (places.includes('native') ? 0 : TARGET_SETUP_SEC);
}

/** Expected duration of a whole target (its headlines, every planned step, plus a guest's set-up), in seconds. */
export function targetEstimateSec(suite: Suite, tests: readonly TestId[], places: readonly Place[]): number {
  const steps = plannedSteps(tests, places).reduce((a, s) => a + placeEstimateSec(suite, s.test, s.place), 0);
  const headlines = headlineSteps(tests, places).reduce((a, s) => a + headlineEstimateSec(suite, s.test, s.place), 0);
  return steps + headlines + (places.includes('native') ? 0 : TARGET_SETUP_SEC);
}

/** The fewest and the most trials of a suite's tests (its default tests unless named): quick 3 and 3, standard 5 and 8, thorough 7 and 12. */
export function suiteTrials(suite: Suite, tests: readonly TestId[] = defaultTests(suite)): { min: number; max: number } {
  const plans = (tests.length ? tests : defaultTests(suite)).map((t) => trialsPlan(suite, t));
  return { min: Math.min(...plans.map((p) => p.minTrials)), max: Math.max(...plans.map((p) => p.maxTrials)) };
}

/** Seconds of `extra` added trials that take `native` seconds natively, in a place (a guest place's cost as placeEstimateSec's). */
function addedInPlace(native: number, extra: number, place: Place): number {
  return place === 'native' ? native : Math.ceil(native * GUEST_FACTOR + GUEST_TRIAL_SEC * extra);
}

/** Expected duration of a whole target when every step that may add trials takes its maximum (each added trial a new script run), in seconds. */
export function targetMaxEstimateSec(suite: Suite, tests: readonly TestId[], places: readonly Place[]): number {
  const added = plannedSteps(tests, places).reduce((a, s) => {
    const p = trialsPlan(suite, s.test);
    const extra = p.maxTrials - p.minTrials;
    if (extra <= 0) return a;
    return a + addedInPlace(extra * addedTrialEstimateSec(suite, s.test), extra, s.place);
  }, 0);
  const headlines = headlineSteps(tests, places).reduce((a, s) => {
    const { params, trials } = headlineParams(suite, s.test);
    const extra = trials.maxTrials - trials.minTrials;
    return a + addedInPlace(extra * addedTrialEstimateSec(suite, s.test, params), extra, s.place);
  }, 0);
  return targetEstimateSec(suite, tests, places) + added + headlines;
}

/** Seconds of a test's set-up before its first trial (warm-up pass, file layout, a server's start), on the development machine. */
export function setupEstimateSec(suite: Suite, test: TestId): number {
  return specOf(test).setup(preset(suite, test));
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
