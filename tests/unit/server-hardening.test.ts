/** `vmbench web` answers bad requests with the right status and compresses the renderer. */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine } from '../../electron/engine/api.js';
import { startWebServer, type WebServer } from '../../electron/web/server.js';

interface Reply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

function send(port: number, method: string, path: string, headers: Record<string, string>, body?: string | Buffer): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, method, path, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

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
    const gz = await send(server.port, 'GET', '/', { host, 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toBe(page);
    const plain = await send(server.port, 'GET', '/', { host, 'accept-encoding': 'br;q=0' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(page);
  });
});
