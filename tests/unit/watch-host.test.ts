/** The host half of the watch test against a real folder: a target that never answers gives the "not delivered" verdict, not a number. */
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { BenchEvent } from '../../electron/contract/contract.js';
import type { Transport } from '../../electron/engine/transports/types.js';
import { driveWatchBatch, percentile } from '../../electron/engine/bench/watch-host.js';
import { WatchDriver } from '../../electron/engine/bench/watch-step.js';
import { StepCollector } from '../../electron/engine/bench/step-collector.js';
import { errorText, renderError } from '../../electron/messages/error-text.js';

const root = mkdtempSync(join(tmpdir(), 'vmbench-watch-host-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const never = new AbortController().signal;

describe('the host side of the watch test', () => {
  it('percentile is nearest-rank', () => {
    expect(percentile([5, 1, 3, 2, 4], 50)).toBe(3);
    expect(percentile([5, 1, 3, 2, 4], 99)).toBe(5);
    expect(percentile([7], 99)).toBe(7);
  });

  it('writes every change (even ones renamed into place) and ends the batch even when nothing answers', async () => {
    const dir = join(root, 'silent');
    mkdirSync(dir);
    const r = await driveWatchBatch(dir, 6, 50, never);
    // The first three went unseen: the batch ends there instead of waiting out all six.
    expect(r).toEqual({ rttMs: [], missed: 3 });
    expect(readdirSync(dir).sort()).toEqual(['batch-done', 'ping-1', 'ping-2', 'ping-3']);
  });

  it('times an answer that is already there', async () => {
    const dir = join(root, 'answered');
    mkdirSync(dir);
    for (const n of [1, 2]) writeFileSync(join(dir, `pong-${n}`), '');
    const r = await driveWatchBatch(dir, 2, 1000, never);
    expect(r.missed).toBe(0);
    expect(r.rttMs).toHaveLength(2);
  });

  it('turns an inotify batch nobody answered into the verdict, once, and a polling one into an error', async () => {
    const work = '.vmbench-1-2';
    mkdirSync(join(root, 'place', work, 'w'), { recursive: true });
    const transport = { hostPath: () => join(root, 'place') } as unknown as Transport;
    const fed: BenchEvent[] = [];
    const d = WatchDriver.for(transport, 'shared', 'quick', never, (ev) => fed.push(ev));
    if (!(d instanceof WatchDriver)) throw new Error(d.key);
    d.batch({ event: 'watch-ready', test: 'watch', trial: 1, mode: 'inotify', work, events: 2 });
    await d.settled();
    rmSync(join(root, 'place', work, 'w'), { recursive: true });
    mkdirSync(join(root, 'place', work, 'w'));
    // The next inotify batch is only ended: no change written (so no second wait), no second verdict.
    d.batch({ event: 'watch-ready', test: 'watch', trial: 2, mode: 'inotify', work, events: 2 });
    await d.settled();
    expect(readdirSync(join(root, 'place', work, 'w'))).toEqual(['batch-done']);
    expect(fed).toHaveLength(1);
    expect(fed[0]).toMatchObject({ event: 'error', code: 'inotify-not-delivered' });
    expect((fed[0] as { message: string }).message).toMatch(/^inotify events not delivered: .*CHOKIDAR_USEPOLLING=1/);
    // One text per message: the verdict is a catalogue reference; the stored step error keeps it, its English derived from it.
    const collector = new StepCollector('watch', 'shared', () => undefined);
    collector.onEvent(fed[0]);
    const [error] = collector.finish({ exitCode: 0, cancelled: false, timedOut: false }).errors;
    expect(error.ref).toEqual({
      key: 'errors.watch.inotifyLost',
      params: { verdict: { key: 'errors.watch.notDelivered', params: { missed: 2, ms: expect.any(Number) } } },
    });
    expect(error.message).toBe(renderError(error.ref!, 'en'));
    expect(errorText(error, 'ja')).toMatch(/^inotify のイベントが届きませんでした: .* 2 件の変更/);
  }, 20_000);

  it('refuses a place this machine cannot reach', () => {
    const d = WatchDriver.for({ hostPath: () => undefined } as unknown as Transport, 'guest', 'quick', never, () => undefined);
    expect(d).toEqual({ key: 'errors.watch.noHostPath', params: { place: 'guest' } });
    expect(errorText({ ref: d }, 'en')).toMatch(/cannot reach the guest folder/);
    expect(errorText({ ref: d }, 'ja')).toMatch(/guest フォルダに届きません/);
  });
});
