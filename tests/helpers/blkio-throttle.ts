// A real, known slowdown for verdict tests (docs/testing.md, "Making a real change by construction"):
// a cgroup v1 blkio child whose throttle limits the whole disk under a folder, and a command started
// inside it. Only I/O that bypasses the page cache (O_DIRECT, as the bench scripts' fio does) from
// processes in the cgroup is limited; everything else on the machine runs as before.
import { type SpawnSyncReturns, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, realpathSync, rmdirSync, statSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';

const BLKIO = '/sys/fs/cgroup/blkio';

/** Limits of a throttle; each is per second on the disk under the folder. */
export interface ThrottleLimits {
  readIops?: number;
  writeIops?: number;
  readBps?: number;
  writeBps?: number;
}

/** A blkio cgroup with its limits set; run commands inside it, then remove it. */
export interface BlkioThrottle {
  /** The whole disk the limits name: "MAJ:MIN" and its name (e.g. "254:0", "vda"). */
  device: string;
  disk: string;
  path: string;
  /** Runs argv (no shell string: sh only moves itself into the cgroup, then execs argv). */
  run(argv: string[], opts: { env?: NodeJS.ProcessEnv; timeoutMs: number }): SpawnSyncReturns<string>;
  /** Removes the cgroup (its processes have exited by then). */
  remove(): void;
}

/** The whole disk holding a folder, as "MAJ:MIN" and its name: a partition's throttle must name its disk. */
export function diskOf(folder: string): { device: string; disk: string } {
  const dev = statSync(folder).dev;
  const major = Math.floor(dev / 256) & 0xfff;
  const minor = (dev & 0xff) | ((Math.floor(dev / 1048576) & 0xfff) << 8);
  const sys = `/sys/dev/block/${major}:${minor}`;
  if (!existsSync(sys))
    throw new Error(
      `${folder} is not on a block device (st_dev ${major}:${minor}: an overlay, tmpfs or network file system); the blkio throttle needs a real disk`,
    );
  // A partition's sysfs folder sits inside its disk's and has a `partition` file.
  const real = realpathSync(sys);
  const whole = existsSync(join(real, 'partition')) ? dirname(real) : real;
  return { device: readFileSync(join(whole, 'dev'), 'utf8').trim(), disk: basename(whole) };
}

/** Creates a blkio cgroup limiting the disk under folder (needs root and cgroup v1 blkio). */
export function createBlkioThrottle(folder: string, limits: ThrottleLimits): BlkioThrottle {
  if (!existsSync(join(BLKIO, 'blkio.throttle.read_iops_device'))) {
    throw new Error(`no cgroup v1 blkio throttle at ${BLKIO} (a cgroup v2 machine would need io.max instead)`);
  }
  const { device, disk } = diskOf(folder);
  const path = join(BLKIO, `vmbench-test-${process.pid}-${Date.now()}`);
  mkdirSync(path);
  const files: [keyof ThrottleLimits, string][] = [
    ['readIops', 'read_iops_device'],
    ['writeIops', 'write_iops_device'],
    ['readBps', 'read_bps_device'],
    ['writeBps', 'write_bps_device'],
  ];
  try {
    for (const [key, file] of files) {
      const v = limits[key];
      if (v !== undefined) writeFileSync(join(path, `blkio.throttle.${file}`), `${device} ${Math.round(v)}\n`);
    }
  } catch (err) {
    rmdirSync(path);
    throw err;
  }
  return {
    device,
    disk,
    path,
    run(argv, opts) {
      return spawnSync('sh', ['-c', 'echo $$ > "$1" && shift && exec "$@"', 'sh', join(path, 'cgroup.procs'), ...argv], {
        env: opts.env ?? process.env,
        encoding: 'utf8',
        timeout: opts.timeoutMs,
      });
    },
    remove() {
      if (existsSync(path)) rmdirSync(path);
    },
  };
}
