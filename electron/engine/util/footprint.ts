/**
 * What a stretch of work keeps busy on this machine (its footprint: physical disks and CPU cores), for the rule of
 * bench/overlap.ts on setting a target up during another's measurement; and how a path's physical disk is found.
 */
import { readdir, readFile, readlink, stat } from 'node:fs/promises';
import { basename, dirname, resolve } from 'node:path';

/** The disk of work that cannot say which disk it touches: it shares a disk with every other footprint. */
export const ANY_DISK = '*';

/** What a stretch of work keeps busy on this machine: its physical disks (physicalDisk, or ANY_DISK) and its CPU cores. */
export interface Footprint {
  disks: readonly string[];
  cpus: number;
}

/** Work that touches nothing on this machine (a daemon on another machine). */
export const NOTHING_HERE: Footprint = { disks: [], cpus: 0 };

/** Work whose footprint is not known: every disk and every core, so it overlaps nothing. */
export const EVERYTHING: Footprint = { disks: [ANY_DISK], cpus: Number.POSITIVE_INFINITY };

/**
 * The physical disk a path is on, as "major:minor" of the whole disk (Linux: /sys/dev/block; a partition gives its disk,
 * a loop device the disk of its backing file, a device-mapper volume its one underlying device); ANY_DISK where it cannot
 * tell (another system, a network or virtual filesystem, a volume over several devices). A path that does not exist yet is
 * on the disk of its nearest existing parent.
 */
export async function physicalDisk(path: string, depth = 0): Promise<string> {
  if (process.platform !== 'linux' || depth > 4) return ANY_DISK;
  // A folder still to be made (a run's shared folder before its set-up) will be on the disk of its nearest existing parent.
  let at = resolve(path);
  let st = await stat(at).catch(() => null);
  while (!st && dirname(at) !== at) {
    at = dirname(at);
    st = await stat(at).catch(() => null);
  }
  if (!st) return ANY_DISK;
  // glibc's major() and minor() of st_dev.
  const dev = Number(st.dev);
  const major = (Math.floor(dev / 0x100) & 0xfff) | (Math.floor(dev / 0x100000000) & ~0xfff);
  const minor = (dev & 0xff) | (Math.floor(dev / 0x1000) & ~0xff);
  // No block device behind it (tmpfs, overlay, 9p, NFS: major 0): its own, unknown footing.
  if (major === 0) return ANY_DISK;
  return blockDisk(`${major}:${minor}`, depth);
}

/** The whole disk behind a block device given as "major:minor" (see physicalDisk). */
export async function blockDisk(id: string, depth = 0, sys = '/sys'): Promise<string> {
  if (depth > 4) return ANY_DISK;
  const link = await readlink(`${sys}/dev/block/${id}`).catch(() => null);
  if (!link) return ANY_DISK;
  const name = basename(link);
  const dir = `${sys}/class/block/${name}`;
  // A partition: the disk it is part of.
  if (
    await readFile(`${dir}/partition`, 'utf8').then(
      () => true,
      () => false,
    )
  ) {
    const parent = basename(link.slice(0, link.length - name.length - 1));
    const dev = await readFile(`${sys}/class/block/${parent}/dev`, 'utf8').catch(() => null);
    return dev ? dev.trim() : ANY_DISK;
  }
  // A loop device: the disk its backing file is on.
  if (name.startsWith('loop')) {
    const backing = await readFile(`${dir}/loop/backing_file`, 'utf8').catch(() => null);
    return backing ? physicalDisk(backing.trim(), depth + 1) : ANY_DISK;
  }
  // A device-mapper or md volume: its one underlying device, else unknown (striped over several).
  const slaves = await readdir(`${dir}/slaves`).catch(() => [] as string[]);
  if (slaves.length === 1) {
    const dev = await readFile(`${sys}/class/block/${slaves[0]}/dev`, 'utf8').catch(() => null);
    return dev ? blockDisk(dev.trim(), depth + 1, sys) : ANY_DISK;
  }
  if (slaves.length > 1) return ANY_DISK;
  return id;
}
