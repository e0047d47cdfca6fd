// The docker transport's pure parts: endpoints, the bench image's tag and base, and how each
// docker-based runtime kind opens it. The transport itself is tested live in
// tests/live/docker-transport.test.ts.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { RuntimeInfo } from '../../electron/contract/contract.js';
import { scriptsDir } from '../../electron/engine/transports/bench-scripts.js';
import { colimaKind } from '../../electron/engine/runtimes/colima/index.js';
import { findKind } from '../../electron/engine/runtimes/registry.js';
import { orbstackKind } from '../../electron/engine/runtimes/orbstack.js';
import { podmanKind } from '../../electron/engine/runtimes/podman.js';
import { RD_DOCKER_TARGET, rancherDesktopKind } from '../../electron/engine/runtimes/rancher-desktop/index.js';
import { createDetectContext } from '../../electron/engine/runtimes/detect.js';
import { DockerTransport } from '../../electron/engine/transports/docker/index.js';
import { ShellInVmTransport } from '../../electron/engine/transports/shell-in-vm/index.js';
import { limaKind } from '../../electron/engine/runtimes/lima.js';
import { parseEndpoint } from '../../electron/engine/transports/docker/client.js';
import { sharedDirFor } from '../../electron/engine/util/host-context.js';
import { recordedEndpoint } from '../../electron/engine/transports/docker/for-runtime.js';
import { baseImageOf, benchImageTag } from '../../electron/engine/transports/docker/image.js';

const rt = (over: Partial<RuntimeInfo>): RuntimeInfo => ({
  id: 'x',
  kind: 'x',
  name: 'X',
  version: null,
  state: 'running',
  settings: {},
  settingsSource: {},
  targets: [],
  findings: [],
  ...over,
});
const ctx = createDetectContext({ env: { HOME: '/home/u', PATH: '/usr/bin' }, dataDir: '/home/u/.local/share/vmbench' });

describe('docker endpoints', () => {
  it('parses unix sockets, named pipes, tcp and ssh endpoints; only local ones can bind-mount a host folder', () => {
    expect(parseEndpoint('unix:///var/run/docker.sock')).toEqual({
      options: { socketPath: '/var/run/docker.sock' },
      local: true,
      display: 'unix:///var/run/docker.sock',
    });
    expect(parseEndpoint('npipe:////./pipe/docker_engine').options).toEqual({ socketPath: '\\\\.\\pipe\\docker_engine' });
    expect(parseEndpoint('tcp://10.0.0.5:2375', {})).toMatchObject({ options: { protocol: 'http', host: '10.0.0.5', port: '2375' }, local: false });
    expect(parseEndpoint('tcp://127.0.0.1:2375', {}).local).toBe(true);
    expect(parseEndpoint('ssh://me@build-box', {})).toMatchObject({ options: { protocol: 'ssh', host: 'build-box', username: 'me', port: 22 }, local: false });
    expect(() => parseEndpoint('fd://')).toThrow(/not supported/);
    expect(() => parseEndpoint('docker.sock')).toThrow(/not a Docker endpoint/);
  });

  it('offers no shared place when the engine is on another machine', () => {
    const local = new DockerTransport({ endpoint: 'unix:///x.sock', engine: 'E', sharedDir: '/s' });
    const remote = new DockerTransport({ endpoint: 'tcp://10.0.0.5:2375', engine: 'E', sharedDir: '/s', env: {} });
    expect(local.places()).toEqual(['shared', 'guest', 'volume']);
    expect(remote.places()).toEqual(['guest', 'volume']);
    expect(['shared', 'guest', 'volume'].map((p) => local.placeDir(p as 'shared'))).toEqual(['/vmbench/shared', '/vmbench/guest', '/vmbench/volume']);
    expect(() => local.placeDir('native')).toThrow();
  });
});

describe("vmbench's bench image", () => {
  it('is tagged by the hash of its Dockerfile and built from a small base with fio', () => {
    const text = readFileSync(join(scriptsDir(), 'Dockerfile'), 'utf8');
    expect(benchImageTag(text)).toMatch(/^vmbench-bench:[0-9a-f]{12}$/);
    expect(benchImageTag(`${text}\n`)).not.toBe(benchImageTag(text));
    expect(baseImageOf(text)).toMatch(/^(alpine|debian):/);
    expect(text).toMatch(/\bfio\b/);
    expect(baseImageOf('# c\nFROM --platform=linux/amd64 debian:bookworm-slim AS base\nRUN true')).toBe('debian:bookworm-slim');
    expect(baseImageOf('RUN true')).toBeUndefined();
  });
});

