/**
 * The host side of the net test in a guest: an iperf3 server on THIS machine, bound to 127.0.0.1
 * only (a free port), that the iperf3 client inside the target connects to (net.sh --connect).
 * It runs as its own process group (argv array, no shell) and is stopped (TERM, KILL after a
 * second) when the step ends, fails or is cancelled.
 */
import { execa, type ResultPromise } from 'execa';
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
    const child = execa(bin, ['-s', '-B', '127.0.0.1', '-p', String(port), '--forceflush'], {
      detached: true,
      stdin: 'ignore',
      buffer: false,
      reject: false,
      env: { ...process.env, LC_ALL: 'C' },
    });
    const stop = stopper(child);
    const onAbort = (): void => void stop();
    signal.addEventListener('abort', onAbort, { once: true });
    const outcome = await waitListening(child);
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

/** TERM to the group, KILL after a second; resolves once the process has exited. */
function stopper(child: ResultPromise): () => Promise<void> {
  let stopping: Promise<void> | undefined;
  return () =>
    (stopping ??= (async () => {
      if (child.pid === undefined) return;
      const signalGroup = (sig: NodeJS.Signals): void => {
        try {
          process.kill(-child.pid!, sig);
        } catch {
          // already gone
        }
      };
      if (child.exitCode === null && child.signalCode === null) signalGroup('SIGTERM');
      const killTimer = setTimeout(() => signalGroup('SIGKILL'), 1000);
      await child.catch(() => undefined);
      clearTimeout(killTimer);
    })());
}

async function iperf3Version(bin: string): Promise<string | null> {
  const r = await execa(bin, ['--version'], { reject: false, timeout: 5000, stdin: 'ignore' }).catch(() => null);
  return /iperf\s+(\d[\w.]*)/.exec(String(r?.stdout ?? ''))?.[1] ?? null;
}
