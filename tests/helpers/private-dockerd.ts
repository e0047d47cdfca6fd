// A dockerd of the test's own on a private socket (testing.md): --bridge=none --iptables=false, its own
// data-root on a real disk and exec-root, and a proxy on a closed loopback port so that any pull it
// might attempt can never leave the machine. Plus the images of scripts/build-test-image.sh.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
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

const repo = resolve(import.meta.dirname, '..', '..');
const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

/** Installs dockerd, debootstrap and a static busybox when missing (root; scripts/build-test-image.sh --deps). */
export function installDockerDeps(): void {
  execFileSync('sh', [join(repo, 'scripts', 'build-test-image.sh'), '--deps'], { stdio: ['ignore', 'inherit', 'inherit'], timeout: 900_000 });
}

/** Starts a dockerd on a private socket and waits until it answers (60 s at most). */
export async function startPrivateDockerd(prefix: string): Promise<PrivateDockerd> {
  const data = realDiskDir(`${prefix}data-`);
  const run = mkdtempSync(join(tmpdir(), `${prefix}run-`));
  const socket = join(run, 'docker.sock');
  const host = `unix://${socket}`;
  const args = ['--bridge=none', '--iptables=false', '--ip-masq=false', `--data-root=${data}`, `--exec-root=${join(run, 'exec')}`, `--pidfile=${join(run, 'dockerd.pid')}`, '-H', host];
  const proxy = 'http://127.0.0.1:9';
  const env = { ...process.env, HTTP_PROXY: proxy, HTTPS_PROXY: proxy, http_proxy: proxy, https_proxy: proxy, NO_PROXY: '', no_proxy: '' };
  const child: ChildProcess = spawn('dockerd', args, { stdio: ['ignore', 'ignore', 'pipe'], env });
  let log = '';
  child.stderr?.on('data', (b: Buffer) => (log = (log + b.toString()).slice(-4000)));
  const docker = (a: string[], input?: string): string =>
    execFileSync('docker', ['-H', host, ...a], { encoding: 'utf8', input, stdio: [input === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'], env: { ...process.env, DOCKER_HOST: undefined, DOCKER_CONTEXT: undefined }, timeout: 120_000 });
  const stop = async (): Promise<void> => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise<void>((r) => child.once('exit', () => r()));
      child.kill('SIGTERM');
      await Promise.race([exited, sleep(20_000)]);
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    }
    // A container with host networking makes dockerd bind-mount the host's netns at exec/netns/default; it stays after exit.
    unmountUnder([data, run]);
    for (const dir of [data, run]) {
      try {
        rmSync(dir, { recursive: true, force: true });
      } catch (err) {
        process.stderr.write(`could not remove ${dir}: ${String(err)}\n`);
      }
    }
  };
  for (let i = 0; i < 120; i++) {
    try {
      docker(['version', '--format', '{{.Server.Version}}']);
      return { host, socket, docker, stop };
    } catch {
      if (child.exitCode !== null) {
        await stop();
        throw new Error(`dockerd exited with code ${child.exitCode}: ${log}`);
      }
      await sleep(500);
    }
  }
  await stop();
  throw new Error(`dockerd did not answer on ${socket} within 60 s: ${log}`);
}

/** Unmounts whatever is still mounted under the folders (deepest first), so that they can be removed. */
function unmountUnder(dirs: string[]): void {
  const points = readFileSync('/proc/mounts', 'utf8')
    .split('\n')
    .map((l) => l.split(' ')[1]?.replace(/\\040/g, ' '))
    .filter((p): p is string => !!p && dirs.some((d) => p.startsWith(`${d}/`)))
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
  return execFileSync('sh', [join(repo, 'scripts', 'build-test-image.sh')], { encoding: 'utf8', env: { ...process.env, DOCKER_HOST: d.host }, stdio: ['ignore', 'pipe', 'pipe'], timeout: 1_800_000 });
}

/** A private dockerd with the test images loaded, reached as the docker context `context` through DOCKER_CONFIG. */
export interface DockerTestEnv {
  /** A folder on a real disk for the test's own files (the engine's data dir, stores, ...). */
  root: string;
  d: PrivateDockerd;
  /** Puts DOCKER_CONFIG / DOCKER_HOST / DOCKER_CONTEXT back, stops the daemon and removes `root`. */
  stop(): Promise<void>;
}

const DOCKER_ENV_KEYS = ['DOCKER_CONFIG', 'DOCKER_HOST', 'DOCKER_CONTEXT'] as const;

/**
 * What the Docker integration tests share before their engine starts: the packages, a private
 * dockerd (prefix names its folders), the test images (timed, logged under `label`), and a docker
 * context `context` for it made the default of this process (as a user's `docker context` would be).
 */
export async function startDockerTestEnv(prefix: string, context: string, label: string): Promise<DockerTestEnv> {
  const saved = Object.fromEntries(DOCKER_ENV_KEYS.map((k) => [k, process.env[k]]));
  installDockerDeps();
  const root = realDiskDir(prefix);
  const d = await startPrivateDockerd(prefix);
  const started = Date.now();
  process.stdout.write(`${loadTestImages(d)}[${label}] test images ready in ${Date.now() - started} ms\n`);
  const config = join(root, 'docker-config');
  execFileSync('docker', ['context', 'create', context, '--docker', `host=${d.host}`], { env: { ...process.env, DOCKER_CONFIG: config }, stdio: 'ignore' });
  process.env.DOCKER_CONFIG = config;
  delete process.env.DOCKER_HOST;
  delete process.env.DOCKER_CONTEXT;
  return {
    root,
    d,
    async stop() {
      for (const k of DOCKER_ENV_KEYS) if (saved[k] === undefined) delete process.env[k];
      else process.env[k] = saved[k];
      await d.stop();
      rmSync(root, { recursive: true, force: true });
    },
  };
}
