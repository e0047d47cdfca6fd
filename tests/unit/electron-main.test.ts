import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BrowserWindow, app, dialog, fakeEngine, ipcMain, resetElectronMock, session, shell } from '../mocks/electron.js';

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
  dataDir = mkdtempSync(join(tmpdir(), 'vmbench-main-'));
  engine = fakeEngine();
});
afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

describe('the main window', () => {
  it('gets exactly the secure webPreferences and loads the built renderer from disk', async () => {
    const win = await start();
    expect(BrowserWindow.windows).toHaveLength(1);
    // Detection starts while the window loads; the page's first ask joins it.
    expect(engine.prefetchDetect).toHaveBeenCalledTimes(1);
    expect(win.options.webPreferences).toStrictEqual({
      preload: join(appRoot, 'dist/app/preload.cjs'),
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webviewTag: false,
      webSecurity: true,
      // app.getLocale() goes to the preload, which exposes it as window.vmbench.locale.
      additionalArguments: ['--vmbench-locale=ja'],
    });
    expect(win.loadedFile).toBe(join(appRoot, 'dist/renderer/index.html'));
    expect(app.enableSandbox).toHaveBeenCalled();
    win.emit('ready-to-show');
    expect(win.show).toHaveBeenCalled();
  });

  it('prevents navigation away from the renderer and opens only https links externally, after asking', async () => {
    const win = await start();
    const navigate = (url: string) => {
      const event = { url, preventDefault: vi.fn() };
      win.webContents.emit('will-navigate', event, url);
      return event.preventDefault.mock.calls.length > 0;
    };
    win.webContents.htmlLang = 'en';
    dialog.showMessageBox.mockResolvedValueOnce({ response: 1, checkboxChecked: false });
    expect(navigate('https://example.com/')).toBe(true);
    expect(navigate('http://example.com/')).toBe(true);
    expect(navigate('file:///etc/passwd')).toBe(true);
    expect(navigate(`${rendererUrl}#/history`)).toBe(false);
    await vi.waitFor(() => expect(shell.openExternal).toHaveBeenCalledTimes(1));
    expect(shell.openExternal).toHaveBeenCalledWith('https://example.com/');
    // Only the https link was asked about; the question shows the whole address, Cancel first and default.
    expect(dialog.showMessageBox).toHaveBeenCalledTimes(1);
    expect(dialog.showMessageBox.mock.calls[0][1]).toMatchObject({
      detail: 'https://example.com/',
      buttons: ['Cancel', 'Open in browser'],
      defaultId: 0,
      cancelId: 0,
    });
    // The question speaks the page's language.
    win.webContents.htmlLang = 'ja';
    dialog.showMessageBox.mockResolvedValueOnce({ response: 0, checkboxChecked: false });
    navigate('https://example.com/ja');
    await vi.waitFor(() => expect(dialog.showMessageBox).toHaveBeenCalledTimes(2));
    expect(dialog.showMessageBox.mock.calls[1][1]).toMatchObject({
      message: 'このアドレスをブラウザーで開きますか？',
      buttons: ['キャンセル', 'ブラウザーで開く'],
    });
    expect(shell.openExternal).toHaveBeenCalledTimes(1);
  });

  it('denies window.open; an https link goes to the browser only when the user says Open', async () => {
    const win = await start();
    const open = (url: string) => win.webContents.windowOpenHandler!({ url, frameName: '', disposition: 'new-window' });
    dialog.showMessageBox.mockResolvedValueOnce({ response: 1, checkboxChecked: false });
    expect(open('https://github.com/vmbench')).toEqual({ action: 'deny' });
    expect(open('http://insecure.example/')).toEqual({ action: 'deny' });
    expect(open('javascript:alert(1)')).toEqual({ action: 'deny' });
    await vi.waitFor(() => expect(shell.openExternal.mock.calls).toEqual([['https://github.com/vmbench']]));
    // Cancel (the default answer): nothing opens.
    expect(open('https://example.org/phish')).toEqual({ action: 'deny' });
    await vi.waitFor(() => expect(dialog.showMessageBox).toHaveBeenCalledTimes(2));
    await new Promise((r) => setTimeout(r, 10));
    expect(shell.openExternal).toHaveBeenCalledTimes(1);
    const webview = { preventDefault: vi.fn() };
    win.webContents.emit('will-attach-webview', webview);
    expect(webview.preventDefault).toHaveBeenCalled();
  });

  it('denies permission requests and checks (clipboard writes of our own page excepted)', async () => {
    await start();
    const request = session.defaultSession.setPermissionRequestHandler.mock.calls[0][0];
    const check = session.defaultSession.setPermissionCheckHandler.mock.calls[0][0];
    const ask = (permission: string, url: string) => {
      const cb = vi.fn();
      request({ getURL: () => url }, permission, cb, { requestingUrl: url });
      return cb.mock.calls[0][0];
    };
    for (const p of ['media', 'geolocation', 'notifications', 'openExternal', 'fullscreen']) expect(ask(p, rendererUrl)).toBe(false);
    expect(ask('clipboard-sanitized-write', rendererUrl)).toBe(true);
    expect(ask('clipboard-sanitized-write', 'https://evil.example/')).toBe(false);
    expect(check(null, 'media', 'file:///', { requestingUrl: rendererUrl })).toBe(false);
  });
});

describe('app lifecycle', () => {
  it('quits at once as a second instance, without a window or an engine', async () => {
    app.requestSingleInstanceLock.mockReturnValueOnce(false);
    const create = vi.fn();
    expect(await startApp({ createEngine: create, dataDir, appRoot })).toBeNull();
    expect(app.quit).toHaveBeenCalled();
    expect(create).not.toHaveBeenCalled();
    expect(BrowserWindow.windows).toHaveLength(0);
  });

  it('focuses the existing window when a second instance starts', async () => {
    const win = await start();
    win.minimized = true;
    app.emit('second-instance');
    expect(win.restore).toHaveBeenCalled();
    expect(win.focus).toHaveBeenCalled();
  });

  it('creates the engine in electron mode and closes it (cancelling jobs) before the app exits', async () => {
    const create = vi.fn(() => engine);
    await startApp({ createEngine: create, dataDir, appRoot });
    expect(create).toHaveBeenCalledWith({ dataDir, mode: 'electron' });
    let finishClose!: () => void;
    engine.close.mockImplementationOnce(() => new Promise<void>((r) => (finishClose = r)));
    app.quit();
    expect(engine.close).toHaveBeenCalledTimes(1);
    expect(app.exited).toBe(false);
    app.quit(); // a second quit while closing must not close twice
    expect(engine.close).toHaveBeenCalledTimes(1);
    finishClose();
    await vi.waitFor(() => expect(app.exited).toBe(true));
    expect(ipcMain.handlers.size).toBe(0);
  });

  it('quits when the last window closes, except on macOS where activate opens a new one', async () => {
    const platform = Object.getOwnPropertyDescriptor(process, 'platform')!;
    try {
      for (const os of ['linux', 'darwin'] as const) {
        resetElectronMock();
        Object.defineProperty(process, 'platform', { value: os });
        const win = await start();
        win.close();
        app.emit('window-all-closed');
        expect(app.quit).toHaveBeenCalledTimes(os === 'darwin' ? 0 : 1);
        app.emit('activate');
        expect(BrowserWindow.getAllWindows()).toHaveLength(1);
      }
    } finally {
      Object.defineProperty(process, 'platform', platform);
    }
  });
});
