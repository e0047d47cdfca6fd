// A stand-in for the `electron` module in unit tests (use: vi.mock('electron', () => import('../mocks/electron.js'))).
// It records what the shell asks of Electron and lets a test play the renderer's part.
import { EventEmitter } from 'node:events';
import { pathToFileURL } from 'node:url';
import { vi, type Mock } from 'vitest';
import type { ApplyPlan, Envelope, JobEvent } from '../../electron/contract/contract.js';

/** A rectangle in screen coordinates. */
export type Rect = { x: number; y: number; width: number; height: number };

let nextFrameId = 1;

/** A frame as the main process sees it. */
export class FakeFrame {
  url = '';
  processId = 1;
  routingId = nextFrameId++;
  parent: FakeFrame | null = null;
  top: FakeFrame | null = null;
}

/** A webContents: records sends and the window-open handler; can "load" and "reload" a page. */
export class FakeWebContents extends EventEmitter {
  mainFrame = new FakeFrame();
  session = fakeSession;
  send = vi.fn();
  destroyed = false;
  windowOpenHandler: ((details: { url: string; frameName: string; disposition: string }) => { action: string }) | null = null;
  setWindowOpenHandler = (handler: NonNullable<FakeWebContents['windowOpenHandler']>): void => void (this.windowOpenHandler = handler);
  isDestroyed = (): boolean => this.destroyed;
  getURL = (): string => this.mainFrame.url;
  /** The page's <html lang> (set by the renderer's language switch); empty while no page says. */
  htmlLang = '';
  executeJavaScript = async (code: string): Promise<unknown> => (code === 'document.documentElement.lang' ? this.htmlLang : undefined);
  /** Plays a cross-document navigation of the main frame (load or reload) to a URL. */
  navigate(url: string): void {
    const details = { url, isMainFrame: true, isSameDocument: false, frame: this.mainFrame, preventDefault: vi.fn() };
    this.emit('did-start-navigation', details, url, false, true);
    this.mainFrame.url = url;
  }
  reload = (): void => this.navigate(this.mainFrame.url);
}

/** A BrowserWindow: keeps its options and bounds; every instance is listed in `windows`. */
export class BrowserWindow extends EventEmitter {
  static windows: BrowserWindow[] = [];
  static getAllWindows = (): BrowserWindow[] => BrowserWindow.windows.filter((w) => !w.destroyed);
  webContents = new FakeWebContents();
  bounds: Rect;
  maximized = false;
  minimized = false;
  destroyed = false;
  loadedFile: string | null = null;
  show = vi.fn();
  focus = vi.fn();
  restore = vi.fn();
  maximize = (): void => void (this.maximized = true);
  isMaximized = (): boolean => this.maximized;
  isMinimized = (): boolean => this.minimized;
  isDestroyed = (): boolean => this.destroyed;
  getNormalBounds = (): Rect => ({ ...this.bounds });
  constructor(readonly options: Record<string, unknown> = {}) {
    super();
    const o = options as Partial<Rect>;
    this.bounds = { x: o.x ?? 0, y: o.y ?? 0, width: o.width ?? 800, height: o.height ?? 600 };
    BrowserWindow.windows.push(this);
  }
  loadFile(path: string): Promise<void> {
    this.loadedFile = path;
    this.webContents.navigate(pathToFileURL(path).href);
    return Promise.resolve();
  }
  /** Plays the user closing the window. */
  close(): void {
    this.emit('close', { preventDefault: vi.fn() });
    this.destroyed = true;
    this.webContents.destroyed = true;
    this.emit('closed');
  }
}

/** ipcMain: handlers by channel; `invoke` plays a renderer's ipcRenderer.invoke. */
class FakeIpcMain extends EventEmitter {
  handlers = new Map<string, (event: unknown, ...args: unknown[]) => unknown>();
  handle(channel: string, fn: (event: unknown, ...args: unknown[]) => unknown): void {
    if (this.handlers.has(channel)) throw new Error(`Attempted to register a second handler for '${channel}'`);
    this.handlers.set(channel, fn);
  }
  removeHandler = (channel: string): void => void this.handlers.delete(channel);
  async invoke(channel: string, senderFrame: FakeFrame | null, ...args: unknown[]): Promise<unknown> {
    const fn = this.handlers.get(channel);
    if (!fn) throw new Error(`No handler registered for '${channel}'`);
    return fn({ senderFrame, sender: null }, ...args);
  }
  /** Plays ipcRenderer.send from a frame. */
  sendFrom(channel: string, senderFrame: FakeFrame | null, ...args: unknown[]): void {
    this.emit(channel, { senderFrame, sender: null }, ...args);
  }
}

/** ipcRenderer: invoke and send are spies; on/removeListener are the real EventEmitter ones. */
class FakeIpcRenderer extends EventEmitter {
  invoke = vi.fn(async (_channel: string, ..._args: unknown[]): Promise<unknown> => ({ ok: true, value: null }));
  send = vi.fn();
}

const fakeSession = { setPermissionRequestHandler: vi.fn(), setPermissionCheckHandler: vi.fn() };

