import type { JobEvent, Subscribe } from '../../electron/contract/contract.js';
import { sessionToken } from './session-token';

/** Options of the event socket: where it connects and how it backs off after a drop. */
export interface EventSocketOptions {
  url?: string;
  minDelayMs?: number;
  maxDelayMs?: number;
}

/** The default events URL: ws(s)://<same host>/api/events, with this tab's key (browsers cannot add headers to a WebSocket). */
export function defaultEventsUrl(token: string | null = sessionToken()): string {
  const proto = location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${proto}//${location.host}/api/events${token ? `?token=${encodeURIComponent(token)}` : ''}`;
}

/**
 * Makes a subscribe function over one shared WebSocket: opened on the first subscriber,
 * reconnected with exponential backoff when it drops, events deduplicated by (jobId, seq)
 * because the server replays the buffered events of running jobs on every connect.
 */
export function createEventSocket(opts: EventSocketOptions = {}): Subscribe {
  const minDelay = opts.minDelayMs ?? 500;
  const maxDelay = opts.maxDelayMs ?? 10_000;
  const listeners = new Set<(ev: JobEvent) => void>();
  const lastSeq = new Map<string, number>();
  let ws: WebSocket | null = null;
  let delay = minDelay;
  let timer: ReturnType<typeof setTimeout> | null = null;

  const deliver = (raw: unknown): void => {
    const ev = raw as JobEvent;
    if (!ev || typeof ev !== 'object' || typeof ev.jobId !== 'string' || typeof ev.type !== 'string') return;
    const seen = lastSeq.get(ev.jobId);
    if (typeof ev.seq === 'number') {
      if (seen !== undefined && ev.seq <= seen) return;
      lastSeq.set(ev.jobId, ev.seq);
    }
    for (const cb of listeners) cb(ev);
  };

  const connect = (): void => {
    timer = null;
    if (listeners.size === 0) return;
    const sock = new WebSocket(opts.url ?? defaultEventsUrl());
    ws = sock;
    sock.onopen = () => {
      delay = minDelay;
    };
    sock.onmessage = (msg) => {
      try {
        deliver(JSON.parse(String(msg.data)));
      } catch {
        // A malformed frame is dropped; the next one may be fine.
      }
    };
    sock.onclose = () => {
      if (ws !== sock) return;
      ws = null;
      if (listeners.size === 0) return;
      timer = setTimeout(connect, delay);
      delay = Math.min(maxDelay, delay * 2);
    };
    sock.onerror = () => sock.close();
  };

  return (cb) => {
    listeners.add(cb);
    if (!ws && !timer) connect();
    return () => {
      listeners.delete(cb);
      if (listeners.size > 0) return;
      if (timer) clearTimeout(timer);
      timer = null;
      const sock = ws;
      ws = null;
      sock?.close();
    };
  };
}
