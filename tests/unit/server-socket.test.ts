/**
 * `vmbench web`'s event socket and its life: each engine event reaches the page as JSON (with the events buffered
 * before it connected), a closed socket stops its subscription, a message over the limit ends only that socket;
 * the server listens on the port and with the key it is given, on 127.0.0.1 only, refuses a port in use, and
 * close() ends open sockets and stops listening. An unexpected failure while answering is a 500 envelope.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { connect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JobEvent } from '../../electron/contract/contract.js';
import type { Engine } from '../../electron/engine/api.js';
import { TOKEN_HEADER, startWebServer, type WebServer } from '../../electron/web/server.js';
import { inTime, send, socket } from '../helpers/web-request.js';

/** An engine that records subscriptions (their options, how many were ended) and whose dispatch fails unexpectedly. */
function fakeEngine(): { engine: Engine; emit(ev: JobEvent): void; options: unknown[]; ended: () => number } {
  const subscribers = new Set<(ev: JobEvent) => void>();
  const options: unknown[] = [];
  let ended = 0;
  const engine = {
    dispatch: () => Promise.reject(new Error('the engine broke')),
    subscribe(cb: (ev: JobEvent) => void, opts?: { replay?: boolean }): () => void {
      options.push(opts);
      if (opts?.replay) cb({ jobId: 'earlier', seq: 1, type: 'log', line: 'buffered' } as unknown as JobEvent);
      subscribers.add(cb);
      return () => {
        subscribers.delete(cb);
        ended++;
      };
    },
  } as unknown as Engine;
  return { engine, emit: (ev) => subscribers.forEach((cb) => cb(ev)), options, ended: () => ended };
}

/** A port nothing listens on just now. */
async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((r) => probe.listen(0, '127.0.0.1', r));
  const { port } = probe.address() as { port: number };
  await new Promise((r) => probe.close(r));
  return port;
}

describe('vmbench web: the event socket and the server life', () => {
  let dir: string;
  let fake: ReturnType<typeof fakeEngine>;
  let server: WebServer;
  let host: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'vmbench-web-socket-'));
    await writeFile(join(dir, 'index.html'), '<!doctype html><title>vmbench</title>');
    fake = fakeEngine();
    server = await startWebServer(fake.engine, { port: 0, rendererDir: dir });
    host = `127.0.0.1:${server.port}`;
  });
  afterAll(async () => {
    await server.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('sends the buffered events, then each new one, as JSON; closing the socket ends its subscription', async () => {
    const ws = socket(`ws://${host}/api/events?token=${server.token}`, { origin: `http://${host}` });
    const received: unknown[] = [];
    ws.on('message', (data) => received.push(JSON.parse(String(data))));
    await inTime(new Promise((resolve, reject) => (ws.on('open', resolve), ws.on('error', reject))), 'the socket opening');
    expect(fake.options.at(-1)).toEqual({ replay: true });
    const live = { jobId: 'j1', seq: 2, type: 'log', line: 'now' } as unknown as JobEvent;
    fake.emit(live);
    await inTime(
      (async () => {
        while (received.length < 2) await new Promise((r) => setTimeout(r, 10));
      })(),
      'two events',
    );
    expect(received).toEqual([{ jobId: 'earlier', seq: 1, type: 'log', line: 'buffered' }, live]);
    const before = fake.ended();
    ws.close();
    await inTime(
      (async () => {
        while (fake.ended() === before) await new Promise((r) => setTimeout(r, 10));
      })(),
      'the subscription ending',
    );
  });

  it('a message over 4 KiB closes that socket (1009, message too big) and the server goes on', async () => {
    const ws = socket(`ws://${host}/api/events?token=${server.token}`, { origin: `http://${host}` });
    await inTime(new Promise((resolve, reject) => (ws.on('open', resolve), ws.on('error', reject))), 'the socket opening');
    const code = inTime(new Promise<number>((resolve) => ws.on('close', resolve)), 'the socket closing');
    ws.send('x'.repeat(5000));
    expect(await code).toBe(1009);
    expect((await send(server.port, 'GET', '/', { host })).status).toBe(200);
  });

  it('an unexpected failure while answering is a 500 with the internal error envelope', async () => {
    const r = await send(server.port, 'POST', '/api/app.info', { host, [TOKEN_HEADER]: server.token, 'content-type': 'application/json' }, '{"args":[]}');
    expect(r.status).toBe(500);
    expect(JSON.parse(r.text)).toEqual({ ok: false, error: { code: 'internal', message: 'the engine broke' } });
  });

  it('listens on the port and with the key it is given, on 127.0.0.1 only; url and origin name them', async () => {
    const port = await freePort();
    const own = await inTime(startWebServer(fake.engine, { port, rendererDir: dir, token: 'the-key' }), 'start');
    try {
      expect({ port: own.port, token: own.token, url: own.url, origin: own.origin }).toEqual({
        port,
        token: 'the-key',
        url: `http://127.0.0.1:${port}/#token=the-key`,
        origin: `http://127.0.0.1:${port}/`,
      });
      expect((await send(port, 'GET', '/', { host: `127.0.0.1:${port}` })).status).toBe(200);
      await expect(send(port, 'GET', '/', { host: `127.0.0.1:${port}` }, { address: '127.0.0.2' })).rejects.toThrow(/ECONNREFUSED/);
      await expect(inTime(startWebServer(fake.engine, { port, rendererDir: dir }), 'start')).rejects.toThrow(/EADDRINUSE/);
    } finally {
      await inTime(own.close(), 'close()');
    }
  });

  it('close() ends open event sockets and stops listening', async () => {
    const own = await inTime(startWebServer(fake.engine, { port: 0, rendererDir: dir }), 'start');
    const ownHost = `127.0.0.1:${own.port}`;
    const ws = socket(`ws://${ownHost}/api/events?token=${own.token}`, { origin: `http://${ownHost}` });
    await inTime(new Promise((resolve, reject) => (ws.on('open', resolve), ws.on('error', reject))), 'the socket opening');
    const closed = new Promise((resolve) => ws.on('close', resolve));
    await inTime(own.close(), 'close()');
    await inTime(closed, 'the socket closing');
    await expect(send(own.port, 'GET', '/', { host: ownHost })).rejects.toThrow(/ECONNREFUSED/);
  });

  it('close() does not wait for a request still being sent (it would hold the shutdown for minutes)', async () => {
    const own = await inTime(startWebServer(fake.engine, { port: 0, rendererDir: dir }), 'start');
    const raw = connect(own.port, '127.0.0.1');
    await inTime(new Promise((resolve, reject) => (raw.on('connect', resolve), raw.on('error', reject))), 'the connection');
    const ended = new Promise((resolve) => raw.on('close', resolve));
    raw.resume();
    // The headers and half the body of an API call: the server is reading it when close() comes.
    raw.write(`POST /api/app.info HTTP/1.1\r\nHost: 127.0.0.1:${own.port}\r\nContent-Type: application/json\r\nContent-Length: 10\r\n\r\n{"a"`);
    await new Promise((r) => setTimeout(r, 100));
    await inTime(own.close(), 'close()');
    await inTime(ended, 'the connection ending');
  });
});
