import { bindApi } from '../../electron/contract/api-client.js';
import type { VmbenchApi } from '../../electron/contract/contract.js';
import { createEventSocket } from './event-socket';
import { createHttpInvoke } from './http-invoke';

declare global {
  interface Window {
    /** Set by the Electron preload (with the app's locale, app.getLocale()); absent in a browser. */
    vmbench?: VmbenchApi & { locale?: string };
  }
}

let api: VmbenchApi | null = null;

/** The one API object: the Electron preload's if present, else HTTP + WebSocket to this origin. */
export function getApi(): VmbenchApi {
  if (!api) api = window.vmbench ?? bindApi(createHttpInvoke(), createEventSocket());
  return api;
}
