import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { run } from '../../electron/engine/util/exec.js';

const alive = (marker: string): boolean => {
  try {
    return execFileSync('pgrep', ['-f', marker], { encoding: 'utf8' }).trim() !== '';
  } catch {
    return false;
  }
};

describe('run (every CLI call)', () => {
  it('returns stdout, stderr and exit code', async () => {
    expect(await run('sh', ['-c', 'echo out; echo err >&2'], { timeoutMs: 5000 })).toEqual({ stdout: 'out\n', stderr: 'err\n', exitCode: 0 });
  });
  it('says when a CLI is not installed', async () => {
    await expect(run('vmbench-no-such-cli', [], { timeoutMs: 5000 })).rejects.toMatchObject({ code: 'not-found', message: expect.stringMatching(/not installed/) });
  });
  it('carries the exit code and the tail of stderr on failure', async () => {
    await expect(run('sh', ['-c', 'echo boom >&2; exit 3'], { timeoutMs: 5000 })).rejects.toMatchObject({ code: 'failed', exitCode: 3, stderrTail: 'boom' });
    expect((await run('sh', ['-c', 'exit 3'], { timeoutMs: 5000, allowFailure: true })).exitCode).toBe(3);
  });
  it('stops a hung CLI and the children it started when the time is up', async () => {
    const marker = `vmbench-hang-${process.pid}-${Date.now()}`;
    // The grandchild keeps stdout open: only a process-group kill ends the call.
    await expect(run('sh', ['-c', `sh -c 'sleep 60; echo ${marker}' & wait`], { timeoutMs: 300 })).rejects.toMatchObject({ code: 'timeout' });
    await new Promise((r) => setTimeout(r, 200));
    expect(alive(marker)).toBe(false);
  });
  it('stops on cancel', async () => {
    const ac = new AbortController();
    setTimeout(() => ac.abort(), 100);
    await expect(run('sleep', ['30'], { timeoutMs: 10_000, signal: ac.signal })).rejects.toMatchObject({ code: 'cancelled' });
  });
});
