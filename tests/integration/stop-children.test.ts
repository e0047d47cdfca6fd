// vmbench stops what it started: a CLI its detection is still asking does not outlive `vmbench web` told to
// stop (SIGTERM), nor `vmbench detect` interrupted with Ctrl-C. Each CLI call runs in a process group of its
// own, which neither the signal nor the terminal's Ctrl-C reaches: a live run saw a detection's `vagrant` write
// a ~/.vagrant.d into a HOME the test had already removed, and an interrupted detect left a hung limactl.
// The stub limactl hangs and ignores SIGTERM (the detection's own 4 s time-out is not reached here).
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
  // Ignores SIGTERM, and so does the sleep it waits in (an ignored signal stays ignored across exec).
  writeFileSync(limactl, `#!/bin/sh\ntrap '' TERM\necho $$ > '${join(stub.root, 'limactl.pid')}'\n/bin/sleep 60\n`);
  chmodSync(limactl, 0o755);
});

afterAll(async () => {
  await server?.stop();
  stub?.cleanup();
});

/** The stub limactl's pid once it has started (and written it). */
async function limactlPid(): Promise<number> {
  const pidFile = join(stub.root, 'limactl.pid');
  await expect.poll(() => existsSync(pidFile) && readFileSync(pidFile, 'utf8').trim() !== '', { timeout: 30_000 }).toBe(true);
  return Number(readFileSync(pidFile, 'utf8'));
}

describe('vmbench web on SIGTERM', () => {
  it('stops a CLI its detection is still waiting for, even one that ignores SIGTERM, before it exits', async () => {
    server = await startServer({ env: stub.env });
    const pid = await limactlPid();
    expect(alive(pid)).toBe(true);
    const exited = new Promise<number | null>((resolve) => server!.child.once('exit', (code) => resolve(code)));
    server.child.kill('SIGTERM');
    expect(await exited).toBe(0);
    // Gone by the time the server has exited (the exit kills what is left of each CLI's process group).
    expect(alive(pid)).toBe(false);
  });
});

describe('vmbench detect on Ctrl-C', () => {
  it('stops the CLI it is waiting for, even one that ignores SIGTERM, and exits 130', async () => {
    rmSync(join(stub.root, 'limactl.pid'), { force: true });
    const child = spawn(process.execPath, [BIN, 'detect'], { env: stub.env, stdio: 'ignore' });
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    const pid = await limactlPid();
    expect(alive(pid)).toBe(true);
    child.kill('SIGINT');
    expect(await exited).toBe(130);
    expect(alive(pid)).toBe(false);
  });
});
