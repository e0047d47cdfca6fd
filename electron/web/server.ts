import { randomBytes, timingSafeEqual } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize, sep } from 'node:path';
import { pipeline } from 'node:stream';
import { constants as zlibConstants, createBrotliCompress, createGzip } from 'node:zlib';
import { WebSocketServer } from 'ws';
import { IMPORT_MAX_BYTES, TOKEN_HEADER, type MsgRef } from '../contract/contract.js';
import type { Engine } from '../engine/api.js';
import { engineMessage } from '../engine/util/errors.js';
import { renderError } from '../messages/error-text.js';
import { langFromTag, type Lang } from '../messages/i18n.js';

const MAX_BODY = 1024 * 1024;
/** runs.import carries a whole run file (JSON-escaped inside the request, so up to twice its size). */
const IMPORT_BODY = 2 * IMPORT_MAX_BYTES + 64 * 1024;
const MIME: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.json': 'application/json',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.ico': 'image/x-icon',
};

/** A running `vmbench web` server. */
export interface WebServer {
  /** The address to open: the page, with the key in the fragment (#token=…), which never reaches a server log. */
  url: string;
  /** The page's origin without the key, e.g. http://127.0.0.1:7317/. */
  origin: string;
  port: number;
  /** The per-start key every API call and the event socket must carry. */
  token: string;
  close(): Promise<void>;
}

export { TOKEN_HEADER };

