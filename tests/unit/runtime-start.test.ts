import { afterEach, describe, expect, it } from 'vitest';
import { createEngine } from '../../electron/engine/api.js';
import { createDetectContext, detectAll } from '../../electron/engine/runtimes/detect.js';
import { findKind } from '../../electron/engine/runtimes/registry.js';
import { errorText } from '../../electron/messages/error-text.js';
import { unusableReason } from '../../src/views/environments/start-runtime';
import { makeStubEnv, captured, type StubEnv } from '../helpers/runtimes-stubs.js';

let stub: StubEnv | undefined;
afterEach(() => stub?.cleanup());

describe('starting a stopped runtime', () => {
  it('offers its own CLI start command for stopped instances only (replayed limactl list --json, lima PR 308)', async () => {
    stub = makeStubEnv({ limactl: [{ args: '"list --json"', stdout: captured('lima/list-json.lima-pr308-2021.ndjson') }] });
    const list = await detectAll(createDetectContext({ env: stub.env, dataDir: stub.root, timeoutMs: 2000 }), { kinds: [findKind('lima')!] });
    const byId = new Map(list.map((r) => [r.id, r]));
    expect(byId.get('lima:alpine')).toMatchObject({ state: 'stopped', startArgv: ['limactl', 'start', 'alpine'] });
    expect(byId.get('lima:default')?.state).toBe('running');
    expect(byId.get('lima:default')?.startArgv).toBeUndefined();
    expect(unusableReason(byId.get('lima:alpine')!)).toBe('Lima alpine is stopped, so it cannot be benchmarked. Start it first.');
    expect(unusableReason(byId.get('lima:default')!)).toBeNull();
  });

  it('has a start command for every kind the issue names', () => {
    const rt = (id: string, settings: Record<string, unknown> = {}) => ({
      id,
      kind: '',
      name: id,
      version: null,
      state: 'stopped' as const,
      settings,
      settingsSource: {},
      targets: [],
      findings: [],
    });
    expect(findKind('colima')!.startArgv!(rt('colima:work'))).toEqual(['colima', 'start', '--profile', 'work']);
    expect(findKind('libvirt')!.startArgv!(rt('libvirt:dev', { libvirtUri: 'qemu:///session' }))).toEqual(['virsh', '-c', 'qemu:///session', 'start', 'dev']);
    expect(findKind('vagrant')!.startArgv!(rt('vagrant:1a2b3c4'))).toEqual(['vagrant', 'up', '1a2b3c4']);
    // A whole kind that failed ("libvirt": libvirtd down) is not a machine to start.
    expect(findKind('libvirt')!.startArgv!(rt('libvirt'))).toBeUndefined();
  });

  it('refuses to start what is not stopped, saying why', async () => {
    stub = makeStubEnv({ limactl: [{ args: '"list --json"', stdout: captured('lima/list-json.lima-pr308-2021.ndjson') }] });
    const saved = { PATH: process.env.PATH, HOME: process.env.HOME };
    Object.assign(process.env, { PATH: stub.env.PATH, HOME: stub.env.HOME });
    try {
      const engine = createEngine({ dataDir: stub.root, mode: 'cli' });
      const running = await engine.dispatch('runtime.start', ['lima:default']);
      expect(running).toEqual({
        ok: false,
        error: {
          code: 'invalid-input',
          message: 'Lima default is running, not stopped; there is nothing to start.',
          ref: { key: 'errors.notStopped', params: { name: 'Lima default', state: { key: 'state.running' } } },
        },
      });
      expect(!running.ok && errorText(running.error, 'ja')).toBe('Lima default は実行中で、停止していないため起動する必要はありません。');
      const missing = await engine.dispatch('runtime.start', ['lima:nope']);
      expect(missing).toMatchObject({ ok: false, error: { code: 'not-found', ref: { key: 'errors.runtimeNotFound', params: { id: 'lima:nope' } } } });
      expect(!missing.ok && errorText(missing.error, 'ja')).toBe('このマシンにランタイム lima:nope はありません。`vmbench detect` で一覧できます。');
      // A start that fails (this stub limactl has no capture for `start`, so it exits 1 saying so): the runtime is named, the tool's words kept.
      const failed = await engine.dispatch('runtime.start', ['lima:alpine']);
      expect(failed).toMatchObject({ ok: false, error: { code: 'internal', ref: { key: 'errors.startFailed', params: { name: 'Lima alpine' } } } });
      if (failed.ok) throw new Error('unreachable');
      expect(failed.error.message).toMatch(/^Lima alpine could not be started: .*limactl.*start alpine/);
      expect(errorText(failed.error, 'ja')).toMatch(/^Lima alpine を起動できませんでした: .*limactl.*start alpine/);
      await engine.close();
    } finally {
      Object.assign(process.env, saved);
    }
  });
});
