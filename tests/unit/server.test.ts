import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createEngine, type Engine } from '../../electron/engine/api.js';
import { startWebServer, type WebServer } from '../../electron/server.js';

interface Reply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

function send(port: number, method: string, path: string, headers: Record<string, string>, body?: string): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, method, path, headers }, (res) => {
      let text = '';
      res.on('data', (c) => (text += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

describe('vmbench web server', () => {
  let dir: string;
  let engine: Engine;
  let server: WebServer;
  let host: string;
  const api = (channel: string, args: unknown, extra: Record<string, string> = {}): Promise<Reply> =>
    send(server.port, 'POST', `/api/${channel}`, { host, 'content-type': 'application/json', ...extra }, JSON.stringify({ args }));

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'vmbench-web-'));
    await writeFile(join(dir, 'index.html'), '<!doctype html><title>vmbench</title>');
    engine = createEngine({ dataDir: join(dir, 'data'), mode: 'web' });
    server = await startWebServer(engine, { port: 0, rendererDir: dir });
    host = `127.0.0.1:${server.port}`;
  });
  afterAll(async () => {
    await server.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('listens on 127.0.0.1 only', () => {
    expect(server.url).toBe(`http://127.0.0.1:${server.port}/`);
  });

  it('serves the page with a strict CSP', async () => {
    const r = await send(server.port, 'GET', '/', { host });
    expect(r.status).toBe(200);
    expect(r.headers['content-security-policy']).toMatch(/default-src 'none'; script-src 'self'/);
    expect(r.headers['x-content-type-options']).toBe('nosniff');
  });

  it('answers API requests with an envelope', async () => {
    const r = await api('runs.list', []);
    expect(JSON.parse(r.body)).toEqual({ ok: true, value: { runs: [], warnings: [] } });
  });

  it('validates input at the boundary', async () => {
    expect(JSON.parse((await api('nope', [])).body).error.code).toBe('invalid-input');
    expect(JSON.parse((await api('runs.get', ['../../etc/passwd'])).body).error.code).toBe('invalid-input');
    expect(JSON.parse((await api('run.start', [{ suite: 'fast' }])).body).error.code).toBe('invalid-input');
    expect(JSON.parse((await api('run.start', [{ suite: 'quick', image: 'x; rm -rf /' }])).body).error.code).toBe('invalid-input');
    expect(JSON.parse((await api('run.start', [{ suite: 'quick', extra: 1 }])).body).error.code).toBe('invalid-input');
    expect(JSON.parse((await api('runs.get', ['missing-run'])).body).error.code).toBe('not-found');
  });

  it('refuses foreign hosts (DNS rebinding), foreign origins, non-JSON bodies and path traversal', async () => {
    expect((await send(server.port, 'GET', '/', { host: 'evil.example:80' })).status).toBe(421);
    expect((await api('runs.list', [], { origin: 'http://evil.example' })).status).toBe(403);
    expect((await send(server.port, 'POST', '/api/runs.list', { host, 'content-type': 'text/plain' }, '{"args":[]}')).status).toBe(415);
    expect((await send(server.port, 'POST', '/api/runs.list', { host, 'content-type': 'application/json' }, '{oops')).status).toBe(400);
    expect((await send(server.port, 'GET', '/..%2f..%2fetc%2fpasswd', { host })).status).toBe(404);
    expect((await send(server.port, 'GET', '/api/runs.list', { host })).status).toBe(405);
  });

  it('streams events over a WebSocket from our origin and refuses others', async () => {
    const ok = new WebSocket(`ws://${host}/api/events`, { headers: { origin: `http://${host}` } });
    await new Promise((resolve, reject) => {
      ok.on('open', resolve);
      ok.on('error', reject);
    });
    ok.close();
    const bad = new WebSocket(`ws://${host}/api/events`, { headers: { origin: 'http://evil.example' } });
    await expect(
      new Promise((resolve, reject) => {
        bad.on('open', resolve);
        bad.on('error', reject);
      }),
    ).rejects.toThrow(/403/);
  });
});