/** app: the single-instance lock and whenReady resolve at once; quit plays 'will-quit'. */
class FakeApp extends EventEmitter {
  appPath = '/opt/vmbench';
  /** What app.getLocale() answers (Electron's value on a Japanese system is 'ja'). */
  locale = 'ja';
  quitCount = 0;
  exited = false;
  requestSingleInstanceLock = vi.fn(() => true);
  whenReady = vi.fn(() => Promise.resolve());
  enableSandbox = vi.fn();
  exit = vi.fn();
  getAppPath = (): string => this.appPath;
  getLocale = (): string => this.locale;
  quit = vi.fn(() => {
    this.quitCount++;
    let prevented = false;
    this.emit('will-quit', { preventDefault: () => (prevented = true), defaultPrevented: false });
    if (!prevented) this.exited = true;
  });
}

export const app = new FakeApp();
export const ipcMain = new FakeIpcMain();
export const ipcRenderer = new FakeIpcRenderer();
export const session = { defaultSession: fakeSession };
export const shell = { openExternal: vi.fn(() => Promise.resolve()) };
/** The native dialog: answers Cancel (0) unless a test says otherwise with mockResolvedValueOnce. */
export const dialog = {
  showMessageBox: vi.fn(async (_win: unknown, _opts: { message: string; detail?: string; buttons?: string[]; defaultId?: number; cancelId?: number }) => ({
    response: 0,
    checkboxChecked: false,
  })),
};
export const exposed: Record<string, unknown> = {};
export const contextBridge = {
  exposeInMainWorld: vi.fn((key: string, api: unknown) => {
    exposed[key] = api;
  }),
};

const displays = { list: [{ id: 1, bounds: { x: 0, y: 0, width: 1920, height: 1080 }, workArea: { x: 0, y: 25, width: 1920, height: 1055 } }] };
export const screen = {
  getAllDisplays: vi.fn(() => displays.list),
  getPrimaryDisplay: vi.fn(() => displays.list[0]),
};

/** Replaces the displays (the first is the primary); each gets bounds = work area. */
export function setDisplays(workAreas: Rect[]): void {
  displays.list = workAreas.map((workArea, i) => ({ id: i + 1, bounds: workArea, workArea }));
}

/** Forgets every window, handler, listener and call, as if Electron had just started. */
export function resetElectronMock(): void {
  BrowserWindow.windows = [];
  app.removeAllListeners();
  app.appPath = '/opt/vmbench';
  app.locale = 'ja';
  app.quitCount = 0;
  app.exited = false;
  ipcMain.removeAllListeners();
  ipcMain.handlers.clear();
  ipcRenderer.removeAllListeners();
  for (const key of Object.keys(exposed)) delete exposed[key];
  setDisplays([{ x: 0, y: 25, width: 1920, height: 1055 }]);
  vi.clearAllMocks();
  dialog.showMessageBox.mockImplementation(async () => ({ response: 0, checkboxChecked: false }));
}

type Listener = (ev: JobEvent) => void;
/** The engine stand-in returned by fakeEngine. */
export interface FakeEngine {
  dispatch: Mock<(channel: string, args: unknown[]) => Promise<Envelope<unknown>>>;
  subscribe: Mock<(cb: Listener, opts?: { replay?: boolean }) => () => void>;
  close: Mock<() => Promise<void>>;
  prefetchDetect: Mock<() => void>;
  heldPlan: Mock<(id: string) => { plan: ApplyPlan }>;
  heldRestart: Mock<(id: string) => { runtimeId: string; argv: string[] }>;
  /** Plays the engine emitting a job event to its subscribers. */
  emit(ev: JobEvent): void;
  history: JobEvent[];
  listeners: Set<Listener>;
}

/** A stand-in for the engine: dispatch echoes, subscribe with replay first delivers past events. */
export function fakeEngine(): FakeEngine {
  const listeners = new Set<Listener>();
  const history: JobEvent[] = [];
  return {
    history,
    listeners,
    dispatch: vi.fn(async (channel: string, args: unknown[]): Promise<Envelope<unknown>> => ({ ok: true, value: { channel, args } })),
    subscribe: vi.fn((cb: Listener, opts?: { replay?: boolean }) => {
      if (opts?.replay) for (const ev of history) cb(ev);
      listeners.add(cb);
      return () => void listeners.delete(cb);
    }),
    close: vi.fn(async (): Promise<void> => undefined),
    prefetchDetect: vi.fn((): void => undefined),
    heldPlan: vi.fn((id: string) => ({
      plan: {
        findingId: 'libvirt:vm/diskIo',
        runtimeId: 'libvirt:vm',
        kind: 'libvirt' as const,
        path: 'vm.xml',
        diff: `-io=threads\n+io=io_uring (${id})`,
        notes: [],
      },
    })),
    heldRestart: vi.fn(() => ({ runtimeId: 'libvirt:vm', argv: ['virsh', 'shutdown', '--', 'vm'] })),
    emit(ev: JobEvent) {
      history.push(ev);
      for (const cb of listeners) cb(ev);
    },
  };
}

/** A log event of a job with a sequence number, for ordering tests. */
export function logEvent(seq: number, jobId = 'job-1'): JobEvent {
  return { jobId, seq, type: 'log', level: 'info', message: `event ${seq}` };
}
