import type { JobEvent } from '../contract/contract.js';

/** Where job events come from (the engine's subscribe). */
export interface JobEventSource {
  subscribe(cb: (ev: JobEvent) => void, opts?: { replay?: boolean }): () => void;
}

/** Holds job events back until the renderer is ready for them, then delivers them in order. */
export interface EventGate {
  /** The renderer has registered its listener: flush the queue, then deliver live. */
  ready(): void;
  /** A new document is loading: queue again, starting from a replay of the active jobs. */
  reset(): void;
  /** Stops listening (window closed). */
  close(): void;
  /** Whether events currently go straight to the renderer. */
  readonly isReady: boolean;
}

/** Bounds memory if a renderer never becomes ready; the oldest events are dropped first. */
const MAX_QUEUED = 20_000;

/**
 * Creates a gate between the engine's job events and one window. Events that arrive before the
 * renderer says it is ready are queued and flushed in order. On a reload (reset) the queue
 * meant for the old document is dropped and the engine is subscribed again with replay, which
 * delivers every event of the running (and last finished) job first: the new document gets the
 * complete, ordered history once it is ready, without duplicates.
 */
export function createEventGate(source: JobEventSource, send: (ev: JobEvent) => void, maxQueued = MAX_QUEUED): EventGate {
  let queue: JobEvent[] = [];
  let ready = false;
  let closed = false;

  const onEvent = (ev: JobEvent): void => {
    if (ready) {
      send(ev);
      return;
    }
    queue.push(ev);
    if (queue.length > maxQueued) queue.splice(0, queue.length - maxQueued);
  };
  let unsubscribe = source.subscribe(onEvent, { replay: true });

  return {
    get isReady() {
      return ready;
    },
    ready() {
      if (ready || closed) return;
      // Indexed loop: an event queued while flushing is picked up in order too.
      for (let i = 0; i < queue.length; i++) send(queue[i]);
      queue = [];
      ready = true;
    },
    reset() {
      if (closed) return;
      ready = false;
      queue = [];
      unsubscribe();
      unsubscribe = source.subscribe(onEvent, { replay: true });
    },
    close() {
      if (closed) return;
      closed = true;
      ready = false;
      queue = [];
      unsubscribe();
    },
  };
}
