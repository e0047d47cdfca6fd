/**
 * What `vmbench web` sends for the page and its files: each type with its header, the page's CSP and framing
 * headers (on the page only), caching, HEAD, compression (text over 256 bytes, by Accept-Encoding), nothing
 * outside the renderer folder, a page that was never built, and the plain-text refusal pages in the browser's language.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine, type Engine } from '../../electron/engine/api.js';
import { renderError } from '../../electron/messages/error-text.js';
import { startWebServer, type WebServer } from '../../electron/web/server.js';
import { send, type Reply } from '../helpers/web-request.js';

const PAGE = '<!doctype html><title>vmbench</title><p>the page</p>';
const PNG = Buffer.alloc(2000, 7);

describe('vmbench web: the page and its files', () => {
  let root: string;
  let dir: string;
  let engine: Engine;
  let server: WebServer;
  let host: string;
  const get = (path: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Reply> => send(server.port, method, path, { host, ...headers });

  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'vmbench-web-page-'));
    dir = join(root, 'renderer');
    await mkdir(join(dir, 'assets'), { recursive: true });
    await writeFile(join(dir, 'index.html'), PAGE);
    await writeFile(join(dir, 'app.js'), 'console.log(1);');
    await writeFile(join(dir, 'style.css'), 'p{}');
    await writeFile(join(dir, 'logo.png'), PNG);
    await writeFile(join(dir, 'blob.bin'), 'x');
    await writeFile(join(dir, 'b256.js'), 'x'.repeat(256));
    await writeFile(join(dir, 'b257.js'), 'x'.repeat(257));
    await writeFile(join(dir, 'assets', 'a.css'), 'a{}');
    // A folder beside the renderer's whose name starts with the renderer's: still outside it.
    await mkdir(`${dir}-other`);
    await writeFile(join(`${dir}-other`, 'secret.txt'), 'secret');
    await writeFile(join(root, 'secret.txt'), 'secret');
    engine = createEngine({ dataDir: join(root, 'data'), mode: 'web' });
    server = await startWebServer(engine, { port: 0, rendererDir: dir });
    host = `127.0.0.1:${server.port}`;
  });
  afterAll(async () => {
    await server.close();
    await engine.close();
    await rm(root, { recursive: true, force: true });
  });

  it('the page: HTML, never cached, a CSP that names its own port, no framing, and the security headers', async () => {
    const r = await get('/');
    expect(r.status).toBe(200);
    expect(r.text).toBe(PAGE);
    const p = server.port;
    expect(r.headers).toMatchObject({
      'content-type': 'text/html; charset=utf-8',
      'content-length': String(PAGE.length),
      'cache-control': 'no-store',
      vary: 'Accept-Encoding',
      'content-security-policy': `default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data: blob:; font-src 'self'; connect-src 'self' ws://127.0.0.1:${p} ws://localhost:${p}; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`,
      'x-frame-options': 'DENY',
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'no-referrer',
      'cross-origin-opener-policy': 'same-origin',
    });
    expect((await get('/index.html')).text).toBe(PAGE);
  });

  it('a file: its type, cached for an hour, without the page-only CSP and framing headers', async () => {
    const js = await get('/app.js');
    expect(js.status).toBe(200);
    expect(js.text).toBe('console.log(1);');
    expect(js.headers).toMatchObject({ 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'max-age=3600', vary: 'Accept-Encoding' });
    expect(js.headers['content-security-policy']).toBeUndefined();
    expect(js.headers['x-frame-options']).toBeUndefined();
    expect(js.headers['x-content-type-options']).toBe('nosniff');
    expect((await get('/style.css')).headers['content-type']).toBe('text/css; charset=utf-8');
    expect((await get('/assets/a.css')).text).toBe('a{}');
    const png = await get('/logo.png');
    expect(png.headers['content-type']).toBe('image/png');
    expect(png.body.equals(PNG)).toBe(true);
    expect((await get('/blob.bin')).headers['content-type']).toBe('application/octet-stream');
  });

  it('HEAD: the same status and headers as GET, no body', async () => {
    const head = await get('/', {}, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.headers['content-length']).toBe(String(PAGE.length));
    expect(head.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(head.body.length).toBe(0);
    expect((await get('/app.js', {}, 'HEAD')).headers['content-type']).toBe('text/javascript; charset=utf-8');
  });

  it('compresses text of more than 256 bytes, never an image', async () => {
    const br = { 'accept-encoding': 'br' };
    const at256 = await get('/b256.js', br);
    expect(at256.headers['content-encoding']).toBeUndefined();
    expect(at256.headers['content-length']).toBe('256');
    const at257 = await get('/b257.js', br);
    expect(at257.headers['content-encoding']).toBe('br');
    expect(at257.headers['content-length']).toBeUndefined();
    const png = await get('/logo.png', { 'accept-encoding': 'br, gzip' });
    expect(png.headers['content-encoding']).toBeUndefined();
    expect(png.body.equals(PNG)).toBe(true);
  });

  it('the encoding follows Accept-Encoding: brotli first, q=0 refuses, * stands for the rest, only the q parameter counts', async () => {
    const enc = async (accept: string): Promise<unknown> => (await get('/b257.js', { 'accept-encoding': accept })).headers['content-encoding'];
    expect(await enc('gzip, br')).toBe('br');
    expect(await enc('gzip')).toBe('gzip');
    expect(await enc('GZIP')).toBe('gzip');
    expect(await enc('br;q=0.5')).toBe('br');
    expect(await enc('gzip;q=1.0, br;q=0')).toBe('gzip');
    expect(await enc('gzip;q=0, br;q=0')).toBeUndefined();
    expect(await enc('br ; q=0, gzip')).toBe('gzip');
    expect(await enc('br;q=0.0')).toBeUndefined();
    expect(await enc('*')).toBe('br');
    expect(await enc('br;q=0, *')).toBe('gzip');
    expect(await enc('*;q=0')).toBeUndefined();
    expect(await enc('identity')).toBeUndefined();
    expect(await enc('br;level=5')).toBe('br');
    expect(await enc('br;xq=0')).toBe('br');
    expect(await enc('')).toBeUndefined();
    expect((await get('/b257.js')).headers['content-encoding']).toBeUndefined();
  });

  it('nothing outside the renderer folder, and no folder: 404 "Not found"', async () => {
    for (const path of ['/..%2fsecret.txt', `/..%2f${basename(dir)}-other%2fsecret.txt`, '/assets', '/assets/', '/nothing.js']) {
      const r = await get(path);
      expect(r.status, path).toBe(404);
      expect(r.text, path).toBe('Not found');
    }
  });

  it('a refusal page is plain text in the language the browser asks for', async () => {
    const notFound = await get('/nothing.js', { 'accept-language': 'ja' });
    expect(notFound.headers).toMatchObject({ 'content-type': 'text/plain; charset=utf-8', 'content-language': 'ja' });
    expect(notFound.text).toBe(renderError({ key: 'errors.http.notFound' }, 'ja'));
    expect(notFound.text).not.toBe('Not found');
    const put = await get('/', {}, 'PUT');
    expect([put.status, put.text]).toEqual([405, 'Method not allowed']);
    const bad = await get('/%E0%A4%A');
    expect([bad.status, bad.text]).toEqual([400, 'Bad request: malformed percent-encoding in the path.']);
    const foreign = await get('/', { host: 'evil.example' });
    expect([foreign.status, foreign.text]).toEqual([421, 'Misdirected request: vmbench web answers only on 127.0.0.1.']);
    expect(foreign.headers['content-language']).toBe('en');
  });
});

describe('vmbench web: a page that was never built', () => {
  let root: string;
  let engine: Engine;
  let server: WebServer;
  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'vmbench-web-unbuilt-'));
    await mkdir(join(root, 'renderer'));
    engine = createEngine({ dataDir: join(root, 'data'), mode: 'web' });
    server = await startWebServer(engine, { port: 0, rendererDir: join(root, 'renderer') });
  });
  afterAll(async () => {
    await server.close();
    await engine.close();
    await rm(root, { recursive: true, force: true });
  });

  it('the page says how to build it (500); another file is a 404', async () => {
    const host = `127.0.0.1:${server.port}`;
    for (const path of ['/', '/index.html', '/%2Findex.html']) {
      const r = await send(server.port, 'GET', path, { host });
      expect(r.status, path).toBe(500);
      expect(r.text, path).toBe('The UI is not built: run `npm run build` in the vmbench folder.');
    }
    expect((await send(server.port, 'GET', '/app.js', { host })).status).toBe(404);
  });
});
