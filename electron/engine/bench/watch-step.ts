/**
 * The engine's part of a watch step: it answers each watch-ready event of the script by driving a
 * batch of host-side changes (watch-host.ts) in the place's host folder, and turns the round trips
 * into samples (p50 and p99 per batch and mode) and, where the target never answered through
 * inotify, into the verdict "inotify events not delivered" instead of a number.
 */
import { join } from 'node:path';
import type { BenchEvent, MsgRef, Place, Suite } from '../../contract/contract.js';
import { msg } from '../../messages/finding-text.js';
import { withEnglish } from '../../messages/message-english.js';
import { preset } from '../../measurement/plan-estimate.js';
import type { Transport } from '../transports/types.js';
import { driveWatchBatch, percentile } from './watch-host.js';
import { roundTo } from '../../measurement/trial-stats.js';

type ReadyEvent = Extract<BenchEvent, { event: 'watch-ready' }>;

/** Drives the host side of one watch step. */
export class WatchDriver {
  private pending: Promise<void>[] = [];
  private inotifyLost = false;

  private constructor(
    private readonly hostDir: string,
    private readonly boundMs: number,
    private readonly signal: AbortSignal,
    private readonly feed: (ev: BenchEvent) => void,
  ) {}

  /** A driver for a place whose folder the host can write, or a message saying why the step cannot run there. */
  static for(transport: Transport, place: Place, suite: Suite, signal: AbortSignal, feed: (ev: BenchEvent) => void): WatchDriver | MsgRef {
    const hostDir = transport.hostPath?.(place);
    if (!hostDir) return msg('errors.watch.noHostPath', { place });
    return new WatchDriver(hostDir, preset(suite, 'watch').boundMs ?? 2000, signal, feed);
  }

  /** Starts the batch a watch-ready event announces (its samples follow when it ends). */
  batch(ev: ReadyEvent): void {
    this.pending.push(this.run(ev));
  }

  /** Waits for the batches under way (the script has exited). */
  async settled(): Promise<void> {
    await Promise.all(this.pending);
  }

  private async run(ev: ReadyEvent): Promise<void> {
    // Once inotify was found not to deliver, later inotify batches only end (no 3 × bound wait again).
    const events = ev.mode === 'inotify' && this.inotifyLost ? 0 : ev.events;
    const { rttMs, missed } = await driveWatchBatch(join(this.hostDir, ev.work, 'w'), events, this.boundMs, this.signal).catch((err: Error) => {
      this.feed({ event: 'error', test: 'watch', code: 'host-failed', ...withEnglish(msg('errors.watch.hostFailed', { error: err.message })) });
      return { rttMs: [], missed: 0 };
    });
    if (this.signal.aborted || events === 0) return;
    if (rttMs.length === 0 && missed > 0) {
      if (ev.mode === 'inotify' && !this.inotifyLost) {
        this.inotifyLost = true;
        this.feed({
          event: 'error',
          test: 'watch',
          code: 'inotify-not-delivered',
          ...withEnglish(msg('errors.watch.inotifyLost', { verdict: msg('errors.watch.notDelivered', { missed, ms: this.boundMs }) })),
        });
      } else if (ev.mode === 'poll') {
        this.feed({ event: 'error', test: 'watch', code: 'not-seen', ...withEnglish(msg('errors.watch.notSeen', { missed, ms: this.boundMs })) });
      }
      return;
    }
    if (missed > 0)
      this.feed({
        event: 'error',
        test: 'watch',
        code: 'changes-missed',
        ...withEnglish(msg('errors.watch.missed', { missed, events: ev.events, mode: ev.mode, ms: this.boundMs, batch: ev.trial })),
      });
    this.feed({ event: 'sample', test: 'watch', trial: ev.trial, metric: `watch_${ev.mode}_p50_ms`, value: roundTo(percentile(rttMs, 50), 3) });
    this.feed({ event: 'sample', test: 'watch', trial: ev.trial, metric: `watch_${ev.mode}_p99_ms`, value: roundTo(percentile(rttMs, 99), 3) });
  }
}
