import { afterEach, describe, expect, it } from 'vitest';
import { createDetectContext, detectAll } from '../../electron/engine/runtimes/detect.js';
import { orbstackKind, parseOrbVersion } from '../../electron/engine/runtimes/orbstack.js';
import { parseDockerInfo } from '../../electron/engine/runtimes/support/docker-parse.js';
import { local, makeStubEnv, captured, text, type StubEnv } from '../helpers/runtimes-stubs.js';

const INFO = captured('orbstack/docker-info.orbstack-intel-28.5.2.txt');
const ORB_VERSION = local('orbstack/orb-version.2.0.5.txt');

describe('OrbStack captures (replay)', () => {
  it('reads docker info of OrbStack', () => {
    const i = parseDockerInfo(text(INFO));
    expect(i.ok && i.value).toMatchObject({
      context: 'orbstack',
      serverVersion: '28.5.2',
      operatingSystem: 'OrbStack',
      name: 'orbstack',
      cpus: 6,
      memoryMiB: 16046,
      storageDriver: 'overlay2',
      backingFilesystem: 'btrfs',
      cgroupVersion: '2',
      kernelVersion: '6.17.8-orbstack-00308-g8f9c941121b1',
    });
  });

  it('reads orb version', () => {
    expect(parseOrbVersion(text(ORB_VERSION))).toEqual({ ok: true, value: '2.0.5' });
  });
});

describe('OrbStack detection with replayed CLIs', () => {
  let stub: StubEnv | undefined;
  afterEach(() => stub?.cleanup());
  const detect = (s: StubEnv, timeoutMs = 3000) => detectAll(createDetectContext({ env: s.env, dataDir: s.root, timeoutMs }), { kinds: [orbstackKind] });

  it('is running, with the engine facts of its socket', async () => {
    stub = makeStubEnv({
      orb: [{ args: 'version', stdout: ORB_VERSION }],
      docker: [{ args: '*".orbstack/run/docker.sock info"*', stdout: INFO }],
    });
    const [orb] = await detect(stub);
    expect(orb).toMatchObject({ id: 'orbstack', kind: 'orbstack', state: 'running', version: '2.0.5' });
    expect(orb.settings).toMatchObject({
      vmType: 'vz',
      mountType: 'virtiofs',
      engine: 'moby',
      cpus: 6,
      memoryMiB: 16046,
      backingFilesystem: 'btrfs',
      serverVersion: '28.5.2',
    });
    expect(orb.settingsSource).toMatchObject({ vmType: 'default', cpus: 'cli' });
  });

  it('turns a hung orb and docker into unknown with the reason', async () => {
    stub = makeStubEnv({ orb: [{ args: '*', hang: true }], docker: [{ args: '*', hang: true }] });
    const [orb] = await detect(stub, 600);
    expect(orb.state).toBe('unknown');
    expect(orb.reason).toMatch(/orb version did not answer within 0\.6 s/);
  });

  it('lists nothing without orb and without ~/.orbstack', async () => {
    stub = makeStubEnv({});
    expect(await detect(stub)).toEqual([]);
  });
});