/** Compares a presented key with ours in constant time. */
function sameToken(given: unknown, token: string): boolean {
  if (typeof given !== 'string') return false;
  const a = Buffer.from(given);
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Serves the built renderer and the engine API (POST /api/<channel>, WebSocket /api/events) on 127.0.0.1 only.
 * The API and the socket need the per-start key (`token`, random unless given): any other local user or
 * process that can reach the port cannot use the engine without it.
 */
export async function startWebServer(engine: Engine, opts: { port?: number; rendererDir: string; token?: string }): Promise<WebServer> {
  let port = opts.port ?? 0;
  const token = opts.token ?? randomBytes(32).toString('base64url');
  const allowedHosts = (): Set<string> => new Set([`127.0.0.1:${port}`, `localhost:${port}`]);
  const allowedOrigins = (): Set<string> => new Set([...allowedHosts()].map((h) => `http://${h}`));
  const csp = (): string =>
    `default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data: blob:; font-src 'self'; connect-src 'self' ws://127.0.0.1:${port} ws://localhost:${port}; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`;

  const server = createServer((req, res) => {
    void handle(req, res).catch((err: unknown) => sendJson(res, 500, { ok: false, error: { code: 'internal', message: (err as Error).message } }));
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Referrer-Policy', 'no-referrer');
    res.setHeader('Cross-Origin-Opener-Policy', 'same-origin');
    // DNS-rebinding guard: only our own host names reach the API and the page.
    if (!allowedHosts().has(header(req, 'host'))) return sendPage(req, res, 421, 'errors.http.misdirected');
    const url = new URL(target(req), `http://${header(req, 'host')}`);
    if (url.pathname.startsWith('/api/')) {
      if (!sameToken(req.headers[TOKEN_HEADER], token)) {
        return refuse(res, 401, 'errors.http.noToken');
      }
      if (req.method !== 'POST') return refuse(res, 405, 'errors.http.usePost');
      const origin = req.headers.origin;
      if (origin !== undefined && !allowedOrigins().has(origin)) return refuse(res, 403, 'errors.http.crossOrigin');
      // Exactly application/json (charset utf-8 at most): text/plain, multipart or application/json-seq are refused. (Node trims a header's value.)
      if (!/^application\/json(?:\s*;\s*charset=(?:"utf-8"|utf-8))?$/i.test(header(req, 'content-type'))) {
        return refuse(res, 415, 'errors.http.contentType');
      }
      const channel = decodePath(url.pathname.slice('/api/'.length));
      if (channel === null) return refuse(res, 400, 'errors.http.badEncoding');
      const limit = channel === 'runs.import' ? IMPORT_BODY : MAX_BODY;
      if (Number(req.headers['content-length'] ?? 0) > limit) return tooLarge(res, limit);
      const text = await readBody(req, limit);
      if (text === null) return tooLarge(res, limit);
      let body: unknown;
      try {
        body = JSON.parse(text);
      } catch {
        return refuse(res, 400, 'errors.http.badJson');
      }
      const args = (body as { args?: unknown })?.args;
      if (!Array.isArray(args)) return refuse(res, 400, 'errors.http.noArgs');
      res.setHeader('Cache-Control', 'no-store');
      return sendJson(res, 200, await engine.dispatch(channel, args));
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') return sendPage(req, res, 405, 'errors.http.methodNotAllowed');
    await serveStatic(url.pathname, req, res);
  }

  async function serveStatic(pathname: string, req: IncomingMessage, res: ServerResponse): Promise<void> {
    const decoded = decodePath(pathname);
    if (decoded === null) return sendPage(req, res, 400, 'errors.http.badPath');
    const file = normalize(join(opts.rendererDir, pathname === '/' ? 'index.html' : decoded));
    if (!file.startsWith(normalize(opts.rendererDir) + sep)) return sendPage(req, res, 404, 'errors.http.notFound');
    // Stryker disable next-line ArrowFunction: undefined for null reads as "no file" alike below.
    const st = await stat(file).catch(() => null);
    if (!st?.isFile()) {
      if (file === join(opts.rendererDir, 'index.html')) return sendPage(req, res, 500, 'errors.http.notBuilt');
      return sendPage(req, res, 404, 'errors.http.notFound');
    }
    const type = MIME[extname(file)] ?? 'application/octet-stream';
    const encoding = COMPRESSIBLE.test(type) && st.size > 256 ? pickEncoding(header(req, 'accept-encoding')) : undefined;
    res.writeHead(200, {
      'Content-Type': type,
      ...(encoding ? { 'Content-Encoding': encoding } : { 'Content-Length': st.size }),
      Vary: 'Accept-Encoding',
      'Cache-Control': type.startsWith('text/html') ? 'no-store' : 'max-age=3600',
      ...(type.startsWith('text/html') ? { 'Content-Security-Policy': csp(), 'X-Frame-Options': 'DENY' } : {}),
    });
    // Stryker disable next-line ConditionalExpression,StringLiteral: as false or '' HEAD is served like GET, and Node sends no body to HEAD: this only saves reading the file (true, skipped with them, would empty every GET: the page tests see that).
    if (req.method === 'HEAD') return void res.end();
    const source = createReadStream(file);
    if (!encoding) return void source.pipe(res);
    pipeline(source, encoding === 'br' ? createBrotliCompress({ params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } }) : createGzip(), res, () => undefined);
  }

  const wss = new WebSocketServer({ noServer: true, maxPayload: 4096 });
  server.on('upgrade', (req, socket, head) => {
    const origin = req.headers.origin;
    const okOrigin = origin === undefined || allowedOrigins().has(origin);
    // Browsers cannot set headers on a WebSocket: the key comes as ?token= (never shown in the address bar or history).
    const wsUrl = new URL(target(req), 'http://127.0.0.1');
    const okToken = sameToken(wsUrl.searchParams.get('token') ?? undefined, token);
    // Another path, host or origin: 403; our own page without the key: 401, as the API answers.
    const refusal =
      wsUrl.pathname !== '/api/events' || !allowedHosts().has(header(req, 'host')) || !okOrigin ? '403 Forbidden' : okToken ? undefined : '401 Unauthorized';
    if (refusal) {
      socket.write(`HTTP/1.1 ${refusal}\r\nConnection: close\r\n\r\n`);
      socket.destroy();
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => {
      // Events flow one way: anything the page sends is read and dropped (ws needs no listener for that).
      // The socket is open when this subscribes (the replay is sent at once); ws drops a send once it is closing.
      const unsubscribe = engine.subscribe((ev) => ws.send(JSON.stringify(ev)), { replay: true });
      ws.on('close', unsubscribe);
      ws.on('error', unsubscribe);
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}/#token=${token}`,
    origin: `http://127.0.0.1:${port}/`,
    port,
    token,
    close: async () => {
      for (const c of wss.clients) c.terminate();
      const closed = new Promise<void>((r) => server.close(() => r()));
      // A connection that is not idle (a request still being sent or answered) would hold the close for its time-outs,
      // seconds to minutes (a busy machine made a test wait past 3 s): this is a shutdown, so every connection ends now.
      server.closeAllConnections();
      await closed;
    },
  };
}

/** The request body as text, or null once it passes the limit (the rest is read and dropped so the client gets the 413). */
function readBody(req: IncomingMessage, max: number): Promise<string | null> {
  return new Promise((resolve, reject) => {
    let size = 0;
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > max) {
        chunks.length = 0;
        resolve(null);
      } else chunks.push(c);
    });
    // Past the limit, the promise has already resolved to null: this resolve is then a no-op.
    req.on('end', () => resolve(Buffer.concat(chunks).toString()));
    // Stryker disable next-line StringLiteral: Node emits a request's error (the client went away) only to a listener, and there is no one left to answer: rejecting sends nothing.
    req.on('error', reject);
  });
}

function tooLarge(res: ServerResponse, max: number): void {
  res.setHeader('Connection', 'close');
  refuse(res, 413, 'errors.http.tooLarge', { max });
}

/** A request header's value as text, '' when it is absent. */
function header(req: IncomingMessage, name: string): string {
  // Stryker disable next-line StringLiteral: a made-up value for a missing header reads alike: no host or content type of ours, no encoding, English.
  return String(req.headers[name] ?? '');
}

/** The request's path and query: a server's request always has one (the type is shared with a client's). */
function target(req: IncomingMessage): string {
  // Stryker disable next-line StringLiteral: unreachable, see above.
  return req.url ?? '/';
}

/** decodeURIComponent, or null for a malformed percent-encoding (a 400, not a 500). */
function decodePath(s: string): string | null {
  try {
    return decodeURIComponent(s);
  } catch {
    return null;
  }
}

const COMPRESSIBLE = /^(?:text\/|application\/json|image\/svg\+xml)/;

/** Brotli or gzip when the client accepts it (q=0 refuses an encoding). */
function pickEncoding(accept: string): 'br' | 'gzip' | undefined {
  const ok = new Map(
    accept.split(',').map((part) => {
      const [name, ...params] = part.toLowerCase().split(';');
      const q = params.map((p) => /^\s*q=([\d.]+)/.exec(p)?.[1]).find(Boolean);
      return [name.trim(), q === undefined ? 1 : Number(q)] as const;
    }),
  );
  const wants = (e: string): boolean => (ok.get(e) ?? ok.get('*') ?? 0) > 0;
  return wants('br') ? 'br' : wants('gzip') ? 'gzip' : undefined;
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(text) });
  res.end(text);
}

