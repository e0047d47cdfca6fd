/** Target selection while a detection streams in: running targets are selected as their kind answers, and a click meanwhile is kept. */
import { beforeEach, describe, expect, it } from 'vitest';
import type { RuntimeInfo } from '../../electron/contract/contract.js';
import { initialAppData, useAppStore } from '../../src/store/app-store';

const docker: RuntimeInfo = {
  id: 'docker:default',
  kind: 'docker-engine',
  name: 'Docker Engine',
  version: '26.1.5',
  state: 'running',
  settings: {},
  settingsSource: {},
  targets: [{ id: 'docker:default', label: 'Docker Engine', places: ['shared', 'guest', 'volume'] }],
  findings: [],
};
const stopped: RuntimeInfo = {
  ...docker,
  id: 'colima:default',
  kind: 'colima',
  state: 'stopped',
  targets: [{ id: 'colima:default', label: 'Colima', places: ['shared', 'guest'] }],
};
const kind = (k: string, runtimes: RuntimeInfo[]): void =>
  useAppStore.getState().applyJobEvent({ jobId: 'detect:x', seq: 1, type: 'detect-kind', kind: k, runtimes } as never);

describe('selection during detection', () => {
  beforeEach(() => useAppStore.setState({ ...initialAppData(), detectLoading: true }));

  it("selects a kind's running targets as it answers, never a stopped one", () => {
    kind('docker-engine', [docker]);
    kind('colima', [stopped]);
    expect(useAppStore.getState().selectedTargets).toEqual(['local', 'docker:default']);
  });

  it('keeps a click made while kinds answer: nothing is added or undone afterwards', () => {
    kind('docker-engine', [docker]);
    useAppStore.getState().toggleTarget('docker:default');
    expect(useAppStore.getState()).toMatchObject({ selectedTargets: ['local'], autoSelect: false });
    kind('docker-engine', [docker]);
    expect(useAppStore.getState().selectedTargets).toEqual(['local']);
  });
});
