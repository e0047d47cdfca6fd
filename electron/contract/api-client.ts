/**
 * The client side of the contract, dependency-free: shared by the Electron preload and the web
 * client so both build the same `VmbenchApi` from a typed invoke (a drift fails to compile).
 */
import {
  API_METHODS,
  type Channel,
  type ErrorCode,
  type Envelope,
  type Invoke,
  type JobEvent,
  type MsgRef,
  type Subscribe,
  type VmbenchApi,
} from './contract.js';

/** Error thrown on the client side when a request answers `{ok:false}`. */
export class ApiError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    /** The message as a reference into the errors catalogue, when the engine gave one (errorText renders it). */
    readonly ref?: MsgRef,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/**
 * Builds the domain API from a typed invoke and an event subscription: each method of API_METHODS invokes its
 * channel with its arguments. A trailing optional argument left undefined is left out, as a caller that did not
 * give it (over HTTP, JSON would send it as null, which its schema refuses).
 */
export function bindApi(invoke: Invoke, subscribe: Subscribe): VmbenchApi {
  const call = invoke as (channel: Channel, ...args: unknown[]) => Promise<unknown>;
  const api: Record<string, unknown> = {};
  for (const channel of Object.keys(API_METHODS) as Channel[]) {
    api[API_METHODS[channel]] = (...args: unknown[]) => {
      while (args.length > 0 && args[args.length - 1] === undefined) args.pop();
      return call(channel, ...args);
    };
  }
  api.onEvent = (cb: (ev: JobEvent) => void) => subscribe(cb);
  return api as unknown as VmbenchApi;
}

/** Unwraps an envelope, throwing ApiError on failure. */
export function unwrap<T>(env: Envelope<T>): T {
  if (env.ok) return env.value;
  throw new ApiError(env.error.code, env.error.message, env.error.ref);
}
