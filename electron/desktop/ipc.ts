import type { IpcMain, WebFrameMain } from 'electron';
import type { ApplyPlan, Channel, Envelope, MsgRef, RequestMap } from '../contract/contract.js';
import { argSchemas } from '../engine/api-schemas.js';
import { engineMessage } from '../engine/util/errors.js';
import { msg } from '../messages/finding-text.js';
import { translator, type Lang } from '../messages/i18n.js';
import { withEnglish } from '../messages/message-english.js';

/** Prefix of every vmbench IPC channel name. */
export const IPC_PREFIX = 'vmbench:';
/** Main -> renderer: one job event. */
export const EVENT_CHANNEL = 'vmbench:event';
/** Renderer -> main: the renderer listens for job events now (sent by the preload). */
export const READY_CHANNEL = 'vmbench:ready';

/** Every request channel of the contract: the engine's argument schemas (api-schemas.ts), which must name each channel of RequestMap once (its type says so). */
export const CHANNELS = Object.keys(argSchemas) as Channel[];

/** What the IPC layer needs from the engine. */
export interface Dispatcher {
  dispatch(channel: string, args: unknown[]): Promise<Envelope<unknown>>;
  /** The plan behind a plan id, for the main process's own confirmation (throws when unknown). */
  heldPlan(planId: string): { plan: ApplyPlan };
  heldRestart(planId: string): { runtimeId: string; argv: string[] };
}

/** What a main-process confirmation dialog shows; resolves true only when the user chose to go ahead. */
export interface ConfirmRequest {
  title: string;
  message: string;
  detail: string;
  confirmLabel: string;
  cancelLabel: string;
}
export type Confirm = (req: ConfirmRequest) => Promise<boolean>;
/** The language the main process's dialogs speak now (the window's, else the app's). */
export type DialogLang = () => Promise<Lang>;

/** Channels that change the user's machine: the renderer alone cannot make them happen. */
const CONFIRMED: ReadonlySet<Channel> = new Set<Channel>(['advice.apply', 'runtime.restart']);

/** The dialog text for a plan id, from the engine's own record (never from the renderer). */
export function confirmRequestFor(channel: Channel, planId: string, engine: Dispatcher, lang: Lang = 'en'): ConfirmRequest {
  const t = translator(lang);
  const cancelLabel = t('common:dialog.cancel');
  if (channel === 'runtime.restart') {
    const r = engine.heldRestart(planId);
    return {
      title: t('common:dialog.restartTitle'),
      message: t('common:dialog.restartMessage', { id: r.runtimeId }),
      detail: t('common:dialog.restartDetail', { argv: r.argv.join(' ') }),
      confirmLabel: t('common:dialog.restartConfirm'),
      cancelLabel,
    };
  }
  const { plan } = engine.heldPlan(planId);
  const body = plan.diff ?? (plan.argv ?? []).map((a) => a.join(' ')).join('\n');
  const backup = plan.backupDir ? `\n\n${t('common:dialog.applyBackup', { dir: plan.backupDir })}` : '';
  const shown = body.length <= 2000 ? body : `${body.slice(0, 2000)}\n${t('common:dialog.truncated', { n: body.length - 2000 })}`;
  return {
    title: t('common:dialog.applyTitle'),
    message: t('common:dialog.applyMessage', { what: plan.path ?? plan.runtimeId }),
    detail: `${shown}${backup}`,
    confirmLabel: t('common:dialog.applyConfirm'),
    cancelLabel,
  };
}

/** Decides whether an IPC message comes from our own renderer. */
export type SenderCheck = (frame: WebFrameMain | null | undefined) => boolean;

type Handler<C extends Channel> = (event: { senderFrame: WebFrameMain | null }, args: unknown) => Promise<Envelope<RequestMap[C]['result']>>;

/** Builds the handler of one channel: sender check, the main process's own confirmation for changes, then the engine's envelope; never throws. */
export function requestHandler<C extends Channel>(
  channel: C,
  engine: Dispatcher,
  isTrusted: SenderCheck,
  confirm: Confirm,
  dialogLang: DialogLang = async () => 'en',
): Handler<C> {
  return async (event, args) => {
    if (!isTrusted(event.senderFrame)) return refuse('errors.ipc.untrusted', channel);
    if (!Array.isArray(args)) return refuse('errors.ipc.notArray', channel);
    try {
      if (CONFIRMED.has(channel)) {
        let req: ConfirmRequest;
        try {
          req = confirmRequestFor(channel, String(args[0]), engine, await dialogLang());
        } catch {
          return (await engine.dispatch(channel, args)) as Envelope<RequestMap[C]['result']>; // the engine's own "unknown plan" answer
        }
        if (!(await confirm(req))) return { ok: false, error: { code: 'cancelled', ...withEnglish(msg('errors.applyCancelled')) } };
      }
      // The engine validates the arguments against the contract's schemas.
      return (await engine.dispatch(channel, args)) as Envelope<RequestMap[C]['result']>;
    } catch (err) {
      return fail('internal', (err as Error)?.message || String(err));
    }
  };
}

/** Registers every channel and the ready signal; returns a function that removes them again. */
export function registerIpc(
  ipc: IpcMain,
  engine: Dispatcher,
  isTrusted: SenderCheck,
  onReady: () => void,
  confirm: Confirm,
  dialogLang?: DialogLang,
): () => void {
  for (const channel of CHANNELS) ipc.handle(`${IPC_PREFIX}${channel}`, requestHandler(channel, engine, isTrusted, confirm, dialogLang));
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

/** A request refused before it reaches the engine: the English message and its reference (errors.ipc.*), like the engine's errors. */
function refuse(
  key: 'errors.ipc.untrusted' | 'errors.ipc.notArray',
  channel: string,
): { ok: false; error: { code: 'invalid-input'; message: string; ref: MsgRef } } {
  const { message, messageRef } = engineMessage(key, { channel });
  return { ok: false, error: { code: 'invalid-input', message, ref: messageRef } };
}