/** An API refusal: the error envelope with the English message and its reference (errors.http.*), as the engine's errors carry. */
function refuse(res: ServerResponse, status: number, key: string, params?: MsgRef['params']): void {
  const { message, messageRef } = engineMessage(key, params);
  sendJson(res, status, { ok: false, error: { code: 'invalid-input', message, ref: messageRef } });
}

/** A plain-text answer a browser shows as a page, in the language it asks for first (Accept-Language; English otherwise). */
function sendPage(req: IncomingMessage, res: ServerResponse, status: number, key: string): void {
  const lang = acceptedLang(header(req, 'accept-language'));
  res.setHeader('Content-Language', lang);
  sendText(res, status, renderError({ key }, lang) ?? key);
}

/** Which of vmbench's languages a browser prefers (highest q first, then the order given); English when it names neither. */
export function acceptedLang(header: string): Lang {
  const ranked = header
    .split(',')
    .map((part) => {
      const [tag, ...params] = part.split(';');
      const q = params.map((p) => /^\s*q=([\d.]+)/.exec(p)?.[1]).find(Boolean);
      return { lang: langFromTag(tag), q: q === undefined ? 1 : Number(q) };
    })
    .filter((x) => x.q > 0 && x.lang)
    // Array.prototype.sort is stable: languages of the same q keep the order given.
    .sort((a, b) => b.q - a.q);
  return ranked[0]?.lang ?? 'en';
}

function sendText(res: ServerResponse, status: number, text: string): void {
  res.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8' });
  res.end(text);
}
