import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { DetectResult, JobEvent, RuntimeInfo } from '../../electron/contract/contract.js';
import { readDetectCache, saveDetectCache } from '../../electron/engine/detect-cache.js';
import { fmtAge, shownRuntimes } from '../../src/store/detect-view.js';

const dirs: string[] = [];
const tmp = (): string => {
  const d = mkdtempSync(join(tmpdir(), 'vmbench-detect-cache-'));
  dirs.push(d);
  return d;
};
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

const rt = (id: string, kind: string, extra: Partial<RuntimeInfo> = {}): RuntimeInfo => ({
  id,
  kind,
  name: id,
  version: null,
  state: 'running',
  settings: {},
  settingsSource: {},
  targets: [],
  findings: [],
  ...extra,
});

describe('the saved last detection', () => {
  it('round-trips with the time it was saved, leaving no temp file', async () => {
    const dir = tmp();
    const result: DetectResult = { runtimes: [rt('local', 'local'), rt('lima:default', 'lima')], durationMs: 812 };
    await saveDetectCache(dir, result, new Date('2026-11-23T07:00:00Z'));
    expect(await readDetectCache(dir)).toEqual({ savedAt: '2026-11-23T07:00:00.000Z', result });
    expect(readdirSync(dir)).toEqual(['last-detect.json']);
  });

  it('is no cache when missing, truncated or of the wrong shape', async () => {
    const dir = tmp();
    expect(await readDetectCache(dir)).toBeNull();
    writeFileSync(join(dir, 'last-detect.json'), '{"savedAt":"2026-11-23T07:00:00Z","result":{"runt');
    expect(await readDetectCache(dir)).toBeNull();
    writeFileSync(join(dir, 'last-detect.json'), JSON.stringify({ savedAt: 'yesterday', result: { runtimes: [] } }));
    expect(await readDetectCache(dir)).toBeNull();
    writeFileSync(
      join(dir, 'last-detect.json'),
      JSON.stringify({ savedAt: '2026-11-23T07:00:00Z', result: { runtimes: [null, { id: 'x' }, rt('local', 'local')] } }),
    );
    expect((await readDetectCache(dir))?.result.runtimes.map((r) => r.id)).toEqual(['local']);
  });
});

describe('what Environments shows while a detection runs', () => {
  const last: DetectResult = {
    runtimes: [
      rt('local', 'local', { probe: { fio: true } as unknown as RuntimeInfo['probe'] }),
      rt('lima:default', 'lima'),
      rt('lima:alpine', 'lima', { state: 'stopped' }),
    ],
    durationMs: 900,
  };

  it('marks the kinds that have not answered yet as checking and shows answered kinds fresh', () => {
    const shown = shownRuntimes(last, { local: [rt('local', 'local', { version: 'new' })] }, true);
    expect(shown.map((s) => [s.runtime.id, s.checking])).toEqual([
      ['local', false],
      ['lima:default', true],
      ['lima:alpine', true],
    ]);
    // The probe of the last detection stays until the full result brings its own.
    expect(shown[0].runtime).toMatchObject({ version: 'new', probe: { fio: true } });
  });

  it('replaces a kind by what it answered (a time-out reason) and adds kinds seen for the first time', () => {
    const shown = shownRuntimes(
      last,
      { lima: [rt('lima', 'lima', { state: 'unknown', reason: 'limactl list --json did not answer within 4 s' })], docker: [rt('docker:default', 'docker')] },
      true,
    );
    expect(shown.map((s) => [s.runtime.id, s.checking])).toEqual([
      ['local', true],
      ['lima', false],
      ['docker:default', false],
    ]);
  });

  it('shows the result as it is once the detection has finished', () => {
    expect(shownRuntimes(last, {}, false).every((s) => !s.checking)).toBe(true);
    expect(shownRuntimes(null, {}, true)).toEqual([]);
  });

  it('says how old the saved detection is', () => {
    const now = Date.parse('2026-11-23T07:00:00Z');
    expect(fmtAge('2026-11-23T06:59:48Z', now)).toBe('12 s ago');
    expect(fmtAge('2026-11-23T06:55:00Z', now)).toBe('5 min ago');
    expect(fmtAge('2026-11-23T04:00:00Z', now)).toBe('3 h ago');
    expect(fmtAge('2026-11-21T07:00:00Z', now)).toBe('2 days ago');
  });
});

describe('streamed detect-kind events in the store', () => {
  it('are kept only while a detection runs and never become benchmark jobs', async () => {
    const { useAppStore, initialAppData } = await import('../../src/store/app-store');
    useAppStore.setState(initialAppData());
    const ev = { jobId: 'detect:1', seq: 1, type: 'detect-kind', kind: 'lima', runtimes: [rt('lima:default', 'lima')] } satisfies JobEvent;
    useAppStore.getState().applyJobEvent(ev);
    expect(useAppStore.getState().detectFresh).toEqual({});
    useAppStore.setState({ detectLoading: true });
    useAppStore.getState().applyJobEvent({ ...ev, seq: 2 });
    expect(Object.keys(useAppStore.getState().detectFresh)).toEqual(['lima']);
    expect(useAppStore.getState().jobs.order).toEqual([]);
  });
});
