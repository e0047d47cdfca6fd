import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RequestMap } from '../../electron/contract/contract.js';
import { app, BrowserWindow, dialog, FakeFrame, fakeEngine, ipcMain, logEvent, resetElectronMock } from '../mocks/electron.js';

vi.mock('electron', () => import('../mocks/electron.js'));
const { startApp } = await import('../../electron/desktop/start-app.js');

const appRoot = '/opt/vmbench';
const rendererUrl = pathToFileURL(join(appRoot, 'dist/renderer/index.html')).href;
let dataDir: string;
let engine: ReturnType<typeof fakeEngine>;

async function start(): Promise<BrowserWindow> {
  const handle = await startApp({ createEngine: () => engine, dataDir, appRoot });
  expect(handle).not.toBeNull();
  return BrowserWindow.windows[0];
}

beforeEach(() => {
  resetElectronMock();
  dataDir = mkdtempSync(join(tmpdir(), 'vmbench-ipc-'));
  engine = fakeEngine();
});
afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

describe('IPC wiring', () => {
  const sample: { [C in keyof RequestMap]: RequestMap[C]['args'] } = {
    'app.info': [],
    detect: [],
    'detect.cached': [],
    'run.start': [{ suite: 'quick' }],
    'run.cancel': ['job-1'],
    'run.enough': ['job-1'],
    'run.estimate': [{ suite: 'quick', targets: [{ id: 'local', places: ['native'] }] }],
    'command.reach': [{ project: '/srv/app', targets: ['local'] }],
    'runs.list': [],
    'runs.get': ['run-1'],
    'runs.compare': ['a', 'b'],
    'runs.import': [[{ name: 'run.json', content: '{}' }]],
    'runs.team': [['a', 'b']],
    'runs.teamExport': [['a', 'b'], 'md'],
    'runs.export': ['run-1', 'md'],
    'runs.exportCompare': ['a', 'b', 'csv'],
    'card.render': [{ runId: 'run-1' }],
    'advice.plan': ['libvirt:vm/diskIo'],
    'advice.apply': ['0123456789abcdef0123456789abcdef'],
    'runtime.restart': ['fedcba9876543210fedcba9876543210'],
    'runtime.start': ['libvirt:vm'],
    'runs.annotate': ['run-1', { name: 'before virtiofs' }],
    'runs.delete': ['run-1'],
  };

  it('registers every channel of RequestMap and forwards it to engine.dispatch', async () => {
    const win = await start();
    dialog.showMessageBox.mockResolvedValue({ response: 1, checkboxChecked: false });
    const frame = win.webContents.mainFrame;
    expect([...ipcMain.handlers.keys()].sort()).toEqual(
      Object.keys(sample)
        .map((c) => `vmbench:${c}`)
        .sort(),
    );
    for (const [channel, args] of Object.entries(sample)) {
      const answer = await ipcMain.invoke(`vmbench:${channel}`, frame, args);
      expect(answer).toEqual({ ok: true, value: { channel, args } });
      expect(engine.dispatch).toHaveBeenLastCalledWith(channel, args);
    }
  });

  it("apply and restart need a click in the main process's own dialog: the renderer alone changes nothing", async () => {
    const win = await start();
    const frame = win.webContents.mainFrame;
    const planId = '0123456789abcdef0123456789abcdef';
    win.webContents.htmlLang = 'en';
    dialog.showMessageBox.mockResolvedValueOnce({ response: 0, checkboxChecked: false });
    expect(await ipcMain.invoke('vmbench:advice.apply', frame, [planId])).toMatchObject({ ok: false, error: { code: 'cancelled' } });
    expect(engine.dispatch).not.toHaveBeenCalled();
    // The dialog shows the engine's own record of the plan (not text from the renderer), Cancel first and default.
    expect(engine.heldPlan).toHaveBeenCalledWith(planId);
    const [, opts] = dialog.showMessageBox.mock.calls[0];
    expect(opts).toMatchObject({ message: 'Apply this change? This changes vm.xml.', buttons: ['Cancel', 'Apply'], defaultId: 0, cancelId: 0 });
    expect(opts.detail).toContain(`+io=io_uring (${planId})`);

    dialog.showMessageBox.mockResolvedValueOnce({ response: 1, checkboxChecked: false });
    expect(await ipcMain.invoke('vmbench:advice.apply', frame, [planId])).toMatchObject({ ok: true });
    expect(engine.dispatch).toHaveBeenLastCalledWith('advice.apply', [planId]);

    dialog.showMessageBox.mockResolvedValueOnce({ response: 0, checkboxChecked: false });
    expect(await ipcMain.invoke('vmbench:runtime.restart', frame, ['fedcba9876543210fedcba9876543210'])).toMatchObject({
      ok: false,
      error: { code: 'cancelled' },
    });
    expect(dialog.showMessageBox.mock.calls[2][1].detail).toContain('virsh shutdown -- vm');
    expect(engine.dispatch).toHaveBeenCalledTimes(1);
  });

  it("the dialog speaks the window's language: the page's <html lang>, else the app's locale", async () => {
    const win = await start();
    const frame = win.webContents.mainFrame;
    dialog.showMessageBox.mockResolvedValue({ response: 0, checkboxChecked: false });
    win.webContents.htmlLang = 'ja';
    await ipcMain.invoke('vmbench:advice.apply', frame, ['0123456789abcdef0123456789abcdef']);
    expect(dialog.showMessageBox.mock.calls[0][1]).toMatchObject({
      title: 'vmbench: 変更の適用',
      message: 'この変更を適用しますか？ vm.xml が変更されます。',
      buttons: ['キャンセル', '適用'],
      defaultId: 0,
      cancelId: 0,
    });
    await ipcMain.invoke('vmbench:runtime.restart', frame, ['fedcba9876543210fedcba9876543210']);
    expect(dialog.showMessageBox.mock.calls[1][1].detail).toMatch(/^vmbench は次を実行します:\n.*virsh shutdown -- vm/);
    expect(dialog.showMessageBox.mock.calls[1][1].buttons).toEqual(['キャンセル', '再起動']);
    // No language on the page yet: the app's locale.
    win.webContents.htmlLang = '';
    app.locale = 'en-US';
    await ipcMain.invoke('vmbench:advice.apply', frame, ['0123456789abcdef0123456789abcdef']);
    expect(dialog.showMessageBox.mock.calls[2][1]).toMatchObject({ message: 'Apply this change? This changes vm.xml.', buttons: ['Cancel', 'Apply'] });
    app.locale = 'ja';
    await ipcMain.invoke('vmbench:advice.apply', frame, ['0123456789abcdef0123456789abcdef']);
    expect(dialog.showMessageBox.mock.calls[3][1].buttons).toEqual(['キャンセル', '適用']);
  });

  it("an unknown plan id gets the engine's own answer, without a dialog", async () => {
    const win = await start();
    engine.heldPlan.mockImplementationOnce(() => {
      throw new Error('unknown plan');
    });
    engine.dispatch.mockResolvedValueOnce({ ok: false, error: { code: 'not-found', message: 'This change was not planned in this session' } });
    expect(await ipcMain.invoke('vmbench:advice.apply', win.webContents.mainFrame, ['0123456789abcdef0123456789abcdef'])).toMatchObject({
      ok: false,
      error: { code: 'not-found' },
    });
    expect(dialog.showMessageBox).not.toHaveBeenCalled();
  });

  it('rejects calls from a foreign frame with an invalid-input envelope, without reaching the engine', async () => {
    const win = await start();
    const subframe = Object.assign(new FakeFrame(), { url: rendererUrl, parent: win.webContents.mainFrame });
    const otherPage = Object.assign(new FakeFrame(), { url: 'https://evil.example/' });
    const sameFrameOtherUrl = win.webContents.mainFrame;
    for (const frame of [null, subframe, otherPage]) {
      const answer = (await ipcMain.invoke('vmbench:detect', frame, [])) as { ok: boolean; error: { code: string } };
      expect(answer).toMatchObject({ ok: false, error: { code: 'invalid-input' } });
    }
    sameFrameOtherUrl.url = 'file:///tmp/other.html';
    expect(await ipcMain.invoke('vmbench:detect', sameFrameOtherUrl, [])).toMatchObject({ ok: false, error: { code: 'invalid-input' } });
    expect(engine.dispatch).not.toHaveBeenCalled();
  });

  it('answers with an envelope instead of throwing when arguments are malformed or the engine fails', async () => {
    const win = await start();
    const frame = win.webContents.mainFrame;
    expect(await ipcMain.invoke('vmbench:detect', frame, 'not-an-array')).toMatchObject({ ok: false, error: { code: 'invalid-input' } });
    engine.dispatch.mockRejectedValueOnce(new Error('boom'));
    expect(await ipcMain.invoke('vmbench:detect', frame, [])).toEqual({ ok: false, error: { code: 'internal', message: 'boom' } });
  });
});

