import type { ErrorCode, MsgRef } from '../../contract/contract.js';
import { msg } from '../../messages/finding-text.js';
import { isMsgRef } from '../../messages/error-text.js';
import { englishOf } from '../../messages/message-english.js';

/** An error meant for the user: a code the faces key behaviour on, a message saying what to do, and (for the messages users meet) the same message as a reference the faces render in their language. */
export class EngineError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly ref?: MsgRef,
  ) {
    super(message);
    this.name = 'EngineError';
  }
}

/** An EngineError from a message of the errors catalogue (common.json errors.*): its English message is the English text of that message. */
export function engineError(code: ErrorCode, key: string, params?: MsgRef['params']): EngineError {
  const { message, messageRef } = engineMessage(key, params);
  return new EngineError(code, message, messageRef);
}

/** A message of the common catalogue in English, with its reference (for results that carry both, like ApplyResult). */
export function engineMessage(key: string, params?: MsgRef['params']): { message: string; messageRef: MsgRef } {
  const messageRef = msg(key, params);
  return { message: englishOf(messageRef), messageRef };
}

/** What went wrong, for a message that quotes it: the error's reference (an EngineError's, a transport's), else its own (English) text. */
export function whyOf(err: unknown): string | MsgRef {
  const ref = (err as { ref?: unknown } | null)?.ref;
  if (err instanceof Error && isMsgRef(ref)) return ref;
  return (err as Error)?.message || String(err);
}

/** Why a file could not be written, in words the user acts on (read-only, denied, disk full, no such folder, a folder in the way), else the error's own text. */
export function writeWhy(err: unknown): string | MsgRef {
  const code = (err as NodeJS.ErrnoException)?.code;
  if (code === 'EROFS') return { key: 'errors.whyReadOnly' };
  if (code === 'EACCES' || code === 'EPERM') return { key: 'errors.whyDenied' };
  if (code === 'ENOSPC' || code === 'EDQUOT') return { key: 'errors.whyFull' };
  if (code === 'ENOENT' || code === 'ENOTDIR') return { key: 'errors.whyNoFolder' };
  if (code === 'EISDIR') return { key: 'errors.whyIsFolder' };
  return whyOf(err);
}

/** A runtime's state as a message (common.json state.*), for an error that names it. */
export function stateRef(state: string): MsgRef {
  return { key: `state.${state}` };
}
