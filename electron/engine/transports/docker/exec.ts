/**
 * Running commands in the bench container through the exec API: short helper commands with their
 * output collected, and bench scripts (`sh -s -- ARGS`, source on the hijacked stdin, stdout and
 * stderr demultiplexed into NDJSON events and log lines) that can be stopped from the host.
 *
 * Stopping: a small sh wrapper starts the script in a session of its own (`setsid`, when the image
 * has it) and records its pid in a file; cancel execs `kill -TERM -PGID` (the script's trap stops
 * fio and removes its files), then `kill -KILL` after a grace, and as the last resort the caller
 * stops the whole container.
 */
import { randomBytes } from 'node:crypto';
import type { Duplex } from 'node:stream';
import { Writable } from 'node:stream';
import type Docker from 'dockerode';
import { STOP_GRACE_MS } from '../../util/process-group.js';
import { ScriptSession } from '../script-session.js';
import type { RunOutcome, ScriptPayload, TransportRunOptions } from '../types.js';
import { call, op } from './client.js';

/** Output and exit code of a short command run in the container. */
export interface ExecOutcome {
  exitCode: number | null;
  stdout: string;
  stderr: string;
}

const API_MS = 30_000;
const HELPER_MS = 20_000;

// $1 = pid file, the rest = the script's arguments. The script reads its source from fd 3 (stdin),
// because a background job of a non-interactive shell gets /dev/null as stdin.
const WRAPPER = [
  'f=$1; shift',
  'exec 3<&0',
  'if command -v setsid >/dev/null 2>&1; then setsid sh -s -- "$@" <&3 3<&- & else sh -s -- "$@" <&3 3<&- & fi',
  'echo "$!" > "$f"',
  'exec 3<&- 0</dev/null',
  'wait "$!"',
].join('\n');

// $1 = pid file, $2 = signal: signals the script's process group, or only the script when it has none.
const SIGNAL = [
  'f=$1; i=0',
  'while [ ! -s "$f" ] && [ "$i" -lt 5 ]; do sleep 1; i=$((i + 1)); done',
  'p=$(cat "$f" 2>/dev/null)',
  '[ -n "$p" ] || exit 3',
  'kill -"$2" -"$p" 2>/dev/null || kill -"$2" "$p" 2>/dev/null',
].join('\n');

// $1 = pid file, the rest = place directories: removes the work directories the script (pid) made, then the pid file.
const SWEEP = [
  'f=$1; shift',
  'p=$(cat "$f" 2>/dev/null)',
  'if [ -n "$p" ]; then for d in "$@"; do rm -rf -- "$d"/.vmbench-"$p"-*; done; fi',
  'rm -f -- "$f"',
].join('\n');

/** Starts a command with a hijacked stream (stdin when `input` is wanted). */
async function startExec(container: Docker.Container, cmd: string[], stdin: boolean): Promise<{ exec: Docker.Exec; stream: Duplex }> {
  const exec = await call(op('createExec'), API_MS, (s) =>
    container.exec({
      Cmd: cmd,
      AttachStdin: stdin,
      AttachStdout: true,
      AttachStderr: true,
      Tty: false,
      Env: ['LC_ALL=C'],
      User: '0',
      WorkingDir: '/',
      abortSignal: s,
    }),
  );
  const stream = await call(op('startExec'), API_MS, (s) => exec.start({ hijack: true, stdin, abortSignal: s }));
  // A reset connection ends the command for us (see ended()); it must not become an uncaught error.
  stream.on('error', () => undefined);
  return { exec, stream };
}

/** Waits until a stream has ended or closed. */
function ended(stream: Duplex): Promise<void> {
  return new Promise((resolve) => {
    if (stream.destroyed || stream.readableEnded) return resolve();
    const done = (): void => resolve();
    stream.once('end', done);
    stream.once('close', done);
    stream.once('error', done);
  });
}

/** The exit code of a finished exec (null if the daemon does not say within a few seconds). */
async function exitCodeOf(exec: Docker.Exec): Promise<number | null> {
  for (let i = 0; i < 25; i++) {
    const info = await call(op('readExit'), API_MS, (s) => exec.inspect({ abortSignal: s })).catch(() => null);
    if (!info) return null;
    if (!info.Running) return info.ExitCode ?? null;
    await new Promise((r) => setTimeout(r, 200));
  }
  return null;
}

function sink(onChunk: (chunk: Buffer) => void): Writable {
  return new Writable({
    write(chunk: Buffer, _enc, cb): void {
      onChunk(chunk);
      cb();
    },
  });
}

/** Runs a short command in the container and collects its output, within `ms`. */
export async function execCollect(container: Docker.Container, cmd: string[], ms = HELPER_MS): Promise<ExecOutcome> {
  return call(op('runCommand', { cmd: cmd[0] }), ms, async (signal) => {
    const { exec, stream } = await startExec(container, cmd, false);
    signal.addEventListener('abort', () => stream.destroy(), { once: true });
    let stdout = '';
    let stderr = '';
    container.modem.demuxStream(
      stream,
      sink((c) => (stdout += c.toString())),
      sink((c) => (stderr += c.toString())),
    );
    await ended(stream);
    return { exitCode: await exitCodeOf(exec), stdout, stderr };
  });
}

/** Everything execScript needs besides the script itself. */
export interface ScriptContext {
  container: Docker.Container;
  /** Directories whose leftover work dirs of this script are removed afterwards (the place dirs). */
  placeDirs: string[];
  /** Last resort when the script cannot be stopped: stop the container. */
  stopContainer(): Promise<void>;
}

/** Runs a bench script in the container; resolves once it has exited (also after cancel or timeout) and its files are swept. */
export async function execScript(ctx: ScriptContext, script: ScriptPayload, opts: TransportRunOptions): Promise<RunOutcome> {
  const pidFile = `/tmp/vmbench-${randomBytes(6).toString('hex')}.pid`;
  const { exec, stream } = await startExec(ctx.container, ['sh', '-c', WRAPPER, 'vmbench', pidFile, ...script.args], true);
  let containerStopped = false;
  // Each step after the script's grace (script-session.ts): SIGTERM (the script's trap stops fio and removes its files), SIGKILL, the container, the stream.
  const session = new ScriptSession({
    script,
    run: opts,
    timeoutMs: opts.timeoutMs,
    stopSteps: [
      () => execCollect(ctx.container, ['sh', '-c', SIGNAL, 'vmbench-stop', pidFile, 'TERM']).catch(() => undefined),
      async () => {
        opts.onStderr?.(`${script.name} did not stop within ${STOP_GRACE_MS / 1000} s of SIGTERM; sending SIGKILL`);
        await execCollect(ctx.container, ['sh', '-c', SIGNAL, 'vmbench-stop', pidFile, 'KILL']).catch(() => undefined);
      },
      async () => {
        opts.onStderr?.(`${script.name} could not be stopped inside the container; stopping the container`);
        containerStopped = true;
        await ctx.stopContainer();
      },
      () => stream.destroy(),
    ],
  });
  ctx.container.modem.demuxStream(
    stream,
    sink((c) => session.stdout.push(c)),
    sink((c) => session.stderr.push(c)),
  );
  const done = ended(stream);
  stream.end(script.source);

  await done;
  await session.finish();
  const exitCode = containerStopped ? null : await exitCodeOf(exec);
  // Safety net: if the script could not clean up (killed hard), remove the work dirs it created.
  if (!containerStopped) await execCollect(ctx.container, ['sh', '-c', SWEEP, 'vmbench-sweep', pidFile, ...ctx.placeDirs]).catch(() => undefined);
  return session.outcome(exitCode);
}
