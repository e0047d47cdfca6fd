import { app, dialog, ipcMain, session } from 'electron';
import { join } from 'node:path';
import type { JobEventSource } from './event-gate.js';
import { registerIpc, type ConfirmRequest, type Dispatcher } from './ipc.js';
import { createMainWindow, RENDERER_HTML, type MainWindow } from './main-window.js';
import { denyPermissions, pageLang, rendererUrl } from './security.js';

/** The part of the engine the shell uses (electron/engine/api.ts `Engine`). */
export interface ShellEngine extends Dispatcher, JobEventSource {
  close(): Promise<void>;
  /** Starts a detection while the window loads (the page's first ask joins it). */
  prefetchDetect?(): void;
}

/** What startApp needs; main.ts passes the real engine, tests a mock. */
export interface AppDeps {
  createEngine(opts: { dataDir: string; mode: 'electron' }): ShellEngine;
  dataDir: string;
  /** The folder holding dist/ (default: app.getAppPath()). */
  appRoot?: string;
  /** How long quitting waits for running jobs to cancel and clean up. */
  closeTimeoutMs?: number;
}

/** The running shell, for tests and the bootstrap. */
export interface AppHandle {
  engine: ShellEngine;
  mainWindow(): MainWindow | null;
}

/** Starts the desktop shell; resolves to null when another instance already runs. */
export async function startApp(deps: AppDeps): Promise<AppHandle | null> {
  if (!app.requestSingleInstanceLock()) {
    app.quit();
    return null;
  }
  // @see https://www.electronjs.org/docs/latest/tutorial/security#4-enable-process-sandboxing
  app.enableSandbox();
  await app.whenReady();

  const appRoot = deps.appRoot ?? app.getAppPath();
  const expectedUrl = rendererUrl(join(appRoot, RENDERER_HTML));
  denyPermissions(session.defaultSession, expectedUrl);
  const engine = deps.createEngine({ dataDir: deps.dataDir, mode: 'electron' });
  engine.prefetchDetect?.();

  let current: MainWindow | null = null;
  const open = (): MainWindow => {
    const mw = createMainWindow({ appRoot, dataDir: deps.dataDir, events: engine });
    mw.win.on('closed', () => {
      if (current === mw) current = null;
    });
    current = mw;
    return mw;
  };
  const disposeIpc = registerIpc(
    ipcMain,
    engine,
    (frame) => current?.isTrusted(frame) ?? false,
    () => current?.gate.ready(),
    (req) => confirmInDialog(current, req),
    () => pageLang(current?.win),
  );
  open();

  app.on('second-instance', () => {
    const mw = current ?? open();
    if (mw.win.isMinimized()) mw.win.restore();
    mw.win.focus();
  });
  app.on('activate', () => {
    if (!current) open();
  });
  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });

  // Quitting cancels running jobs first, so the guest-side scripts remove their files.
  let closed = false;
  let closing: Promise<void> | null = null;
  app.on('will-quit', (event) => {
    if (closed) return;
    event.preventDefault();
    closing ??= closeWithin(engine, deps.closeTimeoutMs ?? 15_000).finally(() => {
      closed = true;
      disposeIpc();
      app.quit();
    });
  });

  return { engine, mainWindow: () => current };
}

/**
 * The main process's own dialog: an apply or restart needs this click, so a compromised renderer
 * cannot change the machine on its own. Cancel is the default (Enter or Escape do nothing harmful).
 */
async function confirmInDialog(mw: MainWindow | null, req: ConfirmRequest): Promise<boolean> {
  if (!mw || mw.win.isDestroyed()) return false;
  const { response } = await dialog.showMessageBox(mw.win, {
    type: 'warning',
    title: req.title,
    message: req.message,
    detail: req.detail,
    buttons: [req.cancelLabel, req.confirmLabel],
    defaultId: 0,
    cancelId: 0,
    noLink: true,
  });
  return response === 1;
}

async function closeWithin(engine: ShellEngine, ms: number): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<void>((resolve) => {
    timer = setTimeout(() => {
      console.error(`vmbench: running jobs did not stop within ${ms / 1000}s; quitting anyway.`);
      resolve();
    }, ms);
  });
  try {
    await Promise.race([engine.close().catch((err: Error) => console.error(`vmbench: closing the engine failed: ${err.message}`)), timeout]);
  } finally {
    clearTimeout(timer);
  }
}
