/**
 * Reaching a Docker-compatible API (Docker Engine, Docker Desktop, OrbStack, Colima, Rancher
 * Desktop's moby, Podman's docker-compatible socket): endpoint strings to dockerode options, and
 * every API call under a deadline with errors a user can act on.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Docker from 'dockerode';
import type { MsgRef } from '../../../contract/contract.js';
import { msg } from '../../../messages/finding-text.js';
import { englishOf } from '../../../messages/message-english.js';

/** Why the docker transport could not do something; `code` ends up in the run's test errors. */
export type DockerErrorCode =
  'engine-unreachable' | 'tool-missing' | 'image-missing' | 'image-build-failed' | 'container-failed' | 'timeout' | 'cancelled' | 'unsupported';

/** An error of the docker transport with a code and a message that says what to do: a reference into the errors catalogue, its English message derived from it. */
export class DockerTransportError extends Error {
  readonly ref: MsgRef;
  constructor(
    readonly code: DockerErrorCode,
    key: string,
    params?: MsgRef['params'],
  ) {
    const ref = msg(key, params);
    super(englishOf(ref));
    this.ref = ref;
    this.name = 'DockerTransportError';
  }
}

/** A parsed endpoint: dockerode options, and whether the daemon runs on this machine (so a host folder can be bind-mounted). */
export interface DockerEndpoint {
  options: Docker.DockerOptions;
  /** true for unix sockets and named pipes: the daemon (or its VM) shares this machine's files. */
  local: boolean;
  /** The endpoint as given, for messages. */
  display: string;
}

/** Parses unix://, npipe://, tcp://, http(s):// and ssh:// endpoints (DOCKER_HOST syntax); TLS from DOCKER_CERT_PATH. */
export function parseEndpoint(endpoint: string, env: NodeJS.ProcessEnv = process.env): DockerEndpoint {
  const display = endpoint;
  if (endpoint.startsWith('/')) return { options: { socketPath: endpoint }, local: true, display };
  const m = /^([a-z]+):\/\/(.*)$/i.exec(endpoint);
  if (!m) throw new DockerTransportError('unsupported', 'errors.docker.notEndpoint', { endpoint });
  const [, scheme, rest] = m;
  if (scheme === 'unix') return { options: { socketPath: rest }, local: true, display };
  if (scheme === 'npipe') return { options: { socketPath: rest.replace(/\//g, '\\') }, local: true, display };
  const url = new URL(endpoint);
  if (scheme === 'ssh') {
    return {
      options: { protocol: 'ssh', host: url.hostname, port: url.port || 22, username: url.username || undefined, sshOptions: { agent: env.SSH_AUTH_SOCK } },
      local: false,
      display,
    };
  }
  if (scheme !== 'tcp' && scheme !== 'http' && scheme !== 'https') {
    throw new DockerTransportError('unsupported', 'errors.docker.badScheme', { scheme });
  }
  const tls = scheme === 'https' || (!!env.DOCKER_TLS_VERIFY && env.DOCKER_TLS_VERIFY !== '0');
  const options: Docker.DockerOptions = { protocol: tls ? 'https' : 'http', host: url.hostname, port: url.port || (tls ? 2376 : 2375) };
  if (tls && env.DOCKER_CERT_PATH) {
    const read = (f: string): Buffer => readFileSync(join(env.DOCKER_CERT_PATH!, f));
    Object.assign(options, { ca: read('ca.pem'), cert: read('cert.pem'), key: read('key.pem') });
  }
  const loopback = ['localhost', '127.0.0.1', '[::1]', '::1'].includes(url.hostname);
  return { options, local: loopback, display };
}

/** A dockerode client for an endpoint. */
export function connect(endpoint: DockerEndpoint): Docker {
  return new Docker(endpoint.options);
}

/** The HTTP status of a dockerode error (404 for "no such image"), if any. */
export function statusOf(err: unknown): number | undefined {
  const s = (err as { statusCode?: unknown } | null)?.statusCode;
  return typeof s === 'number' ? s : undefined;
}

/** The message of a dockerode error without its "(HTTP code 404) no such container - " prefix. */
export function messageOf(err: unknown): string {
  const json = (err as { json?: { message?: unknown } } | null)?.json;
  if (json && typeof json.message === 'string') return json.message.trim();
  const msg = err instanceof Error ? err.message : String(err);
  return msg.replace(/^\(HTTP code \d+\)\s*[^-]*-\s*/, '').trim();
}

/** A Docker API call's name for the time-out and cancel messages (errors.docker.op.<key>). */
export function op(key: string, params?: MsgRef['params']): MsgRef {
  return msg(`errors.docker.op.${key}`, params);
}

/** Whether an error means the daemon could not be reached at all (socket missing, refused, reset). */
export function isUnreachable(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' && ['ENOENT', 'ECONNREFUSED', 'ECONNRESET', 'EACCES', 'EHOSTUNREACH', 'ETIMEDOUT', 'EPIPE'].includes(code);
}

/**
 * Runs one Docker API call with a deadline: the request is aborted (and the call rejects with a
 * `timeout` error) after `ms`, or with `cancelled` when `signal` fires first. `what` names the call
 * for those messages (a message of errors.docker.op).
 */
export async function call<T>(what: MsgRef, ms: number, fn: (signal: AbortSignal) => Promise<T>, signal?: AbortSignal): Promise<T> {
  const ac = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    ac.abort();
  }, ms);
  const onAbort = (): void => ac.abort();
  if (signal?.aborted) ac.abort();
  else signal?.addEventListener('abort', onAbort, { once: true });
  // Some dockerode calls ignore the signal while a response streams: race it as well.
  const aborted = new Promise<never>((_, reject) => {
    if (ac.signal.aborted) reject(new Error('aborted'));
    ac.signal.addEventListener('abort', () => reject(new Error('aborted')), { once: true });
  });
  try {
    return await Promise.race([fn(ac.signal), aborted]);
  } catch (err) {
    if (timedOut) throw new DockerTransportError('timeout', 'errors.docker.timeout', { what, s: Math.round(ms / 1000) });
    if (signal?.aborted) throw new DockerTransportError('cancelled', 'errors.docker.cancelled', { what });
    throw err;
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', onAbort);
    aborted.catch(() => undefined);
  }
}
