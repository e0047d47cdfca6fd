import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { JobEvent, VmbenchApi } from '../../electron/shared/contract.js';
import { contextBridge, exposed, ipcRenderer, logEvent } from '../mocks/electron.js';

vi.mock('electron', () => import('../mocks/electron.js'));

// Exactly the domain methods of the contract; a method added to VmbenchApi fails to compile here.
const DOMAIN_METHODS: Record<keyof VmbenchApi, true> = {
  appInfo: true,
  detect: true,
  cachedDetect: true,
  startRun: true,
  cancel: true,
  enough: true,
  estimateRun: true,
  planApply: true,
  applyFinding: true,
  restartRuntime: true,
  startRuntime: true,
  annotateRun: true,
  deleteRun: true,
  importRuns: true,
  teamTable: true,
  exportTeam: true,
  listRuns: true,
  getRun: true,
  compare: true,
  exportRun: true,
  exportComparison: true,
  renderCard: true,
  onEvent: true,
};

let api: VmbenchApi;
beforeAll(async () => {
  await import('../../electron/app/preload.js');
  api = exposed.vmbench as VmbenchApi;
});
beforeEach(() => {
  ipcRenderer.removeAllListeners();
  ipcRenderer.invoke.mockReset();
  ipcRenderer.send.mockClear();
});

describe('the exposed API', () => {
  it('is window.vmbench with only the domain methods, never ipcRenderer', () => {
    expect(contextBridge.exposeInMainWorld).toHaveBeenCalledTimes(1);
    expect(contextBridge.exposeInMainWorld.mock.calls[0][0]).toBe('vmbench');
    expect(Object.keys(api).sort()).toEqual(Object.keys(DOMAIN_METHODS).sort());
    for (const value of Object.values(api)) {
      expect(typeof value).toBe('function');
      expect(value).not.toBe(ipcRenderer.invoke);
      expect(value).not.toBe(ipcRenderer);
    }
  });

  it("adds the app's locale from --vmbench-locale (set by main from app.getLocale()) and nothing else", async () => {
    const { exposedApi } = await import('../../electron/app/preload.js');
    const withLocale = exposedApi(ipcRenderer as never, ['electron', '--vmbench-locale=ja-JP']);
    expect(withLocale.locale).toBe('ja-JP');
    expect(Object.keys(withLocale).sort()).toEqual([...Object.keys(DOMAIN_METHODS), 'locale'].sort());
    // No switch, or a value that is not a locale tag: no locale, the renderer falls back to navigator.language.
    expect(exposedApi(ipcRenderer as never, ['electron']).locale).toBeUndefined();
    expect(exposedApi(ipcRenderer as never, ['--vmbench-locale=<script>']).locale).toBeUndefined();
  });

  it('invokes vmbench:<channel> with the arguments as one array and unwraps the envelope', async () => {
    ipcRenderer.invoke.mockResolvedValue({ ok: true, value: { jobId: 'j1' } });
    await expect(api.startRun({ suite: 'quick', targets: ['local'] })).resolves.toEqual({ jobId: 'j1' });
    expect(ipcRenderer.invoke).toHaveBeenLastCalledWith('vmbench:run.start', [{ suite: 'quick', targets: ['local'] }]);
    await api.compare('a', 'b');
    expect(ipcRenderer.invoke).toHaveBeenLastCalledWith('vmbench:runs.compare', ['a', 'b']);
    await api.detect();
    expect(ipcRenderer.invoke).toHaveBeenLastCalledWith('vmbench:detect', []);
  });

  it('rejects with code and message in a form the contextBridge copies intact', async () => {
    ipcRenderer.invoke.mockResolvedValue({ ok: false, error: { code: 'not-found', message: 'Run x does not exist.' } });
    const err = await api.getRun('x').catch((e: unknown) => e);
    // The bridge copies values like structuredClone: an Error would keep only its message.
    expect(structuredClone(err)).toEqual({ name: 'ApiError', code: 'not-found', message: 'Run x does not exist.' });
    ipcRenderer.invoke.mockRejectedValue(new Error("No handler registered for 'vmbench:runs.get'"));
    const transport = await api.getRun('x').catch((e: unknown) => e);
    expect(structuredClone(transport)).toMatchObject({ code: 'internal', message: expect.stringContaining('No handler') });
  });
});

describe('onEvent', () => {
  const deliver = (ev: JobEvent) => ipcRenderer.emit('vmbench:event', {}, ev);

  it('tells main it is ready when the first listener registers, and not again for the second', () => {
    const a = vi.fn();
    const b = vi.fn();
    const offA = api.onEvent(a);
    expect(ipcRenderer.send.mock.calls).toEqual([['vmbench:ready']]);
    const offB = api.onEvent(b);
    expect(ipcRenderer.send).toHaveBeenCalledTimes(1);
    deliver(logEvent(1));
    expect(a).toHaveBeenCalledWith(logEvent(1));
    expect(b).toHaveBeenCalledWith(logEvent(1));
    offA();
    offB();
  });

  it('unsubscribe removes exactly its own listener, once', () => {
    const a = vi.fn();
    const b = vi.fn();
    const offA = api.onEvent(a);
    const offB = api.onEvent(b);
    expect(ipcRenderer.listenerCount('vmbench:event')).toBe(2);
    offA();
    offA();
    expect(ipcRenderer.listenerCount('vmbench:event')).toBe(1);
    deliver(logEvent(2));
    expect(a).not.toHaveBeenCalled();
    expect(b).toHaveBeenCalledTimes(1);
    offB();
    expect(ipcRenderer.listenerCount('vmbench:event')).toBe(0);
    api.onEvent(a);
    expect(ipcRenderer.send).toHaveBeenCalledTimes(2);
  });
});
