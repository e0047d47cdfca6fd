// The disk a footprint names (electron/engine/util/footprint.ts physicalDisk), on real block devices this test makes (root):
// a loop device whose backing file is on the checkout's disk is that disk (so set-up ahead never overlaps work on it with
// work on the checkout's disk), and a zram disk is a disk of its own (RAM). Both are freed afterwards.
import { execFileSync, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readlinkSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ANY_DISK, physicalDisk } from '../../electron/engine/util/footprint.js';
import { mayOverlap } from '../../electron/engine/bench/overlap.js';

const repo = resolve(import.meta.dirname, '..', '..');
const work = mkdtempSync(join(repo, '.vmbench-tmp-footprint-'));
const cleanups: (() => void)[] = [];
// The mounts live in a mount namespace of the test's own (a sleeping process holds it), never in the host's: a VM that
// libvirt starts meanwhile copies the host's mounts into its own namespace and would keep the devices busy. The test reads
// them through /proc/PID/root, which resolves paths in that namespace.
let holder: ChildProcess | undefined;
afterAll(() => {
  holder?.kill('SIGKILL');
  for (const c of cleanups.reverse()) c();
  rmSync(work, { recursive: true, force: true });
});

/** Makes an ext4 filesystem on `device` and mounts it (in the test's namespace) at a new folder; returns the path as seen from here. */
function mountOn(device: string, name: string): string {
  execFileSync('mkfs.ext4', ['-q', '-F', device]);
  const at = join(work, name);
  mkdirSync(at);
  execFileSync('nsenter', ['-t', String(holder!.pid), '-m', 'mount', device, at]);
  return `/proc/${holder!.pid}/root${at}`;
}

/** Frees a device once nothing holds it (the namespace is gone): a few tries. */
function freeLater(args: string[]): void {
  cleanups.push(() => {
    for (let i = 0; i < 20 && spawnSync(args[0], args.slice(1)).status !== 0; i++) spawnSync('sleep', ['0.25']);
  });
}

describe.runIf(process.platform === 'linux' && process.getuid?.() === 0)('the physical disk of a real block device', () => {
  it('a loop device is the disk of its backing file; a zram disk is its own', async () => {
    holder = spawn('unshare', ['--mount', '--propagation', 'private', 'sleep', 'infinity'], { stdio: 'ignore' });
    await new Promise((r) => setTimeout(r, 300));
    expect(readlinkSync(`/proc/${holder.pid}/ns/mnt`)).not.toBe(readlinkSync('/proc/self/ns/mnt'));
    const home = await physicalDisk(work);
    expect(home, 'the checkout is on a block device here').not.toBe(ANY_DISK);

    const image = join(work, 'loop.img');
    execFileSync('truncate', ['-s', '64M', image]);
    const loop = execFileSync('losetup', ['--find', '--show', image], { encoding: 'utf8' }).trim();
    freeLater(['losetup', '-d', loop]);
    const onLoop = mountOn(loop, 'loop');
    expect(await physicalDisk(onLoop)).toBe(home);

    spawnSync('modprobe', ['zram']); // loaded already on most kernels; zramctl says so if it cannot be
    const zram = execFileSync('zramctl', ['--find', '--size', '64M'], { encoding: 'utf8' }).trim();
    freeLater(['zramctl', '--reset', zram]);
    const onZram = mountOn(zram, 'zram');
    const z = await physicalDisk(onZram);
    expect(z).toMatch(/^\d+:\d+$/);
    expect(z).not.toBe(home);

    // So a set-up on the checkout's disk may run beside a measurement on the zram disk, never beside one on the loop device.
    expect(mayOverlap({ disks: [home], cpus: 1 }, { disks: [z], cpus: 1 }, 2)).toBe(true);
    expect(mayOverlap({ disks: [home], cpus: 1 }, { disks: [await physicalDisk(onLoop)], cpus: 1 }, 2)).toBe(false);
  });
});
