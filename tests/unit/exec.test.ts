import { execFileSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isOnPath, run } from '../../electron/engine/util/exec.js';

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
    await expect(run('vmbench-no-such-cli', [], { timeoutMs: 5000 })).rejects.toMatchObject({
      code: 'not-found',
      message: expect.stringMatching(/not installed/),
    });
  });
  it('says a CLI is not installed when the spawn fails with EACCES and PATH holds no executable of that name', async () => {
    const root = mkdtempSync(join(tmpdir(), 'vmbench-exec-path-'));
    // What makes execvp answer EACCES for a missing CLI: a PATH folder the user may not enter (a root PATH kept by `su`), and a file of that name without execute bits (the only case root meets).
    const locked = join(root, 'locked');
    const stray = join(root, 'stray');
    mkdirSync(locked);
    mkdirSync(stray);
    writeFileSync(join(stray, 'vmbench-no-such-cli'), '#!/bin/sh\n', { mode: 0o644 });
    chmodSync(locked, 0);
    try {
      const env = { PATH: `${locked}:${stray}:/usr/bin:/bin` };
      await expect(run('vmbench-no-such-cli', [], { timeoutMs: 5000, env })).rejects.toMatchObject({
        code: 'not-found',
        message: expect.stringMatching(/not installed/),
      });
      expect(await isOnPath('sh', env.PATH)).toBe(true);
      expect(await isOnPath('vmbench-no-such-cli', env.PATH)).toBe(false);
    } finally {
      chmodSync(locked, 0o700);
      rmSync(root, { recursive: true, force: true });
    }
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
