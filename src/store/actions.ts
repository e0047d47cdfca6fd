import { type RuntimeInfo, type Suite, type TestId } from '../../electron/contract/contract.js';
import { DEV_TESTS, SCRIPT_TESTS, SERVICE_TESTS, defaultTests } from '../../electron/measurement/plan-estimate.js';
import { getApi } from '../api/get-api';
import { jobFinishedHooks, useAppStore } from './app-store';
import { defaultComparePair } from './compare-pick';
import { startJobWatchdog } from './job-watchdog';

const store = useAppStore;

/** Usable targets of a detection: every target of a running runtime, the native baseline first. */
function usableTargets(runtimes: readonly RuntimeInfo[]): string[] {
  const usable = runtimes.filter((r) => r.state === 'running').flatMap((r) => r.targets.map((t) => t.id));
  return ['local', ...usable.filter((id) => id !== 'local')];
}

let freshSeen = false;

/** Shows the last saved detection (marked with its age) if no detection has answered yet. */
export async function loadCachedDetect(): Promise<void> {
  try {
    const cached = await getApi().cachedDetect();
    if (!cached || store.getState().detect !== null || freshSeen) return;
    store.setState({ detect: cached.result, detectSavedAt: cached.savedAt, selectedTargets: usableTargets(cached.result.runtimes) });
  } catch {
    // No cache is no loss: the fresh detection follows.
  }
}

/** Detects runtimes and probes this machine; kinds stream in as they answer; the first fresh answer selects every usable target. */
export async function refreshDetect(): Promise<void> {
  store.setState({ detectLoading: true, detectFresh: {} });
  try {
    const detect = await getApi().detect();
    const patch: Partial<ReturnType<typeof store.getState>> = { detect, detectSavedAt: null };
    if (!freshSeen) {
      const before = store.getState().selectedTargets;
      const usable = usableTargets(detect.runtimes);
      // Keep what the user chose (on the saved detection, or by a click while kinds answered) when it is still usable; otherwise select every usable target.
      const chosen = store.getState().detectSavedAt !== null || !store.getState().autoSelect;
      patch.selectedTargets = chosen ? before.filter((id) => usable.includes(id)) : usable;
      patch.autoSelect = false;
      if (patch.selectedTargets.length === 0) patch.selectedTargets = ['local'];
    }
    freshSeen = true;
    store.setState(patch);
  } catch (err) {
    store.getState().pushError(err);
  } finally {
    store.setState({ detectLoading: false, detectFresh: {} });
  }
}

/** Loads the run history and fills in the default compare pair. */
export async function loadRuns(): Promise<void> {
  store.setState({ runsLoading: true });
  try {
    const runs = await getApi().listRuns();
    const s = store.getState();
    const ids = new Set(runs.runs.map((r) => r.id));
    const known = new Set(s.runs?.runs.map((r) => r.id) ?? []);
    const grew = runs.runs.some((r) => !known.has(r.id));
    const pair = defaultComparePair(runs.runs);
    // A new run makes "the two latest" the natural before/after again; otherwise keep the user's pick.
    const keep = !grew && s.compareA !== null && s.compareB !== null && ids.has(s.compareA) && ids.has(s.compareB);
    store.setState({
      runs,
      selectedRunId: s.selectedRunId && ids.has(s.selectedRunId) ? s.selectedRunId : pair.b,
      compareA: keep ? s.compareA : pair.a,
      compareB: keep ? s.compareB : pair.b,
      comparison: keep ? s.comparison : null,
    });
    const sel = store.getState().selectedRunId;
    if (sel && !store.getState().runCache[sel]) void selectRun(sel);
  } catch (err) {
    store.getState().pushError(err);
  } finally {
    store.setState({ runsLoading: false });
  }
}

/** Makes a run the selected one and loads it (cached after the first load). */
export async function selectRun(id: string): Promise<void> {
  store.setState({ selectedRunId: id });
  if (store.getState().runCache[id]) return;
  store.setState({ runLoading: true });
  try {
    const run = await getApi().getRun(id);
    store.setState({ runCache: { ...store.getState().runCache, [id]: run } });
  } catch (err) {
    store.getState().pushError(err);
  } finally {
    store.setState({ runLoading: false });
  }
}

/** Sets the before/after pair and loads their comparison. */
export async function loadCompare(a: string | null, b: string | null): Promise<void> {
  store.setState({ compareA: a, compareB: b, comparison: null });
  if (!a || !b) return;
  store.setState({ compareLoading: true });
  try {
    const comparison = await getApi().compare(a, b);
    const s = store.getState();
    if (s.compareA === a && s.compareB === b) store.setState({ comparison });
  } catch (err) {
    store.getState().pushError(err);
  } finally {
    store.setState({ compareLoading: false });
  }
}

