/**
 * Live detection against real components (docs/testing.md): a dockerd of our own on a private socket,
 * a libvirtd with a real (defined, never started) QEMU domain, and Debian's real vagrant CLI.
 * scripts/setup-live.sh installs and starts what is missing (as root). Network rule: dockerd runs
 * with --bridge=none --iptables=false and no container; the domain is never started; libvirt's
 * default network stays down; Vagrant's update check is off. Only unix sockets are used.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RuntimeInfo } from '../../electron/contract/contract.js';
import { createDetectContext, detectAll } from '../../electron/engine/runtimes/detect.js';
import { readVagrant } from '../../electron/engine/runtimes/vagrant/index.js';

const repo = resolve(import.meta.dirname, '..', '..');
const root = mkdtempSync(join(os.tmpdir(), 'vmbench-live-'));
const home = join(root, 'home');
const sock = join(root, 'docker.sock');
const dockerConfig = join(root, 'docker-config');
const vagrantHome = join(root, 'vagrant-home');
const domain = `vmbench-live-${process.pid}`;
const CONTEXT = 'vmbench-live';
let dockerd: ChildProcess | undefined;
let defined = false;

const sh = (file: string, args: string[], env: NodeJS.ProcessEnv = process.env): string =>
  execFileSync(file, args, { encoding: 'utf8', env, stdio: ['ignore', 'pipe', 'pipe'] });
const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

async function startDockerd(): Promise<void> {
  const args = [
    '--bridge=none',
    '--iptables=false',
    '--ip-masq=false',
    `--data-root=${join(root, 'docker-data')}`,
    `--exec-root=${join(root, 'docker-exec')}`,
    `--pidfile=${join(root, 'dockerd.pid')}`,
    '-H',
    `unix://${sock}`,
  ];
  dockerd = spawn('dockerd', args, { stdio: ['ignore', 'ignore', 'ignore'] });
  for (let i = 0; i < 120; i++) {
    try {
      sh('docker', ['-H', `unix://${sock}`, 'version', '--format', '{{.Server.Version}}']);
      return;
    } catch {
      if (dockerd.exitCode !== null) throw new Error(`dockerd exited with code ${dockerd.exitCode}`);
      await sleep(500);
    }
  }
  throw new Error('dockerd did not answer on its socket within 60 s');
}

async function stopDockerd(): Promise<void> {
  if (!dockerd || dockerd.exitCode !== null) return;
  const exited = new Promise<void>((r) => dockerd!.once('exit', () => r()));
  dockerd.kill('SIGTERM');
  await Promise.race([exited, sleep(20_000)]);
  if (dockerd.exitCode === null) dockerd.kill('SIGKILL');
}

function defineDomain(): void {
  const disks = join(root, 'disks');
  mkdirSync(join(root, 'share'), { recursive: true });
  mkdirSync(disks, { recursive: true });
  sh('qemu-img', ['create', '-q', '-f', 'qcow2', join(disks, 'root.qcow2'), '64M']);
  sh('qemu-img', ['create', '-q', '-f', 'qcow2', join(disks, 'data.qcow2'), '32M']);
  const xml = `<domain type='qemu'>
  <name>${domain}</name>
  <memory unit='MiB'>256</memory>
  <vcpu placement='static'>2</vcpu>
  <iothreads>1</iothreads>
  <os><type arch='x86_64' machine='pc'>hvm</type></os>
  <devices>
    <disk type='file' device='disk'>
      <driver name='qemu' type='qcow2' cache='none' io='io_uring' iothread='1'/>
      <source file='${join(disks, 'root.qcow2')}'/>
      <target dev='vda' bus='virtio'/>
    </disk>
    <disk type='file' device='disk'>
      <driver name='qemu' type='qcow2'/>
      <source file='${join(disks, 'data.qcow2')}'/>
      <target dev='vdb' bus='virtio'/>
    </disk>
    <interface type='user'><model type='rtl8139'/></interface>
    <filesystem type='mount' accessmode='mapped'>
      <source dir='${join(root, 'share')}'/>
      <target dir='hostshare'/>
    </filesystem>
  </devices>
</domain>
`;
  writeFileSync(join(root, 'domain.xml'), xml);
  sh('virsh', ['-c', 'qemu:///system', 'define', join(root, 'domain.xml')]);
  defined = true;
}

/** The environment detection runs in: an empty HOME, our docker config and Vagrant home, the real PATH. */
function liveEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, HOME: home, DOCKER_CONFIG: dockerConfig, VAGRANT_HOME: vagrantHome, VMBENCH_LIBVIRT_URI: 'qemu:///system' };
  delete env.DOCKER_HOST;
  delete env.DOCKER_CONTEXT;
  return env;
}

