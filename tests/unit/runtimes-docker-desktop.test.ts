import { afterEach, describe, expect, it } from 'vitest';
import { createDetectContext, detectAll } from '../../electron/engine/runtimes/detect.js';
import { createDockerDesktopKind } from '../../electron/engine/runtimes/docker-desktop/index.js';
import { normalizeDesktopSettings, parseDesktopSettingsFile, type HostFacts } from '../../electron/engine/runtimes/docker-desktop/settings.js';
import { desktopRelease, parseDockerInfo, parseDockerVersion } from '../../electron/engine/runtimes/support/docker-parse.js';
import { MAC_DD_STORE, local, makeStubEnv, captured, text, type StubEnv } from '../helpers/runtimes-stubs.js';

const HOST: HostFacts = { cpus: 10, memoryMiB: 16384, arch: 'arm64' };
const MARSLO = captured('docker-desktop/settings-store.marslo-v40.json');
const FRESH = captured('docker-desktop/settings-store.fresh-install-v43.json');
const VERSION = captured('docker-desktop/docker-version.dd-4.33.0-arm64.txt');
const INFO = captured('docker-desktop/docker-info.dd-4.48.0-macos-intel.txt');

function settingsOf(path: string, platform: 'mac' | 'linux' | 'windows' = 'mac'): { settings: Record<string, unknown>; source: Record<string, string> } {
  const raw = parseDesktopSettingsFile(text(path));
  if (!raw.ok) throw new Error(raw.error);
  const bag = normalizeDesktopSettings(raw.value, platform, HOST);
  return { settings: bag.settings, source: bag.source };
}

describe('Docker Desktop settings files (replay)', () => {
  it('reads a full settings-store.json (v40, Apple Virtualization framework + VirtioFS)', () => {
    const { settings, source } = settingsOf(MARSLO);
    expect(settings).toMatchObject({
      vmType: 'vz',
      mountType: 'virtiofs',
      cpus: 12,
      memoryMiB: 8092,
      diskGiB: 59.6,
      swapMiB: 1024,
      rosetta: true,
      diskFlush: 'os',
      engine: 'moby',
      settingsVersion: 40,
    });
    expect(source).toMatchObject({ vmType: 'file', mountType: 'file', cpus: 'file', memoryMiB: 'file', diskGiB: 'file', swapMiB: 'file' });
  });

  it('applies the documented defaults to a fresh install that only stores non-default keys (v43)', () => {
    const { settings, source } = settingsOf(FRESH);
    expect(settings).toMatchObject({
      vmType: 'vz',
      mountType: 'virtiofs',
      cpus: 10,
      memoryMiB: 8192,
      swapMiB: 1024,
      containerdSnapshotter: true,
      settingsVersion: 43,
    });
    expect(settings.diskGiB).toBeUndefined();
    expect(source).toMatchObject({
      vmType: 'default',
      mountType: 'default',
      cpus: 'default',
      memoryMiB: 'default',
      swapMiB: 'default',
      containerdSnapshotter: 'file',
    });
  });

  it('knows the Linux build runs QEMU with VirtioFS whatever the macOS keys say', () => {
    expect(settingsOf(MARSLO, 'linux').settings).toMatchObject({ vmType: 'qemu', mountType: 'virtiofs', cpus: 12 });
  });

  it('reads docker version text: "Server: Docker Desktop 4.33.0 (160616)"', () => {
    const v = parseDockerVersion(text(VERSION));
    expect(v.ok && v.value).toMatchObject({
      platformName: 'Docker Desktop 4.33.0 (160616)',
      engineVersion: '27.1.1',
      clientVersion: '27.1.1',
      context: 'desktop-linux',
      apiVersion: '1.46',
    });
    expect(desktopRelease(v.ok ? v.value.platformName : undefined)).toBe('4.33.0');
  });

  it('reads docker info text of Docker Desktop 4.48', () => {
    const i = parseDockerInfo(text(INFO));
    expect(i.ok && i.value).toMatchObject({
      context: 'desktop-linux',
      serverVersion: '28.5.1',
      operatingSystem: 'Docker Desktop',
      name: 'docker-desktop',
      cpus: 12,
      memoryMiB: 7839,
      storageDriver: 'overlay2',
      backingFilesystem: 'extfs',
      cgroupVersion: '1',
      kernelVersion: '6.10.14-linuxkit',
    });
    expect(i.ok && i.value.labels.some((l) => l.startsWith('com.docker.desktop.address='))).toBe(true);
  });
});

