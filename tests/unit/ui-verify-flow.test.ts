import { describe, expect, it } from 'vitest';
import type { JobEvent, RunList, VmbenchApi } from '../../electron/contract/contract.js';

// The renderer's API object is the preload's window.vmbench when present; here a recorder.
const compared: [string, string][] = [];
/** Holds listRuns back until released: the history reload after a run, while the user may move. */
let listGate: Promise<void> = Promise.resolve();
const runs: RunList = {
  runs: [
    {
      id: 'r2',
      startedAt: '2026-11-21T11:00:00Z',
      status: 'completed',
      suite: 'quick',
      targets: ['local', 'libvirt:web'],
      tests: ['seq-write'],
      targetStatus: { local: 'ok', 'libvirt:web': 'ok' },
      headline: {},
    },
    {
      id: 'r1',
      startedAt: '2026-11-21T10:00:00Z',
      status: 'completed',
      suite: 'quick',
      targets: ['local', 'libvirt:web'],
      tests: ['seq-write'],
      targetStatus: { local: 'ok', 'libvirt:web': 'ok' },
      headline: {},
    },
  ],
  warnings: [],
};
(globalThis as { window?: unknown }).window = {
  vmbench: {
    startRun: async () => ({ jobId: 'job-v' }),
    listRuns: async () => (await listGate, runs),
    getRun: async () => ({}) as never,
    compare: async (a: string, b: string) => (
      compared.push([a, b]),
      {
        a: runs.runs[1],
        b: runs.runs[0],
        rows: [],
        settings: [],
        summary: { better: 0, worse: 0, noise: 0, undecided: 0, onlyOne: 0, supporting: 0, line: '' },
        method: {
          name: 'welch-log-ratio',
          alpha: 0.05,
          correction: 'bonferroni-primary',
          family: 0,
          perTestAlpha: 0.05,
          level: 0.95,
          minEffect: 0.05,
          minTrials: 3,
          text: '',
        },
      }
    ),
  } as Partial<VmbenchApi>,
};
const { useAppStore, initialAppData } = await import('../../src/store/app-store.js');
const { startRun } = await import('../../src/store/actions.js');

describe('verify after an apply', () => {
  it('when the re-run of the affected tests finishes, Compare opens with the run before the apply and the new run', async () => {
    useAppStore.setState(initialAppData());
    await startRun(undefined, { targets: ['local', 'libvirt:web'], tests: ['rand-read'], before: 'r1' });
    const ev = (e: Record<string, unknown>, seq: number): JobEvent => ({ jobId: 'job-v', seq, ...e }) as JobEvent;
    useAppStore.getState().applyJobEvent(ev({ type: 'job-started', spec: { suite: 'quick' }, plan: [], startedAt: '2026-11-21T11:00:00Z' }, 1));
    useAppStore.getState().applyJobEvent(ev({ type: 'job-finished', status: 'completed', runId: 'r2' }, 2));
    for (let i = 0; i < 20 && compared.length === 0; i++) await new Promise((r) => setTimeout(r, 5));
    expect(compared).toEqual([['r1', 'r2']]);
    expect(useAppStore.getState()).toMatchObject({ view: 'compare', compareA: 'r1', compareB: 'r2' });
  });

  it('a view opened while the history reloads after the run stays open; without one, Results opens', async () => {
    const finishRun = async (jobId: string, runId: string, moveTo?: 'history'): Promise<void> => {
      let release: () => void = () => undefined;
      listGate = new Promise<void>((r) => (release = r));
      useAppStore.setState({ ...initialAppData(), view: 'environments', activeJobId: jobId });
      const ev = (e: Record<string, unknown>, seq: number): JobEvent => ({ jobId, seq, ...e }) as JobEvent;
      useAppStore.getState().applyJobEvent(ev({ type: 'job-started', spec: { suite: 'quick' }, plan: [], startedAt: '2026-11-21T11:00:00Z' }, 1));
      useAppStore.getState().applyJobEvent(ev({ type: 'job-finished', status: 'completed', runId }, 2));
      if (moveTo) useAppStore.getState().setView(moveTo); // Alt+4 right as the run ends
      release();
      for (let i = 0; i < 10; i++) await new Promise((r) => setTimeout(r, 5)); // the reload and the hook after it settle
      listGate = Promise.resolve();
    };
    await finishRun('job-a', 'r2', 'history');
    expect(useAppStore.getState().view).toBe('history');
    await finishRun('job-b', 'r2');
    expect(useAppStore.getState().view).toBe('results');
  });
});
