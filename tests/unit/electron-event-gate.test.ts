import { describe, expect, it, vi } from 'vitest';
import { API_METHODS, type JobEvent } from '../../electron/contract/contract.js';
import { createEventGate } from '../../electron/desktop/event-gate.js';
import { CHANNELS } from '../../electron/desktop/ipc.js';
import { fakeEngine, logEvent } from '../mocks/electron.js';

const seqs = (send: ReturnType<typeof vi.fn>) => send.mock.calls.map(([ev]) => (ev as JobEvent).seq);

describe('the event gate', () => {
  it('queues until ready, flushes in order, then passes events straight through', () => {
    const engine = fakeEngine();
    const send = vi.fn();
    const gate = createEventGate(engine, send);
    for (let i = 1; i <= 5; i++) engine.emit(logEvent(i));
    expect(send).not.toHaveBeenCalled();
    gate.ready();
    gate.ready();
    engine.emit(logEvent(6));
    expect(seqs(send)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(gate.isReady).toBe(true);
  });

  it('keeps the order when an event arrives while the queue is being flushed', () => {
    const engine = fakeEngine();
    const send = vi.fn((ev: JobEvent) => {
      if (ev.seq === 1) engine.emit(logEvent(3));
    });
    const gate = createEventGate(engine, send);
    engine.emit(logEvent(1));
    engine.emit(logEvent(2));
    gate.ready();
    expect(seqs(send)).toEqual([1, 2, 3]);
  });

  it('on reset drops what the old page never got and replays the running job for the new one', () => {
    const engine = fakeEngine();
    const send = vi.fn();
    const gate = createEventGate(engine, send);
    engine.emit(logEvent(1));
    gate.ready();
    engine.emit(logEvent(2));
    gate.reset();
    engine.emit(logEvent(3));
    expect(seqs(send)).toEqual([1, 2]);
    expect(engine.listeners.size).toBe(1);
    send.mockClear();
    gate.ready();
    expect(seqs(send)).toEqual([1, 2, 3]);
  });

  it('bounds the queue, dropping the oldest events', () => {
    const engine = fakeEngine();
    const send = vi.fn();
    const gate = createEventGate(engine, send, 3);
    for (let i = 1; i <= 5; i++) engine.emit(logEvent(i));
    gate.ready();
    expect(seqs(send)).toEqual([3, 4, 5]);
  });

  it('unsubscribes on close and ignores later calls', () => {
    const engine = fakeEngine();
    const send = vi.fn();
    const gate = createEventGate(engine, send);
    gate.close();
    gate.reset();
    gate.ready();
    engine.emit(logEvent(1));
    expect(engine.listeners.size).toBe(0);
    expect(send).not.toHaveBeenCalled();
  });
});

describe('the channel list', () => {
  it('has one entry per request of the contract', () => {
    expect(new Set(CHANNELS).size).toBe(CHANNELS.length);
    expect(CHANNELS).toEqual(
      expect.arrayContaining([
        'app.info',
        'detect',
        'run.start',
        'run.cancel',
        'run.enough',
        'runs.list',
        'runs.get',
        'runs.compare',
        'runs.export',
        'card.render',
        'advice.plan',
        'advice.apply',
        'runtime.restart',
        'detect.cached',
        'runtime.start',
        'runs.annotate',
        'runs.delete',
        'runs.import',
        'runs.team',
        'runs.teamExport',
        'runs.exportCompare',
        'run.estimate',
      ]),
    );
    // Exactly the contract's channels (one method each in API_METHODS).
    expect([...CHANNELS].sort()).toEqual(Object.keys(API_METHODS).sort());
  });
});
