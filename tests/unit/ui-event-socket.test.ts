import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { JobEvent } from '../../electron/contract/contract.js';
import { createEventSocket, defaultEventsUrl } from '../../src/api/event-socket';

/** A minimal stand-in for the browser's WebSocket (Node 20 has none): records instances, lets the test drive them. */
class FakeSocket {
  static all: FakeSocket[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((m: { data: string }) => void) | null = null;
  onclose: (() => void) | null = null;
  onerror: (() => void) | null = null;
  closed = false;
  constructor(readonly url: string) {
    FakeSocket.all.push(this);
  }
  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.onclose?.();
  }
  send(ev: object): void {
    this.onmessage?.({ data: JSON.stringify(ev) });
  }
}

const ev = (seq: number, jobId = 'j'): JobEvent => ({ jobId, seq, type: 'log', level: 'info', message: `m${seq}` });

describe('event socket', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    FakeSocket.all = [];
    vi.stubGlobal('WebSocket', FakeSocket);
    vi.stubGlobal('location', { protocol: 'http:', host: '127.0.0.1:7317' });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('connects to /api/events on the same host and delivers events', () => {
    const got: number[] = [];
    const unsubscribe = createEventSocket()((e) => got.push(e.seq));
    expect(FakeSocket.all[0].url).toBe('ws://127.0.0.1:7317/api/events');
    FakeSocket.all[0].send(ev(1));
    FakeSocket.all[0].onmessage?.({ data: 'not json' });
    FakeSocket.all[0].send(ev(2));
    expect(got).toEqual([1, 2]);
    unsubscribe();
    expect(FakeSocket.all[0].closed).toBe(true);
  });

  it('carries the key of vmbench web as ?token= (a WebSocket cannot carry headers)', () => {
    createEventSocket({ url: defaultEventsUrl('k3y_-abc') })(() => undefined);
    expect(FakeSocket.all[0].url).toBe('ws://127.0.0.1:7317/api/events?token=k3y_-abc');
  });

  it('reconnects with backoff and drops replayed events', () => {
    const got: string[] = [];
    createEventSocket({ minDelayMs: 100, maxDelayMs: 1000 })((e) => got.push(`${e.jobId}:${e.seq}`));
    FakeSocket.all[0].onopen?.();
    FakeSocket.all[0].send(ev(1));
    FakeSocket.all[0].send(ev(2));
    FakeSocket.all[0].close();
    expect(FakeSocket.all).toHaveLength(1);
    vi.advanceTimersByTime(100);
    expect(FakeSocket.all).toHaveLength(2);
    // The server replays the buffered events of running jobs on connect.
    FakeSocket.all[1].send(ev(1));
    FakeSocket.all[1].send(ev(2));
    FakeSocket.all[1].send(ev(3));
    FakeSocket.all[1].send(ev(1, 'other'));
    expect(got).toEqual(['j:1', 'j:2', 'j:3', 'other:1']);
    // Without a successful open the delay doubles.
    FakeSocket.all[1].close();
    vi.advanceTimersByTime(100);
    expect(FakeSocket.all).toHaveLength(2);
    vi.advanceTimersByTime(100);
    expect(FakeSocket.all).toHaveLength(3);
  });
});
