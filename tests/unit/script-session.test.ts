// The one script session every transport uses (electron/engine/transports/script-session.ts): the script's
// stdout as NDJSON events, other lines to the log, and the stop: each step in turn, the next only when the
// script has not ended within the grace, none after it has ended. The stop steps here only record their calls
// and end the "script" where a real transport's signal would.
import { describe, expect, it } from 'vitest';
import type { BenchEvent } from '../../electron/contract/contract.js';
import { ScriptSession } from '../../electron/engine/transports/script-session.js';
import type { TransportRunOptions } from '../../electron/engine/transports/types.js';

const SCRIPT = { name: 'seq-write.sh', source: '', args: [] };

function runOptions(signal = new AbortController().signal): { opts: TransportRunOptions; events: BenchEvent[]; log: string[] } {
  const events: BenchEvent[] = [];
  const log: string[] = [];
  return { opts: { signal, timeoutMs: 60_000, onEvent: (e) => events.push(e), onStderr: (l) => log.push(l) }, events, log };
}

/** A session whose script ends on its first stop step (SIGTERM: its trap), as the transport then tells the session; the steps it got, in order. */
function endsOnTerm(opts: TransportRunOptions, extra: { timeoutMs?: number; where?: string } = {}): { s: ScriptSession; calls: string[] } {
  const calls: string[] = [];
  const s: ScriptSession = new ScriptSession({
    script: SCRIPT,
    run: opts,
    timeoutMs: extra.timeoutMs ?? 60_000,
    where: extra.where,
    stopSteps: [() => void (calls.push('TERM'), setImmediate(() => void s.finish())), () => calls.push('KILL')],
  });
  return { s, calls };
}

describe('ScriptSession', () => {
  it('parses stdout into events, cut anywhere; a line that is not an event and stderr go to the log; "end" is seen', async () => {
    const { opts, events, log } = runOptions();
    const s = new ScriptSession({ script: SCRIPT, run: opts, timeoutMs: 60_000, stopSteps: [] });
    s.stdout.push('{"event":"error","code":"no-fio","mess');
    s.stdout.push(Buffer.from('age":"fio is missing"}\nnot json\n{"event":"end"}'));
    s.stderr.push('warn');
    expect(s.sawEnd).toBe(false);
    await s.finish();
    expect(events).toEqual([{ event: 'error', code: 'no-fio', message: 'fio is missing' }, { event: 'end' }]);
    expect(log).toEqual(['not json', 'warn']);
    expect(s.sawEnd).toBe(true);
    expect(s.outcome(0)).toEqual({ exitCode: 0, cancelled: false, timedOut: false });
  });

  it('cancel runs the first stop step at once and the next one only if the script has not ended', async () => {
    const ac = new AbortController();
    const { opts } = runOptions(ac.signal);
    const { s, calls } = endsOnTerm(opts);
    ac.abort();
    await s.stop();
    expect(calls).toEqual(['TERM']);
    expect(s.outcome(143)).toEqual({ exitCode: 143, cancelled: true, timedOut: false });
  });

  it('a script that ignores each step gets the next one after the grace (here scaled down), in order', async () => {
    const { opts } = runOptions();
    const calls: string[] = [];
    const s = new ScriptSession({
      script: SCRIPT,
      run: opts,
      timeoutMs: 60_000,
      graceScale: 0.001,
      stopSteps: [() => calls.push('TERM'), () => calls.push('KILL'), () => calls.push('last resort')],
    });
    await s.stop();
    expect(calls).toEqual(['TERM', 'KILL', 'last resort']);
    await s.finish();
  });

  it('time-out: says so in the log, names where the script runs, stops it, and reports timedOut', async () => {
    const { opts, log } = runOptions();
    const { s, calls } = endsOnTerm(opts, { timeoutMs: 10, where: ' in the lima VM' });
    await expect.poll(() => calls).toEqual(['TERM']);
    await s.finish();
    expect(log).toEqual(['seq-write.sh did not finish within 0 s; stopping it in the lima VM']);
    expect(s.outcome(143)).toEqual({ exitCode: 143, cancelled: false, timedOut: true });
  });

  it('a run cancelled before the script started is stopped at once', async () => {
    const ac = new AbortController();
    ac.abort();
    const { opts } = runOptions(ac.signal);
    const { s, calls } = endsOnTerm(opts);
    expect(s.stopRequested).toBe(true);
    await s.stop();
    expect(calls).toEqual(['TERM']);
    expect(s.cancelled).toBe(true);
  });
});
