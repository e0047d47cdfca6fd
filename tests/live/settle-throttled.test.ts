// A medium that cannot settle is recognised, not waited for: dirty pages whose write-back
// is held back by construction, then a real disk script, whose settle step must give up after its
// bounded time-out and say how much was still dirty; the engine turns that into the method's words
// and a warning (not a failure).
//
// The construction. cgroup v1 does not attribute buffered write-back to the writer's cgroup: the
// flusher threads write dirty pages from the root blkio cgroup, so a throttle on a child cgroup holds
// back the writer's O_DIRECT I/O but not the write-back of its buffered writes (checked here: 32 MiB
// written from a child throttled to 64 KiB/s settled in 2 s). So the throttle goes on the ROOT blkio
// cgroup, limited to a loop device of this test's own (an ext4 image file on the real disk): nothing
// else on the machine writes there, and the flusher's write-back to it is held to 64 KiB/s. 32 MiB
// written there without sync stays in Dirty+Writeback for minutes. The script itself measures a
// folder on the ordinary disk; only the kernel-wide counters carry the held-back pages.
// While the throttle is on, any `sync` on the machine waits for it; it is on for a few seconds only.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StepCollector } from '../../electron/engine/bench/step-collector.js';
import { isFailure } from '../../electron/contract/run-status.js';
import { ofKind, realDiskDir, runScript } from '../helpers/run-script.js';

const ROOT_THROTTLE = '/sys/fs/cgroup/blkio/blkio.throttle.write_bps_device';
const HELD_MIB = 32;
const SETTLE_S = 3;
const work = realDiskDir('vmbench-settle-');
const mnt = join(work, 'mnt');
const measured = join(work, 'measured');
let loop = '';
let device = '';

function unthrottle(): void {
  if (device && existsSync(ROOT_THROTTLE)) writeFileSync(ROOT_THROTTLE, `${device} 0\n`);
}

beforeAll(() => {
  if (!existsSync(ROOT_THROTTLE)) throw new Error(`no cgroup v1 blkio throttle at ${ROOT_THROTTLE}`);
  mkdirSync(mnt);
  mkdirSync(measured);
  const img = join(work, 'held.img');
  execFileSync('truncate', ['-s', '128M', img]);
  execFileSync('mkfs.ext4', ['-q', '-F', img]);
  loop = execFileSync('losetup', ['--find', '--show', img], { encoding: 'utf8' }).trim();
  device = readFileSync(`/sys/block/${loop.replace('/dev/', '')}/dev`, 'utf8').trim();
  execFileSync('mount', [loop, mnt]);
});

afterAll(() => {
  unthrottle(); // first: a held-back write-back blocks every sync on the machine
  if (loop) {
    spawnSync('umount', [mnt], { timeout: 120_000 });
    spawnSync('losetup', ['-d', loop], { timeout: 30_000 });
  }
  rmSync(work, { recursive: true, force: true });
});

describe('settle on a medium whose write-back is held back', () => {
  it('gives up after its time-out, reports the MiB still dirty, and the result says the numbers may be low', async () => {
    writeFileSync(ROOT_THROTTLE, `${device} 65536\n`); // 64 KiB/s: the held pages take minutes
    try {
      // Buffered, no sync: the pages are dirty and can only leave at 64 KiB/s.
      execFileSync('dd', ['if=/dev/urandom', `of=${join(mnt, 'held')}`, 'bs=1M', `count=${HELD_MIB}`], { stdio: 'ignore' });
      const run = await runScript(
        'rand-read',
        ['--dir', measured, '--trials', '1', '--size-mib', '8', '--runtime-s', '1', '--ramp-s', '0', '--settle-s', String(SETTLE_S)],
        {
          timeoutMs: 120_000,
        },
      );
      expect(run.code, run.stderr).toBe(0);
      const result = ofKind(run.events, 'result')[0];
      expect(result.params).toMatchObject({ settled: false, settleSync: false, settleLimitS: SETTLE_S });
      // It waited its full time-out, no longer than needed to notice, and saw the held pages.
      expect(result.params!.settleMs as number).toBeGreaterThanOrEqual(SETTLE_S * 1000);
      expect(result.params!.settleLeftKiB as number).toBeGreaterThanOrEqual((HELD_MIB / 2) * 1024);
      expect(run.stderr).toMatch(/write-back did not settle within 3 s/);

      // The engine's aggregation of the same events: the method says so, and a warning that is not a failure.
      const collector = new StepCollector('rand-read', 'native', () => undefined);
      for (const ev of run.events) collector.onEvent(ev);
      const { result: tr, errors } = collector.finish({ exitCode: run.code, cancelled: false, timedOut: false });
      expect(tr?.tool.method).toMatch(
        /; write-back did not settle within 3 s before the first trial \(Dirty\+Writeback still \d+\.\d MiB, sync still running\): the numbers may be low$/,
      );
      expect(errors).toEqual([expect.objectContaining({ code: 'writeback-not-settled', ref: expect.objectContaining({ key: 'errors.notSettled' }) })]);
      expect(errors.filter(isFailure)).toEqual([]);
    } finally {
      unthrottle();
    }
  });
});
