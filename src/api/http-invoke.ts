import { ApiError, unwrap } from '../../electron/api-client';
import type { Channel, Envelope, Invoke, RequestMap } from '../../electron/contract';
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
      throw new ApiError('internal', `Cannot reach the vmbench engine (${(err as Error).message}). Is \`vmbench web\` still running?`);
    }
    let body: unknown;
    try {
      body = await res.json();
    } catch {
      throw new ApiError('internal', `The engine answered ${res.status} ${res.statusText} without a readable body.`);
    }
    if (res.status === 401) throw new ApiError('invalid-input', 'This page has no valid key for vmbench web (it changes at every start). Open the address `vmbench web` printed in its terminal, the one ending in #token=….');
    if (body && typeof body === 'object' && 'ok' in body) return unwrap(body as Envelope<RequestMap[C]['result']>);
    throw new ApiError('internal', `Unexpected answer from the engine (HTTP ${res.status}).`);
  };
}
