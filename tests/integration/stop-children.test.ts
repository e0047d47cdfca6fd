// vmbench stops what it started: a CLI its detection is still asking does not outlive `vmbench web` told to
// stop (SIGTERM), nor `vmbench detect` interrupted with Ctrl-C. Each CLI call runs in a process group of its
// own, which neither the signal nor the terminal's Ctrl-C reaches: a live run saw a detection's `vagrant` write
// a ~/.vagrant.d into a HOME the test had already removed, and an interrupted detect left a hung limactl.
// The stub limactl hangs and ignores SIGTERM (the detection's own 4 s time-out is not reached here), and so do the
// two children it starts: one holds the call's output open, the other has let go of it (it would outlive the pipes).
import { spawn } from 'node:child_process';
import { chmodSync, existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeStubEnv, type StubEnv } from '../helpers/runtimes-stubs.js';
import { startServer, type WebServer } from '../helpers/e2e-harness.js';
import { BIN } from '../helpers/cli.js';

let stub: StubEnv;
let server: WebServer | undefined;

/** Whether the process runs (a zombie waiting for its reaper counts as ended). */
function alive(pid: number): boolean {
  try {
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
}

beforeAll(() => {
  stub = makeStubEnv({});
  const limactl = join(stub.bin, 'limactl');
  const pids = join(stub.root, 'limactl.pids');
  // Ignores SIGTERM, and so do its children (an ignored signal stays ignored across fork and exec); each pid
  // goes to a file, the stub's own last, so three lines mean all three run.
  writeFileSync(
    limactl,
    [
      '#!/bin/sh',
      "trap '' TERM",
      '/bin/sleep 60 &',
      `echo $! >> '${pids}'`,
      '/bin/sleep 60 </dev/null >/dev/null 2>&1 &',
      `echo $! >> '${pids}'`,
      `echo $$ >> '${pids}'`,
      'wait',
      '',
    ].join('\n'),
  );
  chmodSync(limactl, 0o755);
});

afterAll(async () => {
  await server?.stop();
  stub?.cleanup();
});

/** The pids every stub limactl started so far wrote: its own and its two children's. */
function limactlPids(): number[] {
  const pidFile = join(stub.root, 'limactl.pids');
  return existsSync(pidFile) ? readFileSync(pidFile, 'utf8').split('\n').filter(Boolean).map(Number) : [];
}

/** Those pids once a stub limactl and its two children all run. */
async function limactlRunning(): Promise<number[]> {
  await expect.poll(() => limactlPids().length, { timeout: 30_000 }).toBeGreaterThanOrEqual(3);
  return limactlPids();
}

describe('vmbench web on SIGTERM', () => {
  it('stops a CLI its detection is still waiting for, even one that ignores SIGTERM, before it exits', async () => {
    server = await startServer({ env: stub.env });
    const pids = await limactlRunning();
    expect(pids.filter(alive)).toEqual(pids);
    const exited = new Promise<number | null>((resolve) => server!.child.once('exit', (code) => resolve(code)));
    server.child.kill('SIGTERM');
    expect(await exited).toBe(0);
    // Gone by the time the server has exited (the exit kills what is left of each CLI's process group).
    expect(limactlPids().filter(alive)).toEqual([]);
  });
});

describe('vmbench detect stopped while a runtime CLI hangs', () => {
  // As a terminal does: Ctrl-C goes to the CLI's whole foreground process group, which the runtime CLIs are not in.
  it.each([
    ['Ctrl-C', 'SIGINT'],
    ['SIGTERM', 'SIGTERM'],
  ] as const)('%s: exits 130 and leaves no process behind, not the CLI, not what it started, though all ignore SIGTERM', async (_name, signal) => {
    rmSync(join(stub.root, 'limactl.pids'), { force: true });
    const child = spawn(process.execPath, [BIN, 'detect'], { env: stub.env, stdio: 'ignore', detached: true });
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    const pids = await limactlRunning();
    expect(pids.filter(alive)).toEqual(pids);
    process.kill(-child.pid!, signal);
    expect(await exited).toBe(130);
    expect(limactlPids().filter(alive)).toEqual([]);
  });
});
