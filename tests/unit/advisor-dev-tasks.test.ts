/** Advice from the developer tasks: the named-volume layout from the tree extract, a polling watcher when inotify is not delivered. */
import { describe, expect, it } from 'vitest';
import type { Run, RuntimeInfo, TestError, TestResult } from '../../electron/contract/contract.js';
import { adviseRuntime } from '../../electron/engine/advisor/index.js';
import { measuredGain } from '../../electron/engine/advisor/rank.js';
import { findingText } from '../../electron/messages/finding-text.js';

const MAC = { platform: 'darwin' };
const rt: RuntimeInfo = {
  id: 'docker:desktop-linux',
  kind: 'docker-desktop',
  name: 'Docker Desktop',
  version: '4.40.0',
  state: 'running',
  settings: {},
  settingsSource: {},
  targets: [{ id: 'docker:desktop-linux', label: 'Docker Desktop', places: ['shared', 'guest', 'volume'] }],
  findings: [],
};

const res = (test: TestResult['test'], place: TestResult['place'], metrics: Record<string, number>, params: TestResult['params'] = {}): TestResult => ({
  test,
  place,
  tool: { name: 'sh', version: null, method: 'x' },
  params,
  command: 'sh',
  samples: {},
  metrics: Object.fromEntries(Object.entries(metrics).map(([k, v]) => [k, { median: v, min: v, max: v, n: 3 }])),
});

function run(results: TestResult[], errors: TestError[] = []): Run {
  return {
    schemaVersion: 1,
    id: 'R',
    startedAt: '2026-11-23T10:00:00Z',
    finishedAt: '2026-11-23T10:01:00Z',
    status: 'completed',
    suite: 'quick',
    tests: ['dev-tree', 'watch'],
    app: { version: '0', platform: 'darwin', arch: 'arm64' },
    targets: [{ id: rt.id, runtime: rt.id, label: 'Docker Desktop', settings: {}, probe: null, results, errors, status: 'ok' }],
  };
}

const LOST: TestError = {
  test: 'watch',
  place: 'shared',
  code: 'inotify-not-delivered',
  message:
    'inotify events not delivered: the target saw none of 3 changes made on this machine within 2000 ms each. A file watcher that relies on inotify will miss saves here; use polling (CHOKIDAR_USEPOLLING=1, WATCHPACK_POLLING=true).',
};

describe('advice from the developer tasks', () => {
  it('the tree extract, when measured, is the named-volume evidence: 3× slower in the shared folder', () => {
    const r = run([
      res('dev-tree', 'shared', { tree_extract_s: 9.3 }),
      res('dev-tree', 'volume', { tree_extract_s: 3.1 }),
      res('small-files', 'shared', { create_per_s: 4000 }),
      res('small-files', 'volume', { create_per_s: 4100 }),
    ]);
    const [f] = adviseRuntime(rt, [r], MAC).filter((x) => x.setting === 'dependencyFolders');
    expect(f.evidence).toMatch(/^Your machine: extracting a node_modules-like tree took 9\.3 s .* in the shared folder, 3× the named volume's 3\.1 s/);
    expect(measuredGain(f)).toBeCloseTo(3, 6);
  });

  it('the mixed layout, when measured, is the evidence: the whole project on the bind mount against node_modules in a volume', () => {
    const r = run([res('dev-tree', 'shared', { tree_extract_s: 9.3, mixed_extract_s: 3.5 }), res('dev-tree', 'volume', { tree_extract_s: 3.1 })]);
    const [f] = adviseRuntime(rt, [r], MAC).filter((x) => x.setting === 'dependencyFolders');
    expect(f.evidence).toMatch(
      /^Your machine: extracting a node_modules-like tree took 9\.3 s .*with the whole project in the shared folder, 2\.66× the 3\.5 s .*with node_modules in a named volume/,
    );
    expect(findingText(f, 'ja').evidence).toMatch(/node_modules だけを名前付きボリュームに置いた構成/);
    expect(measuredGain(f)).toBeCloseTo(9.3 / 3.5, 6);
  });

  it("inotify not delivered in the shared folder: use a polling watcher, with each tool's switch and the polling figure", () => {
    const r = run([res('watch', 'shared', { watch_poll_p50_ms: 42, watch_poll_p99_ms: 95 }, { inotify: 'yes' })], [LOST]);
    const [f] = adviseRuntime(rt, [r], MAC).filter((x) => x.setting === 'fileWatcher');
    expect(f).toMatchObject({ id: 'docker:desktop-linux/fileWatcher', current: 'inotify', recommended: 'polling', severity: 'high', apply: { kind: 'steps' } });
    expect(f.evidence).toMatch(/^Your machine: inotify events not delivered: the target saw none of 3 changes .* Polling saw each save after 42 ms/);
    expect(JSON.stringify(f.apply)).toMatch(/WATCHPACK_POLLING=true.*CHOKIDAR_USEPOLLING=1.*usePolling: true.*--legacy-watch/);
  });

  it("quotes the watch test's verdict in the reader's language when the stored error has its reference (an older one keeps its English)", () => {
    const verdict = { key: 'errors.watch.notDelivered', params: { missed: 3, ms: 2000 } };
    const withRef: TestError = { ...LOST, ref: { key: 'errors.watch.inotifyLost', params: { verdict } } };
    const [f] = adviseRuntime(rt, [run([res('watch', 'shared', { watch_poll_p50_ms: 42, watch_poll_p99_ms: 95 }, { inotify: 'yes' })], [withRef])], MAC).filter(
      (x) => x.setting === 'fileWatcher',
    );
    expect(f.evidence).toMatch(
      /^Your machine: inotify events not delivered: the target saw none of 3 changes made on this machine within 2000 ms each\. Polling saw each save after 42 ms/,
    );
    expect(findingText(f, 'ja').evidence).toContain(
      'inotify のイベントが届きませんでした: このマシンで行った 3 件の変更を、ターゲットはどれも 2000 ms 以内に検知しませんでした。',
    );
    const [old] = adviseRuntime(rt, [run([res('watch', 'shared', { watch_poll_p50_ms: 42, watch_poll_p99_ms: 95 }, { inotify: 'yes' })], [LOST])], MAC).filter(
      (x) => x.setting === 'fileWatcher',
    );
    expect(findingText(old, 'ja').evidence).toContain(
      'inotify events not delivered: the target saw none of 3 changes made on this machine within 2000 ms each.',
    );
  });

  it('no polling advice where inotify answered, where it was not measured, or where only inotifywait was missing', () => {
    const ok = run([
      res('watch', 'shared', { watch_poll_p50_ms: 2, watch_poll_p99_ms: 5, watch_inotify_p50_ms: 1, watch_inotify_p99_ms: 3 }, { inotify: 'yes' }),
    ]);
    const missing = run(
      [res('watch', 'shared', { watch_poll_p50_ms: 2, watch_poll_p99_ms: 5 }, { inotify: 'no' })],
      [{ test: 'watch', place: 'shared', code: 'tool-missing', message: 'inotifywait not found' }],
    );
    for (const runs of [[ok], [missing], []]) expect(adviseRuntime(rt, runs, MAC).map((x) => x.setting)).not.toContain('fileWatcher');
  });
});
