import type { IpcMain, WebFrameMain } from 'electron';
import type { Channel, Envelope, RequestMap } from '../contract.js';

/** Prefix of every vmbench IPC channel name. */
export const IPC_PREFIX = 'vmbench:';
/** Main -> renderer: one job event. */
export const EVENT_CHANNEL = 'vmbench:event';
/** Renderer -> main: the renderer listens for job events now (sent by the preload). */
export const READY_CHANNEL = 'vmbench:ready';

// A key per request of RequestMap: a channel added to or removed from the contract without
// being added or removed here fails to compile.
const CHANNEL_KEYS: { [C in Channel]: true } = {
  'app.info': true,
  detect: true,
  'detect.cached': true,
  'run.start': true,
  'run.cancel': true,
  'runs.list': true,
  'runs.get': true,
  'runs.annotate': true,
  'runs.delete': true,
  'runs.compare': true,
  'runs.export': true,
  'card.render': true,
  'advice.plan': true,
  'advice.apply': true,
  'runtime.restart': true,
  'runtime.start': true,
};

/** Every request channel of the contract. */
export const CHANNELS = Object.keys(CHANNEL_KEYS) as Channel[];

/** What the IPC layer needs from the engine. */
export interface Dispatcher {
  dispatch(channel: string, args: unknown[]): Promise<Envelope<unknown>>;
}

/** Decides whether an IPC message comes from our own renderer. */
export type SenderCheck = (frame: WebFrameMain | null | undefined) => boolean;

type Handler<C extends Channel> = (event: { senderFrame: WebFrameMain | null }, args: unknown) => Promise<Envelope<RequestMap[C]['result']>>;

/** Builds the handler of one channel: sender check, then the engine's envelope; never throws. */
export function requestHandler<C extends Channel>(channel: C, engine: Dispatcher, isTrusted: SenderCheck): Handler<C> {
  return async (event, args) => {
    if (!isTrusted(event.senderFrame)) return fail('invalid-input', `Request "${channel}" refused: it does not come from the vmbench window.`);
    if (!Array.isArray(args)) return fail('invalid-input', `Request "${channel}" refused: arguments must be an array.`);
    try {
      // The engine validates the arguments against the contract's schemas.
      return (await engine.dispatch(channel, args)) as Envelope<RequestMap[C]['result']>;
    } catch (err) {
      return fail('internal', (err as Error)?.message || String(err));
    }
  };
}

/** Registers every channel and the ready signal; returns a function that removes them again. */
export function registerIpc(ipc: IpcMain, engine: Dispatcher, isTrusted: SenderCheck, onReady: () => void): () => void {
  for (const channel of CHANNELS) ipc.handle(`${IPC_PREFIX}${channel}`, requestHandler(channel, engine, isTrusted));
  const ready = (event: { senderFrame: WebFrameMain | null }): void => {
    if (isTrusted(event.senderFrame)) onReady();
  };
  ipc.on(READY_CHANNEL, ready);
  return () => {
    for (const channel of CHANNELS) ipc.removeHandler(`${IPC_PREFIX}${channel}`);
    ipc.removeListener(READY_CHANNEL, ready);
  };
}

function fail(code: 'invalid-input' | 'internal', message: string): { ok: false; error: { code: typeof code; message: string } } {
  return { ok: false, error: { code, message } };
}