let runtimes: RuntimeInfo[] = [];

beforeAll(async () => {
  execFileSync('sh', [join(repo, 'scripts', 'setup-live.sh')], { stdio: 'inherit', timeout: 900_000 });
  mkdirSync(home, { recursive: true });
  mkdirSync(vagrantHome, { recursive: true });
  await startDockerd();
  sh('docker', ['context', 'create', CONTEXT, '--docker', `host=unix://${sock}`], { ...process.env, DOCKER_CONFIG: dockerConfig });
  defineDomain();
  runtimes = await detectAll(createDetectContext({ env: liveEnv(), dataDir: root, timeoutMs: 10_000 }));
}, 900_000);

afterAll(async () => {
  if (defined) {
    try {
      sh('virsh', ['-c', 'qemu:///system', 'undefine', domain]);
    } catch (err) {
      process.stderr.write(`could not undefine ${domain}: ${String(err)}\n`);
    }
  }
  await stopDockerd();
  if (existsSync(root)) rmSync(root, { recursive: true, force: true });
}, 60_000);

describe('live detection', () => {
  it('finds our dockerd through its docker context, with version and settings from docker info', () => {
    const rt = runtimes.find((r) => r.id === `docker:${CONTEXT}`);
    expect(rt).toMatchObject({ kind: 'docker-engine', state: 'running', targets: [{ id: `docker:${CONTEXT}`, places: ['shared', 'guest', 'volume'] }] });
    const serverVersion = sh('docker', ['-H', `unix://${sock}`, 'version', '--format', '{{.Server.Version}}']).trim();
    expect(rt?.version).toBe(serverVersion);
    expect(rt?.settings).toMatchObject({ engine: 'moby', endpoint: `unix://${sock}`, serverVersion, cpus: os.cpus().length, guestArch: 'x86_64' });
    expect(typeof rt?.settings.storageDriver).toBe('string');
    expect(rt?.settings.memoryMiB).toBeGreaterThan(0);
    // The engine is told by the components `docker version` reports (Docker Engine here, Podman Engine where Podman answers).
    expect(rt?.settingsSource).toMatchObject({ cpus: 'cli', memoryMiB: 'cli', storageDriver: 'cli', engine: 'cli' });
  });

  it('reads the settings of a defined libvirt domain from its XML, stopped', () => {
    const rt = runtimes.find((r) => r.id === `libvirt:${domain}`);
    expect(rt).toMatchObject({ kind: 'libvirt', state: 'stopped' });
    expect(rt?.version).toMatch(/^\d+\.\d+/);
    expect(rt?.settings).toMatchObject({
      vmType: 'qemu',
      cpus: 2,
      memoryMiB: 256,
      iothreads: 1,
      diskBus: 'virtio',
      diskFormat: 'qcow2',
      diskIo: 'io_uring',
      diskCache: 'none',
      nicModel: 'rtl8139',
      mountType: '9p',
    });
    expect(rt?.settings.disks).toEqual([
      expect.objectContaining({ target: 'vda', bus: 'virtio', io: 'io_uring', iothread: 1 }),
      expect.objectContaining({ target: 'vdb', bus: 'virtio', io: undefined }),
    ]);
    expect(rt?.settings.filesystems).toEqual([expect.objectContaining({ mountType: '9p', accessMode: 'mapped', tag: 'hostshare' })]);
    expect(rt?.settingsSource).toMatchObject({ diskIo: 'cli', cpus: 'cli' });
  });

  it('runs the real vagrant: an empty VAGRANT_HOME gives no machines, and the version is read', async () => {
    expect(runtimes.filter((r) => r.kind === 'vagrant')).toEqual([]);
    const report = await readVagrant(createDetectContext({ env: liveEnv(), dataDir: root, timeoutMs: 10_000 }));
    expect(report).toMatchObject({ installed: true, machines: [] });
    expect(report.version).toMatch(/^2\.\d+\.\d+/);
    expect(report.reason).toBeUndefined();
  });

  it('always lists this machine first', () => {
    expect(runtimes[0]).toMatchObject({ id: 'local', state: 'running' });
  });
});