describe('docker-based runtime kinds open a docker transport', () => {
  it('into the shared folder under the data dir, or VMBENCH_SHARED_DIR', () => {
    expect(sharedDirFor(ctx)).toBe('/home/u/.local/share/vmbench/scratch-shared');
    expect(sharedDirFor({ ...ctx, env: { VMBENCH_SHARED_DIR: '/Users/u/share' } })).toBe('/Users/u/share');
  });

  it('Docker Engine on the endpoint detection recorded; OrbStack on its socket', () => {
    const engine = rt({ id: 'docker:ci', kind: 'docker-engine', settings: { endpoint: 'tcp://10.1.2.3:2375' } });
    expect(recordedEndpoint(engine)).toBe('tcp://10.1.2.3:2375');
    expect(recordedEndpoint(rt({}))).toBe('unix:///var/run/docker.sock');
    expect(findKind('docker-engine')?.transport?.(engine, 'docker:ci', ctx)).toBeInstanceOf(DockerTransport);
    expect(orbstackKind.transport?.(rt({ id: 'orbstack', kind: 'orbstack' }), 'orbstack', ctx)).toBeInstanceOf(DockerTransport);
  });

  it('Colima only with its docker runtime; the VM targets of Colima, Rancher Desktop and Podman get the shell-in-VM transport', () => {
    expect(colimaKind.transport?.(rt({ id: 'colima:default', settings: { engine: 'moby' } }), 'colima:default', ctx)).toBeInstanceOf(DockerTransport);
    expect(colimaKind.transport?.(rt({ id: 'colima:k8s', settings: { engine: 'containerd' } }), 'colima:k8s', ctx)).toBeUndefined();
    const rd = rt({ id: 'rancher-desktop', settings: { engine: 'moby' } });
    expect(rancherDesktopKind.transport?.(rd, RD_DOCKER_TARGET, ctx)).toBeInstanceOf(DockerTransport);
    expect(rancherDesktopKind.transport?.(rd, 'rancher-desktop', ctx)).toBeInstanceOf(ShellInVmTransport);
    expect(colimaKind.transport?.(rt({ id: 'colima:default', settings: { engine: 'moby' } }), 'colima:default:vm', ctx)).toBeInstanceOf(ShellInVmTransport);
    expect(limaKind.transport?.(rt({ id: 'lima:default' }), 'lima:default', ctx)).toBeInstanceOf(ShellInVmTransport);
    const pm = rt({ id: 'podman:podman-machine-default' });
    expect(podmanKind.transport?.(pm, 'podman:podman-machine-default:docker', ctx)).toBeInstanceOf(DockerTransport);
    expect(podmanKind.transport?.(pm, 'podman:podman-machine-default', ctx)).toBeInstanceOf(ShellInVmTransport);
  });
});

describe("a container's or volume's owner (the leftover sweep's rule)", () => {
  it('labels carry the owner tag; gone is a dead or reused owner, or a dead pid on objects labelled before the owner label', async () => {
    const { ownerGone, runLabels } = await import('../../electron/engine/transports/docker/guest.js');
    const { ownerTag } = await import('../../electron/engine/util/owner.js');
    const { spawnSync } = await import('node:child_process');
    const mine = await runLabels('tok');
    expect(mine).toMatchObject({ 'dev.vmbench': '1', 'dev.vmbench.run': 'tok', 'dev.vmbench.pid': String(process.pid), 'dev.vmbench.owner': await ownerTag() });
    expect(await ownerGone(mine)).toBe(false);
    const dead = spawnSync('true').pid!;
    // A live process with another start time than the tag's: the vmbench was killed and its pid reused.
    const { spawn } = await import('node:child_process');
    const reused = spawn('sleep', ['30'], { stdio: 'ignore' });
    try {
      expect(await ownerGone({ ...mine, 'dev.vmbench.owner': `${reused.pid}.00000000` })).toBe(true);
      // The same pid by the old label alone reads as alive (kept: never sweep what may be live).
      expect(await ownerGone({ 'dev.vmbench.pid': String(reused.pid) })).toBe(false);
    } finally {
      reused.kill('SIGKILL');
    }
    expect(await ownerGone({ ...mine, 'dev.vmbench.owner': `${dead}.0` })).toBe(true);
    expect(await ownerGone({ 'dev.vmbench.pid': String(dead) })).toBe(true);
    expect(await ownerGone({ 'dev.vmbench.pid': String(process.pid) })).toBe(false);
    expect(await ownerGone({})).toBe(true);
  });
});

describe('what a Docker target keeps busy on this machine (set-up ahead, bench/overlap.ts)', () => {
  it('a daemon on another machine: nothing here, found without a connection', async () => {
    const t = new DockerTransport({ endpoint: 'tcp://192.0.2.10:2376', engine: 'a remote Docker', sharedDir: '/tmp/x' });
    for (const work of ['setup', 'guest', 'volume'] as const) expect(await t.footprint(work)).toEqual({ disks: [], cpus: 0 });
  });
});
