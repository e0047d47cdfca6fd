// A dockerd of the test's own on a private socket (docs/testing.md, "The network rule"): --bridge=none --iptables=false, its own
// data-root on a real disk and exec-root, and a proxy on a closed loopback port so that any pull it
// might attempt can never leave the machine. Plus the images of scripts/build-test-image.sh. The live host
// stream's files share one such daemon (shared-dockerd.ts) through startDockerTestEnv.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseMounts } from '../../electron/engine/guest/mounts.js';
import { alive } from '../../scripts/shared-test-guest.mjs';
import { realDiskDir } from './run-script.js';

/** A running private dockerd. */
export interface PrivateDockerd {
  /** unix:///.../docker.sock */
  host: string;
  socket: string;
  /** Runs the docker CLI against this daemon; returns stdout. */
  docker(args: string[], input?: string): string;
  /** Stops the daemon (TERM, then KILL after 20 s) and removes its folders. */
  stop(): Promise<void>;
}

/** What another process needs to reach and stop a dockerd it did not start (tests/helpers/shared-dockerd.ts). */
export interface DockerdHandle {
  host: string;
  socket: string;
  pid: number;
  /** Its data-root and run folder, removed when it stops. */
  dirs: string[];
}

const repo = resolve(import.meta.dirname, '..', '..');
const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

/** Installs dockerd, debootstrap and a static busybox when missing (root; scripts/build-test-image.sh --deps). */
export function installDockerDeps(): void {
  execFileSync('sh', [join(repo, 'scripts', 'build-test-image.sh'), '--deps'], { stdio: ['ignore', 'inherit', 'inherit'], timeout: 900_000 });
}

/** The daemon of a handle: its docker CLI and its stop (by pid, so any process can stop it). */
export function attachDockerd(h: DockerdHandle): PrivateDockerd {
  const docker = (a: string[], input?: string): string =>
    execFileSync('docker', ['-H', h.host, ...a], {
      encoding: 'utf8',
      input,
      stdio: [input === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'],
      env: { ...process.env, DOCKER_HOST: undefined, DOCKER_CONTEXT: undefined },
      timeout: 120_000,
    });
  const stop = async (): Promise<void> => {
    if (alive(h.pid)) {
      process.kill(h.pid, 'SIGTERM');
      for (let i = 0; i < 100 && alive(h.pid); i++) await sleep(200);
      if (alive(h.pid)) process.kill(h.pid, 'SIGKILL');
      for (let i = 0; i < 50 && alive(h.pid); i++) await sleep(100);
    }
    // A container with host networking makes dockerd bind-mount the host's netns at exec/netns/default; it stays after exit.
    unmountUnder(h.dirs);
    for (const dir of h.dirs) {
      try {
        rmSync(dir, { recursive: true, force: true });
      } catch (err) {
        process.stderr.write(`could not remove ${dir}: ${String(err)}\n`);
      }
    }
  };
  return { host: h.host, socket: h.socket, docker, stop };
}

/**
 * Starts a dockerd on a private socket and waits until it answers (60 s at most). `detached`: in a session of
 * its own, so it outlives this process (the live host stream's shared daemon); stop it with attachDockerd(handle).
 */
export async function startPrivateDockerd(prefix: string, opts: { detached?: boolean } = {}): Promise<PrivateDockerd & { handle: DockerdHandle }> {
  const data = realDiskDir(`${prefix}data-`);
  const run = mkdtempSync(join(tmpdir(), `${prefix}run-`));
  const socket = join(run, 'docker.sock');
  const host = `unix://${socket}`;
  const args = [
    '--bridge=none',
    '--iptables=false',
    '--ip-masq=false',
    `--data-root=${data}`,
    `--exec-root=${join(run, 'exec')}`,
    `--pidfile=${join(run, 'dockerd.pid')}`,
    '-H',
    host,
  ];
  const proxy = 'http://127.0.0.1:9';
  const env = { ...process.env, HTTP_PROXY: proxy, HTTPS_PROXY: proxy, http_proxy: proxy, https_proxy: proxy, NO_PROXY: '', no_proxy: '' };
  const logFd = openSync(join(run, 'dockerd.log'), 'a');
  const child: ChildProcess = spawn('dockerd', args, { stdio: ['ignore', 'ignore', logFd], env, detached: opts.detached === true });
  closeSync(logFd);
  let exited = false;
  child.once('exit', () => (exited = true));
  if (opts.detached) child.unref();
  const handle: DockerdHandle = { host, socket, pid: child.pid ?? 0, dirs: [data, run] };
  const d = attachDockerd(handle);
  const log = (): string => readFileSync(join(run, 'dockerd.log'), 'utf8').slice(-4000);
  for (let i = 0; i < 120; i++) {
    try {
      d.docker(['version', '--format', '{{.Server.Version}}']);
      return { ...d, handle };
    } catch {
      if (exited) {
        const text = log();
        await d.stop();
        throw new Error(`dockerd exited with code ${child.exitCode}: ${text}`);
      }
      await sleep(500);
    }
  }
  const text = log();
  await d.stop();
  throw new Error(`dockerd did not answer on ${socket} within 60 s: ${text}`);
}

/** Unmounts whatever is still mounted under the folders (deepest first), so that they can be removed. */
export function unmountUnder(dirs: string[]): void {
  const points = parseMounts(readFileSync('/proc/mounts', 'utf8'))
    .map((m) => m.path)
    .filter((p) => dirs.some((d) => p.startsWith(`${d}/`)))
    .sort((a, b) => b.length - a.length);
  for (const p of points) {
    try {
      execFileSync('umount', [p], { stdio: 'ignore' });
    } catch (err) {
      process.stderr.write(`could not unmount ${p}: ${String(err)}\n`);
    }
  }
}

/** Loads (or builds, the first time on a machine) vmbench-guest:local and vmbench-guest-nofio:local into a daemon; returns the script's output. */
export function loadTestImages(d: PrivateDockerd): string {
  return execFileSync('sh', [join(repo, 'scripts', 'build-test-image.sh')], {
    encoding: 'utf8',
    env: { ...process.env, DOCKER_HOST: d.host },
    stdio: ['ignore', 'pipe', 'pipe'],
    timeout: 1_800_000,
  });
}
