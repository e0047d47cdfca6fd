import { beforeEach, describe, expect, it } from 'vitest';
import type { RunSpec, VmbenchApi } from '../../electron/contract/contract.js';

// The renderer's API object is the preload's window.vmbench when present; here a recorder of startRun.
const started: RunSpec[] = [];
(globalThis as { window?: unknown }).window = {
  vmbench: { startRun: async (spec: RunSpec) => (started.push(spec), { jobId: 'job-1' }) } as Partial<VmbenchApi>,
};
const { useAppStore, initialAppData } = await import('../../src/store/app-store.js');
const { startRun } = await import('../../src/store/actions.js');

describe('container image setting', () => {
  beforeEach(() => {
    started.length = 0;
    useAppStore.setState(initialAppData());
  });

  it('sends no image by default (vmbench builds its own)', async () => {
    await startRun();
    expect(started[0]).toEqual({ suite: 'quick', targets: ['local'] });
  });

  it('sends the image the user typed, trimmed, with the selected targets', async () => {
    useAppStore.getState().setImage('  alpine-fio:3.21 ');
    useAppStore.setState({ selectedTargets: ['local', 'docker:default'] });
    await startRun('standard');
    // The Developer tasks switch is off (the quick suite's default), so the standard run names its tests without them.
    expect(started[0]).toEqual({
      suite: 'standard',
      targets: ['local', 'docker:default'],
      tests: ['seq-write', 'seq-read', 'rand-read', 'small-files'],
      image: 'alpine-fio:3.21',
    });
    expect(useAppStore.getState().activeJobId).toBe('job-1');
  });
});

describe('network and service tests', () => {
  it('adds net, redis and http after the disk tests when the switch is on', async () => {
    started.length = 0;
    useAppStore.setState(initialAppData());
    useAppStore.getState().setServices(true);
    await startRun();
    expect(started[0]).toEqual({ suite: 'quick', targets: ['local'], tests: ['seq-write', 'seq-read', 'rand-read', 'small-files', 'net', 'redis', 'http'] });
  });
});

describe('verify after an apply', () => {
  it('re-runs only the affected tests on the given targets', async () => {
    started.length = 0;
    useAppStore.setState(initialAppData());
    await startRun(undefined, { targets: ['local', 'libvirt:web'], tests: ['seq-write', 'seq-read', 'rand-read'] });
    expect(started[0]).toEqual({ suite: 'quick', targets: ['local', 'libvirt:web'], tests: ['seq-write', 'seq-read', 'rand-read'] });
  });
});