describe('job events', () => {
  const sent = (win: BrowserWindow) => win.webContents.send.mock.calls.map(([channel, ev]) => `${channel} ${ev.seq}`);

  it('queues events until the renderer is ready, then delivers them in order', async () => {
    const win = await start();
    engine.emit(logEvent(1));
    engine.emit(logEvent(2));
    expect(win.webContents.send).not.toHaveBeenCalled();
    ipcMain.sendFrom('vmbench:ready', win.webContents.mainFrame);
    engine.emit(logEvent(3));
    expect(sent(win)).toEqual(['vmbench:event 1', 'vmbench:event 2', 'vmbench:event 3']);
  });

  it('ignores a ready signal from a foreign frame', async () => {
    const win = await start();
    engine.emit(logEvent(1));
    ipcMain.sendFrom('vmbench:ready', Object.assign(new FakeFrame(), { url: 'https://evil.example/' }));
    expect(win.webContents.send).not.toHaveBeenCalled();
  });

  it('queues again after a reload, and the new page gets the job from its start', async () => {
    const win = await start();
    ipcMain.sendFrom('vmbench:ready', win.webContents.mainFrame);
    engine.emit(logEvent(1));
    win.webContents.reload();
    engine.emit(logEvent(2));
    expect(sent(win)).toEqual(['vmbench:event 1']);
    win.webContents.send.mockClear();
    ipcMain.sendFrom('vmbench:ready', win.webContents.mainFrame);
    engine.emit(logEvent(3));
    expect(sent(win)).toEqual(['vmbench:event 1', 'vmbench:event 2', 'vmbench:event 3']);
  });

  it('does not reset on in-page navigation and stops sending once the window is closed', async () => {
    const win = await start();
    ipcMain.sendFrom('vmbench:ready', win.webContents.mainFrame);
    const inPage = { url: `${rendererUrl}#/runs`, isMainFrame: true, isSameDocument: true };
    win.webContents.emit('did-start-navigation', inPage, inPage.url, true, true);
    engine.emit(logEvent(1));
    expect(sent(win)).toEqual(['vmbench:event 1']);
    win.close();
    engine.emit(logEvent(2));
    expect(engine.listeners.size).toBe(0);
    expect(sent(win)).toEqual(['vmbench:event 1']);
  });
});
