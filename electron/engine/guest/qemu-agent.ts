/**
 * The one client of a libvirt domain's QEMU guest agent, for detection (runtimes/libvirt: guest-ping,
 * /proc/mounts), a restart (waiting for guest-ping) and the libvirt transport (guest-exec, guest-file-*),
 * through `virsh -c URI qemu-agent-command --domain=DOM --timeout N --cmd JSON` (argument arrays only;
 * guest text never reaches a shell). Calls are serialized (libvirt runs one agent command per domain
 * at a time) and every call has a timeout. Neither a runtime nor a transport: both import it.
 */
import type { MsgRef } from '../../contract/contract.js';
import { msg } from '../../messages/finding-text.js';
import { englishOf } from '../../messages/message-english.js';
import { run, SpawnError } from '../util/exec.js';

/**
 * Runs one `virsh` call with these arguments and returns its stdout; `timeoutMs` is the call's bound
 * (the agent's own `--timeout` is a second less). Throws what the caller should see when virsh fails.
 */
export type VirshRunner = (argv: string[], call: { execute: string; timeoutMs: number }) => Promise<string>;

/** Where the agent is and how long one command may take. */
export interface AgentTarget {
  uri: string;
  domain: string;
  /** Upper bound of one virsh call (default 30 s: a TCG guest answers slowly). */
  callTimeoutMs?: number;
  /** Cancels the virsh calls (a cancelled ping throws instead of answering false). */
  signal?: AbortSignal;
  /** How virsh is run (default: util/exec's run in the C locale, a failure thrown as an AgentError 'call'). */
  virsh?: VirshRunner;
}

/** guest-exec-status as returned by the agent. */
export interface ExecStatus {
  exited: boolean;
  exitcode?: number;
  signal?: number;
  'out-data'?: string;
  'err-data'?: string;
  'out-truncated'?: boolean;
}

/** Output of a short command run to completion in the guest. */
export interface GuestCommandResult {
  exitCode: number | null;
  stdout: string;
  stderr: string;
}

/** How an agent command failed: virsh itself, the agent's error reply, a reply that is no JSON, a program that did not finish in time. */
export type AgentFailure = 'call' | 'error' | 'not-json' | 'slow';

/** A guest agent command that failed (the agent answered with an error, or virsh failed). */
export class AgentError extends Error {
  /** The message as a reference into the errors catalogue (errors.libvirt.*); `message` is its English. */
  readonly ref: MsgRef;
  constructor(
    readonly command: string,
    readonly failure: AgentFailure,
    key: string,
    params: MsgRef['params'],
    /** The agent's own words (its error reply's desc), or the output that was no JSON. */
    readonly said = '',
  ) {
    const ref = msg(key, params);
    super(englishOf(ref));
    this.ref = ref;
    this.name = 'AgentError';
  }
}

/** The virsh arguments of one agent command whose virsh call may take `timeoutMs` (the agent gets a second less, at least one). */
export function agentCommandArgv(uri: string, domain: string, execute: string, args: Record<string, unknown> | undefined, timeoutMs: number): string[] {
  const json = JSON.stringify(args ? { execute, arguments: args } : { execute });
  const agentSec = Math.max(1, Math.floor(timeoutMs / 1000) - 1);
  return ['-c', uri, 'qemu-agent-command', `--domain=${domain}`, '--timeout', String(agentSec), '--cmd', json];
}

/** The exit code of a finished guest-exec program: its own, else 128 + the signal that ended it, else null. */
export function exitCodeOf(st: ExecStatus): number | null {
  return st.exitcode ?? (st.signal !== undefined ? 128 + st.signal : null);
}

/** Text the agent sent base64-encoded (guest-exec output, guest-file-read data). */
export function fromBase64(b64: string | undefined): Buffer {
  return Buffer.from(b64 ?? '', 'base64');
}

/** guest-file-write takes base64 on virsh's command line: one argument stays under Linux's 128 KiB limit. */
const WRITE_CHUNK = 48 * 1024;
/** Largest guest-file-read asked for at once. */
const READ_CHUNK = 512 * 1024;
const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

