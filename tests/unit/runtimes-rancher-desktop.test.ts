import { afterEach, describe, expect, it } from 'vitest';
import { createDetectContext, detectAll } from '../../electron/engine/runtimes/detect.js';
import { rancherDesktopKind } from '../../electron/engine/runtimes/rancher-desktop/index.js';
import {
  RD_SET_FLAGS,
  normalizeRdSettings,
  parseRdSettings,
  parseRdctlFlags,
  parseRdctlVersion,
} from '../../electron/engine/runtimes/rancher-desktop/settings.js';
import { local, makeStubEnv, captured, text, type StubEnv } from '../helpers/runtimes-stubs.js';

const V10 = captured('rancher-desktop/rdctl-list-settings.v10-macos.json');
const V4 = local('rancher-desktop/rdctl-list-settings.v4.json');
const V16 = local('rancher-desktop/rdctl-list-settings.v16-macos.json');
const VERSIONS = captured('rancher-desktop/rdctl-version.txt');
const HELP = captured('rancher-desktop/rdctl-start-help.v1.20.txt');

function normalized(path: string): { settings: Record<string, unknown>; source: Record<string, string> } {
  const raw = parseRdSettings(text(path));
  if (!raw.ok) throw new Error(raw.error);
  const bag = normalizeRdSettings(raw.value, 'cli', 'darwin');
  return { settings: bag.settings, source: bag.source };
}

describe('rdctl list-settings across schema versions (replay)', () => {
  it('v4: engine, CPUs and memory under kubernetes.*, QEMU + reverse-sshfs as the only choices', () => {
    const { settings, source } = normalized(V4);
    expect(settings).toMatchObject({ engine: 'moby', cpus: 2, memoryMiB: 2048, vmType: 'qemu', mountType: 'reverse-sshfs', settingsVersion: 4 });
    expect(source).toMatchObject({ engine: 'cli', cpus: 'cli', vmType: 'default', mountType: 'default' });
  });

  it('v10: VM type, Rosetta and mount under experimental.virtualMachine, 9p options', () => {
    const { settings, source } = normalized(V10);
    expect(settings).toMatchObject({
      engine: 'containerd',
      cpus: 2,
      memoryMiB: 4096,
      vmType: 'vz',
      mountType: 'reverse-sshfs',
      rosetta: false,
      mount9pMsizeKiB: 128,
      mount9pCacheMode: 'mmap',
      mount9pProtocolVersion: '9p2000.L',
      mount9pSecurityModel: 'none',
      settingsVersion: 10,
    });
    expect(source).toMatchObject({ vmType: 'cli', mountType: 'cli' });
  });

  it('v16: VM type and mount type under virtualMachine, 9p options still experimental', () => {
    const { settings } = normalized(V16);
    expect(settings).toMatchObject({
      engine: 'moby',
      cpus: 2,
      memoryMiB: 6144,
      vmType: 'qemu',
      mountType: 'reverse-sshfs',
      mount9pMsizeKiB: 128,
      kubernetesEnabled: true,
      settingsVersion: 16,
    });
  });

  it('reads every real `rdctl version` line', () => {
    const lines = text(VERSIONS)
      .split('\n')
      .filter((l) => l.startsWith('rdctl'));
    expect(
      lines.map((l) => {
        const v = parseRdctlVersion(l);
        return v.ok ? v.value : v.error;
      }),
    ).toEqual(['1.20.0', '1.1.0', '1.0.0']);
  });

  it('knows an `rdctl set` flag for every normalized setting it reports (flags of rdctl 1.20)', () => {
    const flags = parseRdctlFlags(text(HELP));
    for (const flag of Object.values(RD_SET_FLAGS)) expect(flags).toContain(flag);
  });
});

describe('Rancher Desktop detection with replayed rdctl', () => {
  let stub: StubEnv | undefined;
  afterEach(() => stub?.cleanup());
  const detect = (s: StubEnv, timeoutMs = 3000) => detectAll(createDetectContext({ env: s.env, dataDir: s.root, timeoutMs }), { kinds: [rancherDesktopKind] });

  it('is running when rdctl list-settings answers', async () => {
    stub = makeStubEnv({
      rdctl: [
        { args: 'version', stdout: VERSIONS, line: 2 },
        { args: 'list-settings', stdout: V10 },
      ],
    });
    const [rd] = await detect(stub);
    expect(rd).toMatchObject({ id: 'rancher-desktop', state: 'running', version: '1.20.0' });
    expect(rd.settings).toMatchObject({ vmType: 'vz', engine: 'containerd', memoryMiB: 4096 });
    expect(rd.settingsSource.vmType).toBe('cli');
  });

  it('reads settings.json (macOS and Linux locations) when rdctl is not installed', async () => {
    for (const rel of ['Library/Preferences/rancher-desktop/settings.json', '.config/rancher-desktop/settings.json']) {
      stub = makeStubEnv({}, { [rel]: V16 });
      const [rd] = await detect(stub);
      expect(rd.state).toBe('unknown');
      expect(rd.reason).toMatch(/rdctl is not installed/);
      expect(rd.settings).toMatchObject({ vmType: 'qemu', memoryMiB: 6144 });
      expect(rd.settingsSource.vmType).toBe('file');
      stub.cleanup();
    }
    stub = undefined;
  });

  it('says when rdctl hangs, and falls back to the settings file', async () => {
    stub = makeStubEnv(
      {
        rdctl: [
          { args: 'version', stdout: VERSIONS, line: 2 },
          { args: 'list-settings', hang: true },
        ],
      },
      { '.config/rancher-desktop/settings.json': V4 },
    );
    const [rd] = await detect(stub, 700);
    expect(rd.state).toBe('unknown');
    expect(rd.reason).toMatch(/rdctl list-settings did not answer within 0\.7 s/);
    expect(rd.settings).toMatchObject({ engine: 'moby', cpus: 2 });
  });

  it('says when rdctl prints garbage (a truncated capture)', async () => {
    stub = makeStubEnv({ rdctl: [{ args: 'list-settings', stdout: V10, truncate: 400 }] });
    const [rd] = await detect(stub);
    expect(rd.state).toBe('unknown');
    expect(rd.reason).toBe('rdctl list-settings printed output that is not valid JSON');
  });

  it('lists nothing when neither rdctl nor a settings file exists', async () => {
    stub = makeStubEnv({});
    expect(await detect(stub)).toEqual([]);
  });
});
