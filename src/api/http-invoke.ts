import { ApiError, unwrap } from '../../electron/contract/api-client.js';
import type { Channel, Envelope, ErrorCode, Invoke, MsgRef, RequestMap } from '../../electron/contract/contract.js';
import { msg } from '../../electron/messages/finding-text.js';
import { withEnglish } from '../../electron/messages/message-english.js';
import { sessionToken, TOKEN_HEADER } from './session-token';

/** Makes a typed invoke that POSTs `{args}` to `/api/<channel>` on the page's own origin, with this tab's key. */
export function createHttpInvoke(base = '/api/', token: () => string | null = sessionToken): Invoke {
  return async function invoke<C extends Channel>(channel: C, ...args: RequestMap[C]['args']): Promise<RequestMap[C]['result']> {
    let res: Response;
    try {
      res = await fetch(`${base}${channel}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', [TOKEN_HEADER]: token() ?? '' },
        body: JSON.stringify({ args }),
      });
    } catch (err) {
      throw clientError('internal', 'errors.unreachable', { error: (err as Error).message });
    }
    let body: unknown;
    try {
      body = await res.json();
    } catch {
      throw clientError('internal', 'errors.unreadable', { status: `${res.status} ${res.statusText}`.trim() });
    }
    if (res.status === 401) throw clientError('invalid-input', 'errors.noKey');
    if (body && typeof body === 'object' && 'ok' in body) return unwrap(body as Envelope<RequestMap[C]['result']>);
    throw clientError('internal', 'errors.unexpected', { status: res.status });
  };
}

/** A failure of the page's own request (no engine answer): English message and its reference, like the engine's errors. */
function clientError(code: ErrorCode, key: string, params?: MsgRef['params']): ApiError {
  const { message, ref } = withEnglish(msg(key, params));
  return new ApiError(code, message, ref);
}
