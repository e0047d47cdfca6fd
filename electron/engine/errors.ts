import type { ErrorCode } from '../contract.js';

/** An error meant for the user: a code the faces key behaviour on, and a message saying what to do. */
export class EngineError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'EngineError';
  }
}
