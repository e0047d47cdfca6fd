/**
 * The host side of the net test in a guest: an iperf3 server on THIS machine, bound to 127.0.0.1
 * only (a free port), that the iperf3 client inside the target connects to (net.sh --connect).
 * It runs as its own process group of the one registry (util/process-group.ts: argv array, no shell) and
 * is stopped (TERM, KILL after the registry's grace) when the step ends, fails or is cancelled.
 */
import type { ResultPromise } from 'execa';
import { run } from '../util/exec.js';
import { spawnGroup } from '../util/process-group.js';
import { freeLoopbackPort } from '../util/ports.js';
import type { MsgRef } from '../../contract/contract.js';
import { msg } from '../../messages/finding-text.js';
import { englishOf } from '../../messages/message-english.js';

/** A running host-side iperf3 server. */
export interface HostIperf3 {
  port: number;
  /** `iperf3 --version`'s version ("3.12"), when it said. */
  version: string | null;
  /** Stops the server and waits until it has exited (never throws). */
  stop(): Promise<void>;
}

/** Why the host-side server could not start; `code` and `ref` (errors.service.*, English derived) end up in the step's error. */
export class HostServerError extends Error {
  readonly ref: MsgRef;
  constructor(
    readonly code: 'tool-missing' | 'tool-failed' | 'cancelled',
    key: string,
    params?: MsgRef['params'],
  ) {
    const ref = msg(key, params);
    super(englishOf(ref));
    this.ref = ref;
    this.name = 'HostServerError';
  }
}

const READY_MS = 5000;
const ATTEMPTS = 3;

/** Starts `iperf3 -s -B 127.0.0.1 -p PORT` on this machine and waits until it listens. */
export async function startHostIperf3(signal: AbortSignal, bin = 'iperf3'): Promise<HostIperf3> {
  let last = '';
  for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
    if (signal.aborted) throw new HostServerError('cancelled', 'errors.service.iperf3Cancelled');
    const port = await freeLoopbackPort();
    const group = spawnGroup(bin, ['-s', '-B', '127.0.0.1', '-p', String(port), '--forceflush'], {
      stdin: 'ignore',
      buffer: false,
      reject: false,
      env: { ...process.env, LC_ALL: 'C' },
    });
    const stop = async (): Promise<void> => {
      group.stop();
      await group.ended;
    };
    const onAbort = (): void => void stop();
    signal.addEventListener('abort', onAbort, { once: true });
    const outcome = await waitListening(group.child);
    if (outcome.ok) {
      return {
        port,
        version: await iperf3Version(bin),
        stop: async () => {
          signal.removeEventListener('abort', onAbort);
          await stop();
        },
      };
    }
    signal.removeEventListener('abort', onAbort);
    await stop();
    if (outcome.missing) throw new HostServerError('tool-missing', 'errors.service.iperf3Missing');
    last = outcome.text;
  }
  const output = last.trim().slice(-300);
  throw output
    ? new HostServerError('tool-failed', 'errors.service.iperf3Failed', { output })
    : new HostServerError('tool-failed', 'errors.service.iperf3NoOutput');
}

/** Resolves ok once the server prints that it listens; missing when the binary is absent. */
function waitListening(child: ResultPromise): Promise<{ ok: boolean; missing: boolean; text: string }> {
  return new Promise((resolve) => {
    let text = '';
    let settled = false;
    const done = (ok: boolean, missing = false): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve({ ok, missing, text });
    };
    const timer = setTimeout(() => done(false), READY_MS);
    const onData = (b: Buffer): void => {
      text = (text + b.toString()).slice(-2000);
      if (/listening/i.test(text)) done(true);
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.then((r) => done(false, (r as { code?: string }).code === 'ENOENT'));
  });
}

async function iperf3Version(bin: string): Promise<string | null> {
  const r = await run(bin, ['--version'], { timeoutMs: 5000, allowFailure: true }).catch(() => null);
  return /iperf\s+(\d[\w.]*)/.exec(String(r?.stdout ?? ''))?.[1] ?? null;
}