/** Talks to one domain's guest agent. */
export class GuestAgent {
  private queue: Promise<unknown> = Promise.resolve();
  private readonly callTimeoutMs: number;
  private readonly virsh: VirshRunner;

  constructor(readonly target: AgentTarget) {
    this.callTimeoutMs = target.callTimeoutMs ?? 30_000;
    this.virsh = target.virsh ?? this.runVirsh.bind(this);
  }

  /** Runs one agent command and returns its "return" value. */
  command<T>(execute: string, args?: Record<string, unknown>, timeoutMs = this.callTimeoutMs): Promise<T> {
    const next = this.queue.then(() => this.call<T>(execute, args, timeoutMs));
    this.queue = next.catch(() => undefined);
    return next;
  }

  private async runVirsh(argv: string[], { execute, timeoutMs }: { execute: string; timeoutMs: number }): Promise<string> {
    try {
      return (await run('virsh', argv, { timeoutMs, signal: this.target.signal, env: { ...process.env, LC_ALL: 'C', LANG: 'C' } })).stdout;
    } catch (err) {
      const detail = err instanceof SpawnError ? (err.stderrTail || err.message).replace(/^error:\s*/i, '') : String(err);
      throw new AgentError(execute, 'call', 'errors.libvirt.agentFailed', { execute, domain: this.target.domain, detail });
    }
  }

  private async call<T>(execute: string, args: Record<string, unknown> | undefined, timeoutMs: number): Promise<T> {
    const { uri, domain } = this.target;
    const stdout = await this.virsh(agentCommandArgv(uri, domain, execute, args, timeoutMs), { execute, timeoutMs });
    let reply: { return?: T; error?: { desc?: string } };
    try {
      reply = JSON.parse(stdout) as typeof reply;
    } catch {
      const output = stdout.slice(0, 200);
      throw new AgentError(execute, 'not-json', 'errors.libvirt.agentNoJson', { execute, domain, output }, output);
    }
    if (reply.error) {
      const desc = reply.error.desc ?? 'error';
      throw new AgentError(execute, 'error', 'errors.libvirt.agentError', { execute, domain, desc }, desc);
    }
    return reply.return as T;
  }

  /** Whether the agent answers guest-ping within the time given (a cancelled call throws). */
  async ping(timeoutMs = 5000): Promise<boolean> {
    try {
      await this.command('guest-ping', undefined, timeoutMs);
      return true;
    } catch (err) {
      if (this.target.signal?.aborted) throw err;
      return false;
    }
  }

  /** Starts a program in the guest (no shell: path plus an argument array); returns its pid. */
  async exec(path: string, args: string[], opts: { capture?: boolean; env?: string[] } = {}): Promise<number> {
    const r = await this.command<{ pid: number }>('guest-exec', {
      path,
      arg: args,
      'capture-output': opts.capture ?? false,
      ...(opts.env ? { env: opts.env } : {}),
    });
    return r.pid;
  }

  /** The state of a program started with exec (the agent forgets it once it reported the exit). */
  execStatus(pid: number): Promise<ExecStatus> {
    return this.command<ExecStatus>('guest-exec-status', { pid });
  }

  /**
   * Runs a program to completion and returns its captured output. guest-exec-status is polled, backing off from
   * 50 ms to 0.5 s, or every `pace.pollMs` after waiting `pace.quietMs` first: each poll is a virsh call and an
   * agent command that take CPU from an emulated guest, so a measurement of known length waits it out quietly.
   */
  async runCommand(
    path: string,
    args: string[],
    timeoutMs = 60_000,
    env?: string[],
    pace: { quietMs?: number; pollMs?: number } = {},
  ): Promise<GuestCommandResult> {
    const pid = await this.exec(path, args, { capture: true, env });
    const until = Date.now() + timeoutMs;
    if (pace.quietMs) await sleep(Math.min(pace.quietMs, timeoutMs));
    for (let wait = pace.pollMs ?? 50; ; wait = pace.pollMs ?? Math.min(wait * 2, 500)) {
      const st = await this.execStatus(pid);
      if (st.exited) {
        return { exitCode: exitCodeOf(st), stdout: fromBase64(st['out-data']).toString('utf8'), stderr: fromBase64(st['err-data']).toString('utf8') };
      }
      if (Date.now() > until) throw new AgentError('guest-exec', 'slow', 'errors.libvirt.agentSlow', { path, s: Math.round(timeoutMs / 1000) });
      await sleep(wait);
    }
  }

