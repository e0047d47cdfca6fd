import { ApiError, unwrap } from '../../electron/api-client';
import type { Channel, Envelope, Invoke, RequestMap } from '../../electron/contract';

/** Makes a typed invoke that POSTs `{args}` to `/api/<channel>` on the page's own origin. */
export function createHttpInvoke(base = '/api/'): Invoke {
  return async function invoke<C extends Channel>(channel: C, ...args: RequestMap[C]['args']): Promise<RequestMap[C]['result']> {
    let res: Response;
    try {
      res = await fetch(`${base}${channel}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
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
    if (body && typeof body === 'object' && 'ok' in body) return unwrap(body as Envelope<RequestMap[C]['result']>);
    throw new ApiError('internal', `Unexpected answer from the engine (HTTP ${res.status}).`);
  };
}
