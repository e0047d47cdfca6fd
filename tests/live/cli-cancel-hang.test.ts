/**
 * SIGTERM while the clean-up cannot finish: the Docker engine the run uses stops answering (its dockerd
 * frozen with SIGSTOP, as a wedged Docker Desktop VM would be). `vmbench run` must still exit 130 after
 * its 15 s grace, say so and what remains, and a second signal must end it without waiting for the
 * clean-up.
 * It freezes its dockerd, so it has one of its own (startDockerTestEnv's ownDaemon), not the live host stream's
 * shared one (tests/helpers/shared-dockerd.ts), which the next files use.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDockerTestEnv, type DockerTestEnv } from '../helpers/docker-test-env.js';

const BIN = join(process.cwd(), 'bin', 'vmbench.js');
const CONTEXT = 'vmbench-hang';
const IMAGE = 'vmbench-guest:local';
let env: DockerTestEnv | undefined;

beforeAll(async () => {
  env = await startDockerTestEnv('vmbench-hang-', CONTEXT, 'cancel-hang', { ownDaemon: true });
}, 1_800_000);
afterAll(async () => {
  await env?.stop();
}, 120_000);

interface Ended {
  status: number | null;
  stderr: string;
  /** For the log only: how long the CLI took after the signal. */
  afterSignalMs: number;
}

/** Starts a Docker run, waits for its first measurement step, freezes dockerd, sends the signals; resumes dockerd at the end. */
async function cancelWhileFrozen(signals: NodeJS.Signals[]): Promise<Ended> {
  const dockerdPid = Number(readFileSync(join(env!.d.socket, '..', 'dockerd.pid'), 'utf8').trim());
  const child = spawn(process.execPath, [BIN, 'run', '--target', `docker:${CONTEXT}`, '--image', IMAGE, '--tests', 'seq-write'], {
    env: { ...process.env, VMBENCH_HOME: join(env!.root, `home-${signals.length}`) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stdout!.resume();
  let started: () => void = () => undefined;
  const running = new Promise<void>((r) => (started = r));
  child.stderr!.on('data', (c: Buffer) => {
    stderr += c.toString();
    if (/\[1\/\d+\]/.test(stderr)) started();
  });
  const ended = new Promise<number | null>((r) => child.on('close', (code) => r(code)));
  // The run must reach its measurement step; if it ends before, the test fails with what it printed.
  await Promise.race([running, ended.then((code) => Promise.reject(new Error(`vmbench run ended (${code}) before its first step:\n${stderr}`)))]);
  process.kill(dockerdPid, 'SIGSTOP');
  try {
    const t0 = Date.now();
    for (const s of signals) child.kill(s);
    const status = await ended;
    const afterSignalMs = Date.now() - t0;
    process.stdout.write(`[cli-cancel-hang] ${signals.join(' + ')}: exit ${status} ${afterSignalMs} ms after the signal\n`);
    return { status, stderr, afterSignalMs };
  } finally {
    process.kill(dockerdPid, 'SIGCONT');
  }
}

describe('vmbench run: SIGTERM when the clean-up hangs', () => {
  it('exits 130 after the 15 s grace, saying the clean-up did not finish and what the next run does', async () => {
    const r = await cancelWhileFrozen(['SIGTERM']);
    expect(r.status, r.stderr).toBe(130);
    expect(r.stderr).toMatch(/Cancelling: stopping the benchmark/);
    expect(r.stderr).toMatch(/Clean-up did not finish within 15 s; exiting\. Test files may remain; the next run removes leftovers\./);
    // It waited for the clean-up until its grace ran out (the message), and it did not wait for ever (the time-out).
  }, 600_000);

  it('a second signal exits at once, without waiting for the clean-up', async () => {
    const r = await cancelWhileFrozen(['SIGTERM', 'SIGINT']);
    expect(r.status, r.stderr).toBe(130);
    // The second signal ended it: it did not wait for the clean-up's grace to run out.
    expect(r.stderr).not.toMatch(/Clean-up did not finish/);
  }, 600_000);
});