/** Verification runs (after an apply): job id -> the run to compare against when it finishes. */
const verifying = new Map<string, string>();

/** The newest stored run that measured a target: the "before" of a verification. */
export function latestRunWith(target: string): string | undefined {
  return store.getState().runs?.runs.find((r) => r.targets.includes(target) && r.status !== 'failed')?.id;
}

/** The tests of the run options: the disk suite, plus the developer tasks and the service tests when switched on; undefined when that is the suite's own default. */
export function chosenTests(devTree: boolean, services: boolean, suite?: Suite): TestId[] | undefined {
  // The "Network & services" switch adds the service tests after the disk tests (those a suite runs by default) and the developer tasks.
  const tests = [...SCRIPT_TESTS, ...(devTree ? DEV_TESTS : []), ...(services ? SERVICE_TESTS : [])];
  return suite && tests.join() === defaultTests(suite).join() ? undefined : tests;
}

/** Starts a benchmark of the selected targets with the chosen suite (or of given targets and tests, e.g. to verify an apply). */
export async function startRun(suite?: Suite, only?: { targets: string[]; tests?: TestId[]; before?: string }): Promise<void> {
  const s = store.getState();
  store.setState({ starting: true });
  try {
    const image = s.image.trim() || undefined;
    const targets = only?.targets ?? s.selectedTargets;
    const tests = only?.tests ?? chosenTests(s.devTree, s.services, suite ?? s.suite);
    const { jobId } = await getApi().startRun({ suite: suite ?? s.suite, targets, ...(tests ? { tests } : {}), ...(image ? { image } : {}) });
    store.setState({ activeJobId: jobId });
    if (only?.before) verifying.set(jobId, only.before);
  } catch (err) {
    store.getState().pushError(err);
  } finally {
    store.setState({ starting: false });
  }
}

/** Asks the engine to cancel the active job. */
export async function cancelRun(): Promise<void> {
  const id = store.getState().activeJobId;
  if (!id) return;
  store.setState({ cancelling: true });
  try {
    await getApi().cancel(id);
  } catch (err) {
    store.setState({ cancelling: false });
    store.getState().pushError(err);
  }
}

/** "That's enough": asks the engine to stop the active job after its headlines (the verdicts) and store what it measured. */
export async function enoughRun(): Promise<void> {
  const id = store.getState().activeJobId;
  if (!id) return;
  store.setState({ enough: true });
  try {
    await getApi().enough(id);
  } catch (err) {
    store.setState({ enough: false });
    store.getState().pushError(err);
  }
}

jobFinishedHooks.push((jobId, state) => {
  const job = state.jobs.jobs[jobId];
  // The view when the run ended: a user who opens another view while the history reloads stays there.
  const viewAtEnd = store.getState().view;
  void loadRuns().then(() => {
    if (!job?.runId || jobId !== store.getState().activeJobId) return;
    void selectRun(job.runId);
    const before = verifying.get(jobId);
    verifying.delete(jobId);
    const stored = job.status === 'completed' || job.status === 'partial';
    const show = (view: 'compare' | 'results'): void => {
      if (store.getState().view === viewAtEnd) store.setState({ view });
    };
    // A verification opens Compare: the settings that changed and the metrics, before -> after.
    if (before && stored) {
      void loadCompare(before, job.runId);
      show('compare');
    } else if (stored) show('results');
  });
});

/** Shows a job started elsewhere (another window) if the engine still runs it; replays of finished jobs are ignored. */
async function adoptIfRunning(jobId: string): Promise<void> {
  try {
    const info = await getApi().appInfo();
    const s = store.getState();
    if (!s.activeJobId && info.activeJobs.includes(jobId) && s.jobs.jobs[jobId]?.status === 'running') store.setState({ activeJobId: jobId });
  } catch {
    // Not worth a banner: the job simply is not shown live.
  }
}

let started = false;

/** Wires the event stream and loads the first data; safe to call more than once. */
export function initApp(): void {
  if (started) return;
  started = true;
  const api = getApi();
  api.onEvent((ev) => {
    store.getState().applyJobEvent(ev);
    if (ev.type === 'job-started' && !store.getState().activeJobId) void adoptIfRunning(ev.jobId);
  });
  startJobWatchdog();
  void loadCachedDetect();
  void refreshDetect();
  void loadRuns();
  void api
    .appInfo()
    .then((info) => {
      store.setState({ appInfo: info });
      if (!store.getState().activeJobId && info.activeJobs.length > 0) store.setState({ activeJobId: info.activeJobs[info.activeJobs.length - 1] });
    })
    .catch((err: unknown) => store.getState().pushError(err));
}