  /** Opens a file in the guest; returns the agent's handle. */
  fileOpen(path: string, mode: string): Promise<number> {
    return this.command<number>('guest-file-open', { path, mode });
  }

  /** Closes a handle (errors ignored: the handle may be gone with a restarted agent). */
  async fileClose(handle: number): Promise<void> {
    await this.command('guest-file-close', { handle }).catch(() => undefined);
  }

  /** Writes a whole file in the guest (created or truncated). */
  async writeFile(path: string, content: string | Buffer): Promise<void> {
    const data = typeof content === 'string' ? Buffer.from(content, 'utf8') : content;
    const handle = await this.fileOpen(path, 'w');
    try {
      for (let off = 0; off < data.length; off += WRITE_CHUNK) {
        const chunk = data.subarray(off, off + WRITE_CHUNK);
        await this.command('guest-file-write', { handle, 'buf-b64': chunk.toString('base64'), count: chunk.length });
      }
    } finally {
      await this.fileClose(handle);
    }
  }

  /**
   * Writes a file in the guest (created or truncated) from a stream, in guest-file-write chunks of at most WRITE_CHUNK bytes
   * (each one agent command: its base64 is one virsh argument). Stops between two chunks when `signal` aborts (then rejects).
   */
  async writeStream(path: string, source: AsyncIterable<Buffer>, signal?: AbortSignal): Promise<number> {
    const handle = await this.fileOpen(path, 'w');
    let written = 0;
    let pending: Buffer = Buffer.alloc(0);
    const write = async (chunk: Buffer): Promise<void> => {
      if (signal?.aborted) throw new Error(`writing ${path} was stopped`);
      await this.command('guest-file-write', { handle, 'buf-b64': chunk.toString('base64'), count: chunk.length });
      written += chunk.length;
    };
    try {
      for await (const data of source) {
        pending = pending.length ? Buffer.concat([pending, data]) : data;
        while (pending.length >= WRITE_CHUNK) {
          await write(pending.subarray(0, WRITE_CHUNK));
          pending = pending.subarray(WRITE_CHUNK);
        }
      }
      if (pending.length) await write(pending);
      if (signal?.aborted) throw new Error(`writing ${path} was stopped`);
      return written;
    } finally {
      await this.fileClose(handle);
    }
  }

  /** Reads a small file of the guest (e.g. /proc/mounts) with one guest-file-read of at most `maxBytes`. */
  async readFile(path: string, maxBytes = 1024 * 1024): Promise<Buffer> {
    const handle = await this.fileOpen(path, 'r');
    try {
      const r = await this.command<{ 'buf-b64'?: string }>('guest-file-read', { handle, count: maxBytes });
      return fromBase64(r['buf-b64']);
    } finally {
      await this.fileClose(handle);
    }
  }

  /** Reads what an open file holds from `offset` to its current end (seeking first clears a sticky EOF). */
  async readFrom(handle: number, offset: number): Promise<Buffer> {
    await this.command('guest-file-seek', { handle, offset, whence: 'set' });
    const parts: Buffer[] = [];
    for (;;) {
      const r = await this.command<{ count: number; 'buf-b64': string; eof: boolean }>('guest-file-read', { handle, count: READ_CHUNK });
      if (r.count > 0) parts.push(fromBase64(r['buf-b64']));
      if (r.eof || r.count < READ_CHUNK) break;
    }
    return Buffer.concat(parts);
  }
}
