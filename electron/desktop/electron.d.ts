// Stand-in for the `electron` package's own types. The package is an optionalDependency whose
// binary download fails offline (or is skipped with ELECTRON_SKIP_BINARY_DOWNLOAD), and then npm
// drops it together with its electron.d.ts. This declares only the API surface the shell uses,
// with the same signatures as Electron 45 (but `unknown` for Electron's `any` wherever no caller needs `any`). Delete this file once `electron` is a regular
// dependency; its own `declare module 'electron'` must not be merged with this one.

declare module 'electron' {
  import { EventEmitter } from 'node:events';

  /** An Electron event object; `Params` are the extra fields some events carry. */
  export type Event<Params extends object = object> = {
    preventDefault(): void;
    readonly defaultPrevented: boolean;
  } & Params;

  /** A rectangle in screen coordinates. */
  export interface Rectangle {
    x: number;
    y: number;
    width: number;
    height: number;
  }

  /** A frame of a page, as seen from the main process. */
  export interface WebFrameMain {
    readonly url: string;
    readonly processId: number;
    readonly routingId: number;
    readonly top: WebFrameMain | null;
    readonly parent: WebFrameMain | null;
  }

  export interface HandlerDetails {
    url: string;
    frameName: string;
    disposition: string;
  }
  export type WindowOpenHandlerResponse = { action: 'deny' } | { action: 'allow'; overrideBrowserWindowOptions?: BrowserWindowConstructorOptions };

  export interface WebContentsWillNavigateEventParams {
    url: string;
    isSameDocument: boolean;
    isMainFrame: boolean;
    frame: WebFrameMain | null;
    initiator?: WebFrameMain | null;
  }
  export type WebContentsDidStartNavigationEventParams = WebContentsWillNavigateEventParams;

  export interface PermissionRequest {
    requestingUrl: string;
    isMainFrame: boolean;
  }
  export interface PermissionCheckHandlerHandlerDetails {
    requestingUrl?: string;
    isMainFrame?: boolean;
  }

  export interface Session {
    setPermissionRequestHandler(
      handler: ((webContents: WebContents, permission: string, callback: (permissionGranted: boolean) => void, details: PermissionRequest) => void) | null,
    ): void;
    setPermissionCheckHandler(
      handler:
        ((webContents: WebContents | null, permission: string, requestingOrigin: string, details: PermissionCheckHandlerHandlerDetails) => boolean) | null,
    ): void;
  }

  export interface WebContents extends EventEmitter {
    readonly mainFrame: WebFrameMain;
    readonly session: Session;
    send(channel: string, ...args: unknown[]): void;
    isDestroyed(): boolean;
    getURL(): string;
    executeJavaScript(code: string, userGesture?: boolean): Promise<unknown>;
    setWindowOpenHandler(handler: (details: HandlerDetails) => WindowOpenHandlerResponse): void;
    on(event: 'will-navigate', listener: (details: Event<WebContentsWillNavigateEventParams>, url: string) => void): this;
    on(
      event: 'did-start-navigation',
      listener: (details: Event<WebContentsDidStartNavigationEventParams>, url: string, isInPlace: boolean, isMainFrame: boolean) => void,
    ): this;
    on(event: 'will-attach-webview' | 'render-process-gone', listener: (event: Event) => void): this;
    on(event: string, listener: (...args: unknown[]) => void): this;
  }

  export interface WebPreferences {
    preload?: string;
    /** Extra switches appended to the renderer process's argv (the preload reads them from process.argv). */
    additionalArguments?: string[];
    contextIsolation?: boolean;
    sandbox?: boolean;
    nodeIntegration?: boolean;
    nodeIntegrationInSubFrames?: boolean;
    nodeIntegrationInWorker?: boolean;
    webviewTag?: boolean;
    webSecurity?: boolean;
    allowRunningInsecureContent?: boolean;
    experimentalFeatures?: boolean;
    spellcheck?: boolean;
  }

  export interface BrowserWindowConstructorOptions {
    x?: number;
    y?: number;
    width?: number;
    height?: number;
    minWidth?: number;
    minHeight?: number;
    show?: boolean;
    title?: string;
    backgroundColor?: string;
    webPreferences?: WebPreferences;
  }

  export class BrowserWindow extends EventEmitter {
    constructor(options?: BrowserWindowConstructorOptions);
    readonly webContents: WebContents;
    static getAllWindows(): BrowserWindow[];
    loadFile(filePath: string): Promise<void>;
    show(): void;
    focus(): void;
    restore(): void;
    maximize(): void;
    isMinimized(): boolean;
    isMaximized(): boolean;
    isDestroyed(): boolean;
    getNormalBounds(): Rectangle;
  }

  export interface IpcMainEvent {
    readonly sender: WebContents;
    readonly senderFrame: WebFrameMain | null;
  }
  export type IpcMainInvokeEvent = IpcMainEvent;

  export interface IpcMain extends EventEmitter {
    handle(channel: string, listener: (event: IpcMainInvokeEvent, ...args: unknown[]) => unknown): void;
    removeHandler(channel: string): void;
    on(channel: string, listener: (event: IpcMainEvent, ...args: unknown[]) => void): this;
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- as in Electron's own types: callers' listeners name their argument types
    removeListener(channel: string, listener: (...args: any[]) => void): this;
  }

  export interface IpcRendererEvent {
    readonly sender: IpcRenderer;
  }
  export interface IpcRenderer extends EventEmitter {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- as in Electron's own types: the caller names the reply's type
    invoke(channel: string, ...args: unknown[]): Promise<any>;
    send(channel: string, ...args: unknown[]): void;
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- as in Electron's own types: callers' listeners name their argument types
    on(channel: string, listener: (event: IpcRendererEvent, ...args: any[]) => void): this;
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- as in Electron's own types: callers' listeners name their argument types
    removeListener(channel: string, listener: (...args: any[]) => void): this;
  }

  export interface App extends EventEmitter {
    requestSingleInstanceLock(): boolean;
    whenReady(): Promise<void>;
    getAppPath(): string;
    /** The locale of the app (its UI language), e.g. "ja" or "en-US". */
    getLocale(): string;
    enableSandbox(): void;
    quit(): void;
    exit(exitCode?: number): void;
    on(event: 'second-instance' | 'window-all-closed' | 'activate', listener: () => void): this;
    on(event: 'will-quit', listener: (event: Event) => void): this;
    on(event: string, listener: (...args: unknown[]) => void): this;
  }

  export interface Display {
    id: number;
    bounds: Rectangle;
    workArea: Rectangle;
  }
  export interface Screen {
    getAllDisplays(): Display[];
    getPrimaryDisplay(): Display;
  }

  export const app: App;
  export const ipcMain: IpcMain;
  export const ipcRenderer: IpcRenderer;
  export const screen: Screen;
  export const session: { readonly defaultSession: Session };
  export const shell: { openExternal(url: string): Promise<void> };
  export interface MessageBoxOptions {
    type?: 'none' | 'info' | 'error' | 'question' | 'warning';
    title?: string;
    message: string;
    detail?: string;
    buttons?: string[];
    defaultId?: number;
    cancelId?: number;
    noLink?: boolean;
  }
  export const dialog: { showMessageBox(win: BrowserWindow, options: MessageBoxOptions): Promise<{ response: number; checkboxChecked: boolean }> };
  export const contextBridge: { exposeInMainWorld(apiKey: string, api: unknown): void };
}
