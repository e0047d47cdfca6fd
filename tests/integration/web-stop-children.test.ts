// `vmbench web` stops what it started: a CLI its detection is still asking when the server is told to stop
// (SIGTERM) does not outlive it. Each CLI call runs in a process group of its own, so nothing stopped it:
// a live run saw a detection's `vagrant` write a ~/.vagrant.d into a HOME the test had already removed.
// The stub limactl hangs and ignores SIGTERM (the detection's own 4 s time-out is not reached here).
import { chmodSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeStubEnv, type StubEnv } from '../helpers/runtimes-stubs.js';
import { startServer, type WebServer } from '../helpers/e2e-harness.js';

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

describe('vmbench web on SIGTERM', () => {
  it('stops a CLI its detection is still waiting for, even one that ignores SIGTERM, before it exits', async () => {
    server = await startServer({ env: stub.env });
    const pidFile = join(stub.root, 'limactl.pid');
    await expect.poll(() => existsSync(pidFile) && readFileSync(pidFile, 'utf8').trim() !== '', { timeout: 30_000 }).toBe(true);
    const pid = Number(readFileSync(pidFile, 'utf8'));
    expect(alive(pid)).toBe(true);
    const exited = new Promise<number | null>((resolve) => server!.child.once('exit', (code) => resolve(code)));
    server.child.kill('SIGTERM');
    expect(await exited).toBe(0);
    // Gone by the time the server has exited (the exit kills what is left of each CLI's process group).
    expect(alive(pid)).toBe(false);
  });
});
