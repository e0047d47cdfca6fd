/**
 * The per-start key guards every route of `vmbench web`, not a sample of them: the channels come from the one
 * list the server dispatches to (the engine's argSchemas, which isChannel reads), plus a path that names no
 * channel. For each: no key, a wrong key of the same length, the key without its last character (a prefix) and
 * the key with a character added (a suffix) get 401 and the engine is never called; the real key passes the gate.
 * The event socket (WebSocket /api/events, key in ?token=) refuses the same four with 401 and opens with the real key.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { argSchemas } from '../../electron/engine/api-schemas.js';
import { TOKEN_HEADER } from '../../electron/web/server.js';
import { handshake, send, type Reply } from '../helpers/web-request.js';
import { startTestWebServer, type TestWebServer } from '../helpers/web-server.js';

const CHANNELS = Object.keys(argSchemas);
/** Arguments no channel accepts, so that a call that passes the key gate is refused by validation and runs nothing. */
const BAD_ARGS = JSON.stringify({ args: [{ not: 'an argument' }, -1, null, [], 'x', true, 7, {}, 'y'] });

function post(port: number, path: string, headers: Record<string, string>): Promise<Reply> {
  return send(port, 'POST', path, { 'content-type': 'application/json', ...headers }, BAD_ARGS);
}

describe('vmbench web: the key on every route and on the event socket', () => {
  let web: TestWebServer;
  let wrongKeys: [string, string | undefined][];
  beforeAll(async () => {
    web = await startTestWebServer('vmbench-web-keys-');
    const t = web.server.token;
    const wrong = (t[0] === 'A' ? 'B' : 'A') + t.slice(1);
    wrongKeys = [
      ['no key', undefined],
      ['a wrong key of the same length', wrong],
      ['a prefix of the key', t.slice(0, -1)],
      ['the key plus a suffix', `${t}A`],
    ];
  });
  afterAll(() => web.close());

  it('lists the channels it guards (the server dispatches every one of them)', () => {
    expect(CHANNELS.length).toBeGreaterThan(20);
    expect(CHANNELS).toEqual(expect.arrayContaining(['advice.apply', 'advice.plan', 'run.start', 'runs.import', 'runtime.restart', 'detect']));
  });

  it('401 on every route for a missing, wrong, prefix or suffixed key, and the engine is never called', async () => {
    const dispatch = vi.spyOn(web.engine, 'dispatch');
    try {
      for (const channel of [...CHANNELS, 'no-such-channel']) {
        for (const [label, key] of wrongKeys) {
          const r = await post(web.server.port, `/api/${channel}`, { host: web.host, ...(key === undefined ? {} : { [TOKEN_HEADER]: key }) });
          expect(r.status, `${channel}, ${label}`).toBe(401);
          expect(r.text, `${channel}, ${label}`).toMatch(/lacks the key/);
        }
      }
      expect(dispatch).not.toHaveBeenCalled();
    } finally {
      dispatch.mockRestore();
    }
  });

  it('with the real key every route passes the gate and reaches the engine (which refuses the bad arguments)', async () => {
    const dispatch = vi.spyOn(web.engine, 'dispatch');
    try {
      for (const channel of CHANNELS) {
        const r = await post(web.server.port, `/api/${channel}`, { host: web.host, [TOKEN_HEADER]: web.server.token });
        expect(r.status, channel).toBe(200);
        expect(JSON.parse(r.text), channel).toMatchObject({ ok: false, error: { code: 'invalid-input' } });
      }
      expect(dispatch.mock.calls.map((c) => c[0])).toEqual(CHANNELS);
    } finally {
      dispatch.mockRestore();
    }
  });

  it('the event socket answers 401 to the same keys and opens with the real one', async () => {
    const open = (token: string | undefined): Promise<string> =>
      handshake(`ws://${web.host}/api/events${token === undefined ? '' : `?token=${encodeURIComponent(token)}`}`, { origin: `http://${web.host}` });
    for (const [label, key] of wrongKeys) expect(await open(key), label).toBe('401');
    expect(await open(web.server.token)).toBe('open');
  });
});
