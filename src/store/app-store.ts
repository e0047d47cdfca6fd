import { create } from 'zustand';
import type { AppInfo, Comparison, DetectResult, JobEvent, MsgRef, Run, RunList, RuntimeInfo, Suite } from '../../electron/contract/contract.js';
import { isMsgRef } from '../../electron/messages/error-text.js';
import { initialJobs, reduceJobEvent, type JobsState } from './job-reducer';

/** The top-level views of the app. */
export type { View } from '../lib/view-catalogue';
import type { View } from '../lib/view-catalogue';

/** One dismissible error message. */
export interface Banner {
  id: number;
  /** In English; `ref`, when the engine gave one, is shown in the UI's language instead (errorText). */
  message: string;
  code?: string;
  ref?: MsgRef;
}

/** Everything the views read; changed only through the actions in actions.ts and the setters here. */
export interface AppState {
  view: View;
  suite: Suite;
  /** Container image for docker targets (`--image`); empty = vmbench's own, built locally. */
  image: string;
  /** Also run the network and service tests (net, redis, http) after the disk tests. */
  services: boolean;
  /** Also run the developer-task test (dev-tree: a node_modules-like tree) after the disk tests. */
  devTree: boolean;
  detect: DetectResult | null;
  detectLoading: boolean;
  /** When `detect` is the saved last detection (not yet this session's): the time it was made. */
  detectSavedAt: string | null;
  /** Kinds that answered the running detection so far (streamed `detect-kind` events). */
  detectFresh: Record<string, RuntimeInfo[]>;
  selectedTargets: string[];
  /** Until the user toggles a target, every running target a detection finds is selected as its kind answers. */
  autoSelect: boolean;
  jobs: JobsState;
  activeJobId: string | null;
  /** The engine's version, mode and jobs as asked once at start (the sidebar shows the version). */
  appInfo: AppInfo | null;
  starting: boolean;
  cancelling: boolean;
  /** "That's enough" was asked of the active job: it stops after its headlines. */
  enough: boolean;
  runs: RunList | null;
  runsLoading: boolean;
  runCache: Record<string, Run>;
  selectedRunId: string | null;
  runLoading: boolean;
  /** The job whose live results the user left for a stored run in Results (null: Results shows a running job live). */
  liveHiddenFor: string | null;
  compareA: string | null;
  compareB: string | null;
  comparison: Comparison | null;
  compareLoading: boolean;
  /** What the share view renders: a run, and optionally the earlier run it is compared to (before -> this). */
  shareRunId: string | null;
  shareCompareTo: string | null;
  banners: Banner[];
  setView(view: View): void;
  setSuite(suite: Suite): void;
  setImage(image: string): void;
  setServices(on: boolean): void;
  setDevTree(on: boolean): void;
  toggleTarget(id: string): void;
  pushError(err: unknown): void;
  dismissBanner(id: number): void;
  applyJobEvent(ev: JobEvent): void;
}

let bannerSeq = 0;

/** The message, code and message reference of anything thrown (ApiError, Error, string). */
export function describeError(err: unknown): { message: string; code?: string; ref?: MsgRef } {
  if (err && typeof err === 'object') {
    const e = err as { message?: unknown; code?: unknown; ref?: unknown };
    const message = typeof e.message === 'string' && e.message ? e.message : String(err);
    return { message, code: typeof e.code === 'string' ? e.code : undefined, ...(isMsgRef(e.ref) ? { ref: e.ref } : {}) };
  }
  return { message: String(err) };
}

/** Initial values of the state (also used by tests to reset the store). */
export function initialAppData(): Omit<
  AppState,
  'setView' | 'setSuite' | 'setImage' | 'setServices' | 'setDevTree' | 'toggleTarget' | 'pushError' | 'dismissBanner' | 'applyJobEvent'
> {
  return {
    view: 'environments',
    suite: 'quick',
    image: savedImage(),
    services: false,
    devTree: false,
    detect: null,
    detectLoading: false,
    detectSavedAt: null,
    detectFresh: {},
    selectedTargets: ['local'],
    autoSelect: true,
    jobs: initialJobs,
    activeJobId: null,
    appInfo: null,
    starting: false,
    cancelling: false,
    enough: false,
    runs: null,
    runsLoading: false,
    runCache: {},
    selectedRunId: null,
    runLoading: false,
    liveHiddenFor: null,
    compareA: null,
    compareB: null,
    comparison: null,
    compareLoading: false,
    shareRunId: null,
    shareCompareTo: null,
    banners: [],
  };
}

/** Listeners told when a job finishes (set by actions.ts to refresh history). */
export const jobFinishedHooks: ((jobId: string, state: AppState) => void)[] = [];

/** The app's zustand store. */
export const useAppStore = create<AppState>()((set, get) => ({
  ...initialAppData(),
  setView: (view) => set({ view }),
  // The developer tasks follow the suite (on in standard and thorough) until the user flips them again.
  setSuite: (suite) => set({ suite, devTree: suite !== 'quick' }),
  setServices: (services) => set({ services }),
  setDevTree: (devTree) => set({ devTree }),
  setImage: (image) => {
    set({ image });
    try {
      localStorage.setItem(IMAGE_KEY, image);
    } catch {
      // Storage unavailable (private mode): the choice lasts for this session.
    }
  },
  toggleTarget: (id) => {
    if (id === 'local') return; // the native baseline is always measured
    const cur = get().selectedTargets;
    set({ selectedTargets: cur.includes(id) ? cur.filter((t) => t !== id) : [...cur, id], autoSelect: false });
  },
  pushError: (err) => {
    const { message, code, ref } = describeError(err);
    const banners = get().banners.filter((b) => b.message !== message);
    set({ banners: [...banners, { id: ++bannerSeq, message, code, ...(ref ? { ref } : {}) }].slice(-4) });
  },
  dismissBanner: (id) => set({ banners: get().banners.filter((b) => b.id !== id) }),
  applyJobEvent: (ev) => {
    const before = get();
    if (ev.type === 'detect-kind') {
      if (!before.detectLoading) return;
      // A kind's running targets are selected as it answers (not only when the whole detection ends), so a click meanwhile is never undone.
      const running = before.autoSelect ? ev.runtimes.filter((r) => r.state === 'running').flatMap((r) => r.targets.map((t) => t.id)) : [];
      const added = running.filter((id) => !before.selectedTargets.includes(id));
      set({
        detectFresh: { ...before.detectFresh, [ev.kind]: ev.runtimes },
        ...(added.length ? { selectedTargets: [...before.selectedTargets, ...added] } : {}),
      });
      return;
    }
    const jobs = reduceJobEvent(before.jobs, ev);
    if (jobs === before.jobs) return;
    const activeJobId = before.activeJobId;
    const ended = ev.type === 'job-finished' && ev.jobId === activeJobId;
    set({ jobs, cancelling: ended ? false : before.cancelling, enough: ended ? false : before.enough });
    if (ev.type === 'job-finished') for (const hook of jobFinishedHooks) hook(ev.jobId, get());
  },
}));

const IMAGE_KEY = 'vmbench.image';

function savedImage(): string {
  try {
    return globalThis.localStorage?.getItem(IMAGE_KEY) ?? '';
  } catch {
    return '';
  }
}
