/** `vmbench web` answers bad requests with the right status and compresses the renderer. */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, constants as zlibConstants } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine } from '../../electron/engine/api.js';
import { startWebServer, type WebServer } from '../../electron/web/server.js';
import { handshake, send, type Reply } from '../helpers/web-request.js';

describe('vmbench web: bad requests and compression', () => {
  let dir: string;
  let server: WebServer;
  let host: string;
  const page = `<!doctype html><title>vmbench</title>${'<p>vmbench renderer</p>'.repeat(200)}`;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'vmbench-web-hard-'));
    await writeFile(join(dir, 'index.html'), page);
    server = await startWebServer(createEngine({ dataDir: join(dir, 'data'), mode: 'web' }), { port: 0, rendererDir: dir });
    host = `127.0.0.1:${server.port}`;
  });
  afterAll(async () => {
    await server.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('malformed percent-encoding is a 400 (API and files), not a 500', async () => {
    expect(
      (await send(server.port, 'POST', '/api/%E0%A4%A', { host, 'x-vmbench-token': server.token, 'content-type': 'application/json' }, '{"args":[]}')).status,
    ).toBe(400);
    expect((await send(server.port, 'GET', '/%E0%A4%A', { host })).status).toBe(400);
  });

  it('a body over the limit is a 413 with a JSON error (declared or streamed)', async () => {
    const big = JSON.stringify({ args: ['x'.repeat(1100 * 1024)] });
    const declared = await send(
      server.port,
      'POST',
      '/api/app.info',
      { host, 'x-vmbench-token': server.token, 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(big)) },
      big,
    );
    expect(declared.status).toBe(413);
    expect(JSON.parse(declared.body.toString()).error.code).toBe('invalid-input');
    const chunked = await send(
      server.port,
      'POST',
      '/api/app.info',
      { host, 'x-vmbench-token': server.token, 'content-type': 'application/json', 'transfer-encoding': 'chunked' },
      big,
    );
    expect(chunked.status).toBe(413);
  });

  it('only application/json exactly (charset utf-8 allowed)', async () => {
    const body = '{"args":[]}';
    for (const ct of ['application/jsonx', 'application/json-seq', 'application/json; charset=latin1', 'text/plain']) {
      expect((await send(server.port, 'POST', '/api/app.info', { host, 'x-vmbench-token': server.token, 'content-type': ct }, body)).status, ct).toBe(415);
    }
    for (const ct of ['application/json', 'application/json; charset=utf-8']) {
      expect((await send(server.port, 'POST', '/api/app.info', { host, 'x-vmbench-token': server.token, 'content-type': ct }, body)).status, ct).toBe(200);
    }
  });

  it('serves the renderer brotli- or gzip-compressed when accepted, plain otherwise', async () => {
    const br = await send(server.port, 'GET', '/', { host, 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.body).toString()).toBe(page);
    expect(br.body.length).toBeLessThan(page.length);
    // At quality 5, not brotli's default 11: a large bundle compresses in a moment on each request.
    expect(br.body.equals(brotliCompressSync(page, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } }))).toBe(true);
    const gz = await send(server.port, 'GET', '/', { host, 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toBe(page);
    const plain = await send(server.port, 'GET', '/', { host, 'accept-encoding': 'br;q=0' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(page);
  });
});

describe('vmbench web: each refusal names its reason, and the limits are exact', () => {
  let dir: string;
  let server: WebServer;
  let host: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'vmbench-web-why-'));
    await writeFile(join(dir, 'index.html'), '<!doctype html><title>vmbench</title>');
    server = await startWebServer(createEngine({ dataDir: join(dir, 'data'), mode: 'web' }), { port: 0, rendererDir: dir });
    host = `127.0.0.1:${server.port}`;
  });
  afterAll(async () => {
    await server.close();
    await rm(dir, { recursive: true, force: true });
  });
  const api = (headers: Record<string, string>, body?: string, path = '/api/app.info', method = 'POST'): Promise<Reply> =>
    send(server.port, method, path, { host, 'x-vmbench-token': server.token, 'content-type': 'application/json', ...headers }, body);
  const ref = (r: Reply): unknown => (JSON.parse(r.body.toString()) as { error: { ref: { key: string } } }).error.ref.key;

  it('the API says which check refused: method, origin, content type, encoding, JSON, arguments', async () => {
    expect(ref(await api({}, undefined, '/api/app.info', 'GET'))).toBe('errors.http.usePost');
    expect(ref(await api({ origin: 'http://evil.example' }, '{"args":[]}'))).toBe('errors.http.crossOrigin');
    expect(ref(await api({ 'content-type': 'text/plain' }, '{"args":[]}'))).toBe('errors.http.contentType');
    expect(ref(await api({}, '{"args":[]}', '/api/%E0%A4%A'))).toBe('errors.http.badEncoding');
    expect(ref(await api({}, '{"args":'))).toBe('errors.http.badJson');
    expect(ref(await api({}, '{"args":{}}'))).toBe('errors.http.noArgs');
    expect(ref(await api({}, 'null'))).toBe('errors.http.noArgs');
    const api200 = await api({}, '{"args":[]}');
    expect(api200.headers['cache-control']).toBe('no-store');
    expect(api200.headers['content-type']).toBe('application/json; charset=utf-8');
  });

  it('application/json with or without spaces around its charset; nothing before it', async () => {
    for (const ct of ['application/json;charset=utf-8', 'application/json ; charset="utf-8"', 'APPLICATION/JSON']) {
      expect((await api({ 'content-type': ct }, '{"args":[]}')).status, ct).toBe(200);
    }
    for (const ct of ['x-application/json', 'text/application/json']) expect((await api({ 'content-type': ct }, '{"args":[]}')).status, ct).toBe(415);
  });

  it('a body of exactly 1 MiB is read; runs.import may carry a whole run file, larger', async () => {
    const pad = (n: number): string => JSON.stringify({ args: ['x'.repeat(n - '{"args":[""]}'.length)] });
    const exact = pad(1024 * 1024);
    expect(Buffer.byteLength(exact)).toBe(1024 * 1024);
    expect((await api({ 'content-length': String(exact.length) }, exact)).status).toBe(200);
    expect((await api({ 'transfer-encoding': 'chunked' }, exact)).status).toBe(200);
    const run = pad(1536 * 1024);
    expect((await api({}, run, '/api/runs.import')).status).toBe(200);
    expect((await api({}, run, '/api/app.info')).status).toBe(413);
  });

  it('pages: another method is a 405, a missing file a 404, the page itself has no-store and the nosniff headers', async () => {
    expect((await send(server.port, 'PUT', '/', { host })).status).toBe(405);
    expect((await send(server.port, 'GET', '/nothing.js', { host })).status).toBe(404);
    const page = await send(server.port, 'GET', '/', { host });
    expect(page.headers).toMatchObject({
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'no-referrer',
      'cross-origin-opener-policy': 'same-origin',
    });
    expect((await send(server.port, 'GET', '/', { host: 'evil.example' })).body.toString()).not.toBe('');
  });

  it('answers localhost:<port> as its own host; a small page goes uncompressed', async () => {
    expect((await send(server.port, 'GET', '/', { host: `localhost:${server.port}` })).status).toBe(200);
    const small = await send(server.port, 'GET', '/', { host, 'accept-encoding': 'br, gzip' });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.headers['content-length']).toBe(String(small.body.length));
    expect(JSON.parse((await api({}, '{"args":{}}')).body.toString()).ok).toBe(false);
  });

  it('a page answers in the language the browser ranks first among those vmbench has, English otherwise', async () => {
    const lang = async (accept: string): Promise<unknown> =>
      (await send(server.port, 'GET', '/nothing.js', { host, 'accept-language': accept })).headers['content-language'];
    expect(await lang('ja')).toBe('ja');
    expect(await lang('fr-FR, ja;q=0.5')).toBe('ja');
    expect(await lang('en;q=0.1, ja')).toBe('ja');
    expect(await lang('ja;q=0.4, en;q=0.6')).toBe('en');
    expect(await lang('ja; q=0.9, en;q=0.8')).toBe('ja');
    expect(await lang('en, ja')).toBe('en');
    expect(await lang('ja;q=0')).toBe('en');
    expect(await lang('ja; q=0.4, en')).toBe('en');
    expect(await lang('ja;xq=0')).toBe('ja');
    expect(await lang(' ja ;q=0.5, fr')).toBe('ja');
    expect(await lang('')).toBe('en');
    expect((await send(server.port, 'GET', '/nothing.js', { host })).headers['content-language']).toBe('en');
  });

  it('the event socket: another path or another host is refused even with the key', async () => {
    const status = (path: string, hostHeader: string): Promise<string> => handshake(`ws://${host}${path}`, { host: hostHeader, origin: `http://${host}` });
    expect(await status(`/api/other?token=${server.token}`, host)).toBe('403');
    expect(await status(`/api/events?token=${server.token}`, 'evil.example')).toBe('403');
    expect(await status(`/api/events?token=${server.token}`, host)).toBe('open');
  });
});
