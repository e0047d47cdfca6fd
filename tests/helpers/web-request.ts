// Requests to a `vmbench web` server in the same process, each with a time-out of its own: a loopback request to a
// healthy server answers in milliseconds, so one that has no whole answer after ANSWER_MS fails its test at once
// (a bug that leaves a request hanging fails in seconds instead of waiting for the test's or Stryker's time-out).
import { request, type IncomingHttpHeaders } from 'node:http';
import WebSocket from 'ws';

/** How long a request, a socket's handshake or a close may take before the test fails (seconds on a loaded machine). */
export const ANSWER_MS = 3000;

/** An HTTP answer: status, headers and the body as bytes and as text. */
export interface Reply {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
  text: string;
}

/** Options of `send`: a body to write, and whether to leave the request open after it (a client still sending). */
export interface SendOptions {
  body?: string | Buffer;
  /** Write the body but do not end the request: the answer must come before the client has finished. */
  keepOpen?: boolean;
  /** Connect here instead of 127.0.0.1. */
  address?: string;
}

/** One HTTP request to 127.0.0.1:port; rejects when there is no whole answer within ANSWER_MS. */
export function send(port: number, method: string, path: string, headers: Record<string, string>, opts: SendOptions | string | Buffer = {}): Promise<Reply> {
  const o: SendOptions = typeof opts === 'string' || Buffer.isBuffer(opts) ? { body: opts } : opts;
  return new Promise((resolve, reject) => {
    const req = request({ host: o.address ?? '127.0.0.1', port, method, path, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        clearTimeout(timer);
        if (o.keepOpen) req.destroy();
        const body = Buffer.concat(chunks);
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body, text: body.toString() });
      });
      res.on('error', fail);
    });
    const timer = setTimeout(() => fail(new Error(`${method} ${path}: no whole answer within ${ANSWER_MS} ms`)), ANSWER_MS);
    function fail(err: Error): void {
      clearTimeout(timer);
      req.destroy();
      reject(err);
    }
    req.on('error', fail);
    if (o.keepOpen) req.write(o.body ?? '');
    else req.end(o.body);
  });
}

/** Settles within ANSWER_MS or rejects naming `what` (a close that waits for ever fails the test). */
export function inTime<T>(p: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: not done within ${ANSWER_MS} ms`)), ANSWER_MS);
  });
  return Promise.race([p, late]).finally(() => clearTimeout(timer));
}

/** A WebSocket to the server whose handshake fails after ANSWER_MS without an answer. */
export function socket(url: string, headers: Record<string, string> = {}): WebSocket {
  return new WebSocket(url, { headers, handshakeTimeout: ANSWER_MS });
}

/** How the server answers a WebSocket handshake: 'open' (then closed again), the refusal's status, or 'error: …'. */
export function handshake(url: string, headers: Record<string, string> = {}): Promise<string> {
  return new Promise((resolve) => {
    const ws = socket(url, headers);
    ws.on('open', () => (ws.close(), resolve('open')));
    ws.on('unexpected-response', (_req, res) => (ws.terminate(), resolve(String(res.statusCode))));
    ws.on('error', (e) => resolve(`error: ${e.message}`));
  });
}
