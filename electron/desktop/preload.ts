// The preload script: runs sandboxed in the renderer, exposes the domain API as window.vmbench.
// Bundled to dist/app/preload.cjs; a sandboxed preload may only require('electron').
import { contextBridge, ipcRenderer, type IpcRenderer, type IpcRendererEvent } from 'electron';
import { ApiError, bindApi, unwrap } from '../contract/api-client.js';
import { localeFromArgv } from './locale-arg.js';
import type { Channel, Envelope, Invoke, JobEvent, MsgRef, RequestMap, Subscribe, VmbenchApi } from '../contract/contract.js';

const PREFIX = 'vmbench:';
const EVENT_CHANNEL = 'vmbench:event';
const READY_CHANNEL = 'vmbench:ready';

/**
 * What a failed request rejects with in the renderer. The contextBridge copies an Error as a
 * fresh Error carrying only its message (an ApiError's prototype and `code` are lost), but it
 * deep-copies a plain object with string fields. So the rejection is a plain object with
 * `name`, `code` and `message`: `err.code` and `err.message` work on the other side.
 */
export interface BridgedError {
  name: 'ApiError';
  code: string;
  message: string;
  /** The message as a reference into the errors catalogue (a plain object, so it survives the bridge too). */
  ref?: MsgRef;
}

/** Turns anything a request threw into a BridgedError that survives the contextBridge. */
export function toBridgedError(err: unknown): BridgedError {
  if (err instanceof ApiError)
    return err.ref ? { name: 'ApiError', code: err.code, message: err.message, ref: err.ref } : { name: 'ApiError', code: err.code, message: err.message };
  const message = err instanceof Error ? err.message : String(err);
  return { name: 'ApiError', code: 'internal', message: message || 'The request failed.' };
}

/** Builds the API object from an ipcRenderer (the module's, or a mock in tests). */
export function createPreloadApi(ipc: IpcRenderer): VmbenchApi {
  const invoke: Invoke = <C extends Channel>(channel: C, ...args: RequestMap[C]['args']): Promise<RequestMap[C]['result']> =>
    ipc.invoke(`${PREFIX}${channel}`, args).then(
      (env: Envelope<RequestMap[C]['result']>) => {
        try {
          return unwrap(env);
        } catch (err) {
          throw toBridgedError(err);
        }
      },
      (err: unknown) => {
        throw toBridgedError(err);
      },
    );

  let listeners = 0;
  const subscribe: Subscribe = (cb) => {
    const listener = (_event: IpcRendererEvent, ev: JobEvent): void => cb(ev);
    ipc.on(EVENT_CHANNEL, listener);
    // The first listener of this document tells main to flush the events it held back.
    if (++listeners === 1) ipc.send(READY_CHANNEL);
    let active = true;
    return () => {
      if (!active) return;
      active = false;
      listeners--;
      ipc.removeListener(EVENT_CHANNEL, listener);
    };
  };

  // Only the domain methods of the contract; never ipcRenderer itself.
  return bindApi(invoke, subscribe);
}

/** What the preload exposes as window.vmbench: the domain API plus the app's locale (app.getLocale()). */
export function exposedApi(ipc: IpcRenderer, argv: readonly string[]): VmbenchApi & { locale?: string } {
  const locale = localeFromArgv(argv);
  return locale ? { ...createPreloadApi(ipc), locale } : createPreloadApi(ipc);
}

contextBridge.exposeInMainWorld('vmbench', exposedApi(ipcRenderer, process.argv));
