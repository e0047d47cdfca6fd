import { app, BrowserWindow, screen } from 'electron';
import { join } from 'node:path';
import type { JobEvent } from '../contract/contract.js';
import { createEventGate, type EventGate, type JobEventSource } from './event-gate.js';
import { EVENT_CHANNEL } from './ipc.js';
import { askOpenInDialog, hardenWebContents, isTrustedSender, rendererUrl, secureWebPreferences } from './security.js';
import { fitToDisplays, MIN_HEIGHT, MIN_WIDTH, readWindowState, trackWindowState } from './window-state.js';

/** Where the built files are, relative to the app folder (the project folder, or app.asar). */
export const RENDERER_HTML = join('dist', 'renderer', 'index.html');
/** The bundled preload script, relative to the app folder. */
export const PRELOAD_SCRIPT = join('dist', 'app', 'preload.cjs');

/** What the main window needs: the app folder, the data folder, the engine's job events. */
export interface MainWindowOptions {
  appRoot: string;
  dataDir: string;
  events: JobEventSource;
}

/** The main window and the pieces IPC wiring needs from it. */
export interface MainWindow {
  win: BrowserWindow;
  gate: EventGate;
  /** Whether an IPC message comes from this window's renderer. */
  isTrusted(frame: Parameters<typeof isTrustedSender>[0]): boolean;
}

/** Creates the main window: restored bounds, secure preferences, navigation locked, events gated. */
export function createMainWindow(opts: MainWindowOptions): MainWindow {
  const htmlPath = join(opts.appRoot, RENDERER_HTML);
  const expectedUrl = rendererUrl(htmlPath);
  const primary = screen.getPrimaryDisplay();
  const areas = [primary, ...screen.getAllDisplays().filter((d) => d.id !== primary.id)].map((d) => d.workArea);
  const state = fitToDisplays(readWindowState(opts.dataDir), areas);

  const win = new BrowserWindow({
    x: state.x,
    y: state.y,
    width: state.width,
    height: state.height,
    minWidth: MIN_WIDTH,
    minHeight: MIN_HEIGHT,
    show: false,
    title: 'vmbench',
    webPreferences: secureWebPreferences(join(opts.appRoot, PRELOAD_SCRIPT), app.getLocale()),
  });
  if (state.maximized) win.maximize();
  trackWindowState(win, opts.dataDir);
  hardenWebContents(win.webContents, expectedUrl, askOpenInDialog(win));

  const gate = createEventGate(opts.events, (ev: JobEvent) => {
    if (win.isDestroyed() || win.webContents.isDestroyed()) return;
    try {
      win.webContents.send(EVENT_CHANNEL, ev);
    } catch {
      // The page is going away; the next document gets the replay.
    }
  });
  // A new document (first load, reload, renderer crash) has no listener yet: queue until it
  // says it is ready. In-page (hash/history) navigations keep the document, so they don't count.
  win.webContents.on('did-start-navigation', (details, _url, _inPlace, isMainFrame) => {
    if ((details.isMainFrame ?? isMainFrame) && !details.isSameDocument) gate.reset();
  });
  win.webContents.on('render-process-gone', () => gate.reset());
  win.on('closed', () => gate.close());
  win.once('ready-to-show', () => win.show());

  win.loadFile(htmlPath).catch((err: Error) => {
    console.error(`vmbench: cannot load the window (${htmlPath}): ${err.message}. Run \`npm run build\` first.`);
  });
  return { win, gate, isTrusted: (frame) => isTrustedSender(frame, win, expectedUrl) };
}
