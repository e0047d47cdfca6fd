import type { ErrorCode, MsgRef } from '../contract.js';
import { renderError } from '../error-text.js';

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
  const ref: MsgRef = params ? { key, params } : { key };
  return new EngineError(code, renderError(ref, 'en') ?? key, ref);
}

/** A runtime's state as a message (common.json state.*), for an error that names it. */
export function stateRef(state: string): MsgRef {
  return { key: `state.${state}` };
}
