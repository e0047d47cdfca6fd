// A Podman API service of the test's own (Debian's podman, `podman system service`) on a private socket, its configuration
// and storage in the test's own folder, so that the machine's podman configuration, storage and /run/libpod are untouched:
// CONTAINERS_CONF and CONTAINERS_STORAGE_CONF name files this helper writes; locks are files in its tmp_dir (no
// /dev/shm segment), events go to a file there, and its network configuration folder is its own (containers run with
// network none, docs/testing.md "The network rule"). Plus vmbench's guest image, `podman import`ed from the one Debian
// tree of scripts/build-guest-rootfs.sh (cached in /var/cache/vmbench-test).
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { join, resolve } from 'node:path';
import { ensureCommands } from './apt.js';
import { unmountUnder } from './private-dockerd.js';
import { processesMentioning, realDiskDir } from './run-script.js';

const repo = resolve(import.meta.dirname, '..', '..');
const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

/** The image the tests import: the guest tree with fio. */
export const PODMAN_GUEST_IMAGE = 'localhost/vmbench-guest:local';

/** What the service is started with. */
export interface PodmanServiceOptions {
  /**
   * Podman's [containers] default_ulimits. This machine has no CAP_SYS_RESOURCE, so the rlimits podman asks for by
   * default are refused when a container starts; the default here is limits it may set. `[]`: podman's own default.
   */
  ulimits?: string[];
}

/** A running service. */
export interface PodmanService {
  /** unix:///.../podman.sock */
  host: string;
  socket: string;
  /** The environment its own podman commands need (the two configuration files). */
  env: NodeJS.ProcessEnv;
  /** GET on the API (e.g. /version), parsed JSON. */
  get<T>(path: string): Promise<T>;
  /** Runs the podman CLI as a client of the service. */
  podman(args: string[]): string;
  /** Stops the service (TERM, then KILL after 20 s); its storage stays for a restart. */
  stop(): Promise<void>;
  /** Its process id. */
  pid: number;
}

/** Installs podman (and runc, the OCI runtime it is configured with) when missing (root). */
export function installPodman(): void {
  ensureCommands('podman', [
    { command: 'podman', pkg: 'podman', why: "the Podman live test serves podman's Docker-compatible API" },
    { command: 'runc', pkg: 'runc', why: 'the OCI runtime podman runs containers with there (crun refuses a hybrid cgroup v1 layout)' },
  ]);
}

/** One folder for everything the services of a test keep (storage, configuration, sockets); `remove()` unmounts and deletes it. */
export function podmanRoot(prefix: string): { root: string; remove(): Promise<void> } {
  const root = realDiskDir(prefix);
  return {
    root,
    async remove() {
      // conmon stays up to 300 s after an exec session (podman's exit_command_delay) to hand its exit code over, then
      // runs `podman container cleanup`, which would mount the storage again: stop those of this folder's containers
      // (found by the folder, never by name) with SIGKILL, which skips that, and wait until none is left.
      for (let i = 0; i < 40; i++) {
        const left = processesMentioning(root);
        if (left.length === 0) break;
        for (const p of left) {
          try {
            process.kill(Number(p.split(' ')[0]), 'SIGKILL');
          } catch {
            // Gone already.
          }
        }
        await sleep(250);
      }
      // The overlay driver bind-mounts its own folder (graphroot/overlay) private: unmount it before removing.
      unmountUnder([root]);
      rmSync(root, { recursive: true, force: true });
    },
  };
}

function getJson<T>(socket: string, path: string): Promise<T> {
  return new Promise((ok, fail) => {
    const req = request({ socketPath: socket, path, method: 'GET', timeout: 30_000 }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (body += c));
      res.on('end', () => {
        try {
          if ((res.statusCode ?? 0) >= 400) throw new Error(`GET ${path}: HTTP ${res.statusCode} ${body}`);
          ok(JSON.parse(body) as T);
        } catch (err) {
          fail(err as Error);
        }
      });
    });
    req.on('timeout', () => req.destroy(new Error(`GET ${path} did not answer within 30 s`)));
    req.on('error', fail);
    req.end();
  });
}

/** Starts `podman system service` on `<root>/<name>.sock` with configuration files of its own under `root`. */
export async function startPodmanService(root: string, name: string, opts: PodmanServiceOptions = {}): Promise<PodmanService> {
  const ulimits = opts.ulimits ?? ['nofile=4096:4096', 'nproc=4096:4096'];
  const tmp = join(root, `${name}-tmp`);
  mkdirSync(tmp, { recursive: true });
  const conf = join(root, `${name}-containers.conf`);
  writeFileSync(
    conf,
    [
      '[containers]',
      ...(ulimits.length ? [`default_ulimits = [${ulimits.map((u) => JSON.stringify(u)).join(', ')}]`] : []),
      '',
      '[network]',
      `network_config_dir = ${JSON.stringify(join(root, 'net'))}`,
      '',
      '[engine]',
      'cgroup_manager = "cgroupfs"',
      'runtime = "runc"',
      'events_logger = "file"',
      'lock_type = "file"',
      `tmp_dir = ${JSON.stringify(tmp)}`,
      '',
    ].join('\n'),
  );
  const storage = join(root, 'storage.conf');
  writeFileSync(
    storage,
    ['[storage]', 'driver = "overlay"', `graphroot = ${JSON.stringify(join(root, 'graph'))}`, `runroot = ${JSON.stringify(join(root, 'run'))}`, ''].join('\n'),
  );
  const env = { ...process.env, CONTAINERS_CONF: conf, CONTAINERS_STORAGE_CONF: storage };
  const socket = join(root, `${name}.sock`);
  rmSync(socket, { force: true });
  const log: string[] = [];
  const child: ChildProcess = spawn('podman', ['system', 'service', '--time=0', `unix://${socket}`], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  const keep = (c: Buffer): void => void log.push(c.toString('utf8'));
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const service: PodmanService = {
    pid: child.pid ?? 0,
    host: `unix://${socket}`,
    socket,
    env,
    get: (path) => getJson(socket, path),
    podman: (args) => execFileSync('podman', ['--url', `unix://${socket}`, ...args], { env, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }),
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise<void>((r) => child.once('exit', () => r()));
      child.kill('SIGTERM');
      await Promise.race([exited, sleep(20_000)]);
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGKILL');
        await exited;
      }
    },
  };
  for (let i = 0; i < 120; i++) {
    if (child.exitCode !== null) throw new Error(`podman system service exited with code ${child.exitCode}: ${log.join('')}`);
    try {
      await service.get('/version');
      return service;
    } catch {
      await sleep(500);
    }
  }
  await service.stop();
  throw new Error(`podman system service did not answer on ${socket} within 60 s: ${log.join('')}`);
}

/** Imports vmbench's guest tree (with fio) into the service as PODMAN_GUEST_IMAGE, unless it is there. */
export function importGuestImage(service: PodmanService): void {
  try {
    service.podman(['image', 'exists', PODMAN_GUEST_IMAGE]);
    return;
  } catch {
    // Not there yet.
  }
  const lines = execFileSync('sh', [join(repo, 'scripts', 'build-guest-rootfs.sh')], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
    timeout: 1_800_000,
  });
  const rootfs = lines.trim().split('\n').pop() ?? '';
  service.podman([
    'import',
    '--change',
    'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin',
    '--change',
    'CMD ["/bin/sh"]',
    rootfs,
    PODMAN_GUEST_IMAGE,
  ]);
}
