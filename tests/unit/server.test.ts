import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Engine } from '../../electron/engine/api.js';
import { startWebServer, type WebServer } from '../../electron/web/server.js';
import { handshake, send, type Reply } from '../helpers/web-request.js';
import { startTestWebServer, type TestWebServer } from '../helpers/web-server.js';

describe('vmbench web server', () => {
  let web: TestWebServer;
  let dir: string;
  let engine: Engine;
  let server: WebServer;
  let host: string;
  const api = (channel: string, args: unknown, extra: Record<string, string> = {}): Promise<Reply> =>
    send(
      server.port,
      'POST',
      `/api/${channel}`,
      { host, 'content-type': 'application/json', 'x-vmbench-token': server.token, ...extra },
      JSON.stringify({ args }),
    );

  beforeAll(async () => {
    web = await startTestWebServer('vmbench-web-');
    ({ dir, engine, server, host } = web);
  });
  afterAll(() => web.close());

  it('listens on 127.0.0.1 only, and prints an address that carries a fresh random key in its fragment', async () => {
    expect(server.url).toBe(`http://127.0.0.1:${server.port}/#token=${server.token}`);
    expect(server.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const other = await startWebServer(engine, { port: 0, rendererDir: dir });
    expect(other.token).not.toBe(server.token);
    await other.close();
  });

  it('answers the API only with the key: without it, or with a wrong one, 401 and nothing runs', async () => {
    for (const extra of [{ 'x-vmbench-token': '' }, { 'x-vmbench-token': 'x'.repeat(43) }, { 'x-vmbench-token': `${server.token}x` }]) {
      const r = await api('runs.list', [], extra);
      expect(r.status).toBe(401);
      expect(JSON.parse(r.text).error.message).toMatch(/open the address `vmbench web` printed/);
    }
    const bare = await send(
      server.port,
      'POST',
      '/api/advice.apply',
      { host, 'content-type': 'application/json' },
      JSON.stringify({ args: ['0123456789abcdef0123456789abcdef'] }),
    );
    expect(bare.status).toBe(401);
    // The page and its assets need no key: they hold none of the user's data.
    expect((await send(server.port, 'GET', '/', { host })).status).toBe(200);
  });

  it('serves the page with a strict CSP', async () => {
    const r = await send(server.port, 'GET', '/', { host });
    expect(r.status).toBe(200);
    expect(r.headers['content-security-policy']).toMatch(/default-src 'none'; script-src 'self'/);
    expect(r.headers['x-content-type-options']).toBe('nosniff');
  });

  it('answers API requests with an envelope', async () => {
    const r = await api('runs.list', []);
    expect(JSON.parse(r.text)).toEqual({ ok: true, value: { runs: [], warnings: [] } });
  });

  it('validates input at the boundary', async () => {
    expect(JSON.parse((await api('nope', [])).text).error.code).toBe('invalid-input');
    expect(JSON.parse((await api('runs.get', ['../../etc/passwd'])).text).error.code).toBe('invalid-input');
    expect(JSON.parse((await api('run.start', [{ suite: 'fast' }])).text).error.code).toBe('invalid-input');
    expect(JSON.parse((await api('run.start', [{ suite: 'quick', image: 'x; rm -rf /' }])).text).error.code).toBe('invalid-input');
    expect(JSON.parse((await api('run.start', [{ suite: 'quick', extra: 1 }])).text).error.code).toBe('invalid-input');
    expect(JSON.parse((await api('runs.get', ['missing-run'])).text).error.code).toBe('not-found');
  });

  it('refuses foreign hosts (DNS rebinding), foreign origins, non-JSON bodies and path traversal', async () => {
    expect((await send(server.port, 'GET', '/', { host: 'evil.example:80' })).status).toBe(421);
    expect((await api('runs.list', [], { origin: 'http://evil.example' })).status).toBe(403);
    expect(
      (await send(server.port, 'POST', '/api/runs.list', { host, 'content-type': 'text/plain', 'x-vmbench-token': server.token }, '{"args":[]}')).status,
    ).toBe(415);
    expect(
      (await send(server.port, 'POST', '/api/runs.list', { host, 'content-type': 'application/json', 'x-vmbench-token': server.token }, '{oops')).status,
    ).toBe(400);
    expect((await send(server.port, 'GET', '/..%2f..%2fetc%2fpasswd', { host })).status).toBe(404);
    expect((await send(server.port, 'GET', '/api/runs.list', { host, 'x-vmbench-token': server.token })).status).toBe(405);
  });

  it('streams events over a WebSocket from our origin with the key, and refuses others (another origin: 403; no key or a wrong one: 401)', async () => {
    const ok = await handshake(`ws://${host}/api/events?token=${server.token}`, { origin: `http://${host}` });
    expect(ok).toBe('open');
    expect(await handshake(`ws://${host}/api/events?token=${server.token}`, { origin: 'http://evil.example' })).toBe('403');
    expect(await handshake(`ws://${host}/api/events`, { origin: `http://${host}` })).toBe('401');
    expect(await handshake(`ws://${host}/api/events?token=wrong`)).toBe('401');
  });
});