describe('Docker Desktop detection with replayed CLIs', () => {
  let stub: StubEnv | undefined;
  afterEach(() => stub?.cleanup());
  const kind = createDockerDesktopKind({ host: HOST });
  const detect = async (s: StubEnv, timeoutMs = 3000) => detectAll(createDetectContext({ env: s.env, dataDir: s.root, timeoutMs }), { kinds: [kind] });

  it('is running with the version from `docker version` and settings from the file', async () => {
    stub = makeStubEnv(
      {
        docker: [
          { args: '*"--context desktop-linux version"*', stdout: VERSION },
          { args: '*"--context desktop-linux info"*', stdout: INFO },
        ],
      },
      { [MAC_DD_STORE]: MARSLO },
    );
    const [dd] = await detect(stub);
    expect(dd).toMatchObject({ id: 'docker-desktop', kind: 'docker-desktop', state: 'running', version: '4.33.0' });
    expect(dd.settings).toMatchObject({ vmType: 'vz', mountType: 'virtiofs', cpus: 12, memoryMiB: 8092, serverVersion: '28.5.1', storageDriver: 'overlay2' });
    expect(dd.settingsSource).toMatchObject({ cpus: 'file', serverVersion: 'cli' });
    expect(dd.targets[0]).toMatchObject({ id: 'docker-desktop', places: ['shared', 'guest', 'volume'] });
  });

  it('replaces defaults by what docker info reports when the file is silent (fresh install, Linux path)', async () => {
    stub = makeStubEnv(
      {
        docker: [
          { args: '*"--context desktop-linux version"*', stdout: VERSION },
          { args: '*"--context desktop-linux info"*', stdout: INFO },
        ],
      },
      { '.docker/desktop/settings-store.json': FRESH },
    );
    const [dd] = await detect(stub);
    expect(dd.settings).toMatchObject({ vmType: 'qemu', cpus: 12, memoryMiB: 7839 });
    expect(dd.settingsSource).toMatchObject({ vmType: 'default', cpus: 'cli', memoryMiB: 'cli' });
  });

  it('turns a hung docker into state unknown with a time-out reason, keeping the file settings', async () => {
    stub = makeStubEnv({ docker: [{ args: '*', hang: true }] }, { [MAC_DD_STORE]: MARSLO });
    const [dd] = await detect(stub, 800);
    expect(dd.state).toBe('unknown');
    expect(dd.reason).toMatch(/did not answer within 0\.8 s/);
    expect(dd.settings).toMatchObject({ cpus: 12, vmType: 'vz' });
  });

  it('says the CLI is missing but still shows the settings file', async () => {
    stub = makeStubEnv({}, { 'Library/Group Containers/group.com.docker/settings.json': FRESH });
    const [dd] = await detect(stub);
    expect(dd.state).toBe('unknown');
    expect(dd.reason).toMatch(/docker CLI is not installed/);
    expect(dd.settings.settingsVersion).toBe(43);
  });

  it('reports a truncated settings file as unreadable instead of failing', async () => {
    stub = makeStubEnv({ docker: [{ args: '*"--context desktop-linux version"*', stdout: VERSION }] }, {});
    const s = stub;
    const { writeFileSync, mkdirSync } = await import('node:fs');
    mkdirSync(`${s.home}/.docker/desktop`, { recursive: true });
    writeFileSync(`${s.home}/.docker/desktop/settings-store.json`, text(MARSLO).slice(0, 300));
    const [dd] = await detect(s);
    expect(dd.state).toBe('running');
    expect(dd.reason).toMatch(/settings-store\.json is not valid JSON/);
  });

  it('lists nothing when there is no settings file and docker says the desktop-linux context does not exist', async () => {
    stub = makeStubEnv({ docker: [{ args: '*desktop-linux*', stderr: local('docker-engine/context-not-found.docker-28.2.2.stderr.txt'), exit: 1 }] });
    expect(await detect(stub)).toEqual([]);
  });

  it('lists nothing when neither a settings file nor the docker CLI exists', async () => {
    stub = makeStubEnv({});
    expect(await detect(stub)).toEqual([]);
  });
});

describe('Docker Desktop on Windows with the WSL 2 engine: resources come from .wslconfig', () => {
  let stub: StubEnv | undefined;
  afterEach(() => stub?.cleanup());
  const WIN_SETTINGS = local('docker-desktop/settings.windows-wsl2-dd-3.5.2.json');
  const WSLCONFIG = local('docker-desktop/wslconfig.microsoft-docs-example.ini');
  const detect = (s: StubEnv) =>
    detectAll(createDetectContext({ env: s.env, dataDir: s.root, timeoutMs: 3000 }), { kinds: [createDockerDesktopKind({ host: HOST })] });

  it("reports .wslconfig's processors, memory and swap, and says the settings file's values do not apply", async () => {
    stub = makeStubEnv({}, { 'AppData/Roaming/Docker/settings.json': WIN_SETTINGS, '.wslconfig': WSLCONFIG });
    const [dd] = await detect(stub);
    expect(dd.settings).toMatchObject({ vmType: 'wsl2', cpus: 2, memoryMiB: 4096, swapMiB: 8192 });
    expect(dd.settingsSource).toMatchObject({ vmType: 'file', cpus: 'file', memoryMiB: 'file', swapMiB: 'file' });
    expect(dd.reason).toMatch(
      /the WSL 2 engine: CPUs, memory and swap come from \.wslconfig \(WSL's defaults for what it leaves out\), not from Docker Desktop's settings file; the settings file's cpus 3, memoryMiB 2048, swapMiB 1024 do not apply/,
    );
  });

  it("without a .wslconfig: WSL's documented defaults (all processors, half the memory), marked as defaults", async () => {
    stub = makeStubEnv({}, { 'AppData/Roaming/Docker/settings.json': WIN_SETTINGS });
    const [dd] = await detect(stub);
    expect(dd.settings).toMatchObject({ vmType: 'wsl2', cpus: 10, memoryMiB: 8192, swapMiB: 4096 });
    expect(dd.settingsSource).toMatchObject({ cpus: 'default', memoryMiB: 'default', swapMiB: 'default' });
    expect(dd.reason).toMatch(/come from WSL's defaults \(there is no \.wslconfig\)/);
  });

  it('leaves macOS settings files alone (a .wslconfig there means nothing)', async () => {
    stub = makeStubEnv({}, { [MAC_DD_STORE]: MARSLO, '.wslconfig': WSLCONFIG });
    const [dd] = await detect(stub);
    expect(dd.settings).toMatchObject({ vmType: 'vz', cpus: 12, memoryMiB: 8092 });
    expect(dd.reason ?? '').not.toMatch(/WSL/);
  });
});
