import { afterEach, describe, expect, it } from 'vitest';
import { colimaKind } from '../../electron/engine/runtimes/colima/index.js';
import { colimaYamlSettings, parseColimaList, parseColimaStatus, parseColimaVersion } from '../../electron/engine/runtimes/colima/parse.js';
import { createDetectContext, detectAll } from '../../electron/engine/runtimes/detect.js';
import { local, makeStubEnv, captured, text, type StubEnv } from '../helpers/runtimes-stubs.js';

const LS = captured('colima/ls.colima-0.6.9.txt');
const STATUS = captured('colima/status.vz-virtiofs.colima-0.5.6.txt');
const VERSION = captured('colima/version.colima-0.6.8.txt');
const YAML = local('colima/colima.default-template.yaml');
const GiB = 1024 ** 3;

describe('Colima captures (replay)', () => {
  it('reads the `colima list` table', () => {
    expect(parseColimaList(text(LS))).toEqual({
      ok: true,
      value: [{ name: 'default', status: 'Running', arch: 'aarch64', cpus: 2, memoryBytes: 2 * GiB, diskBytes: 60 * GiB, runtime: 'docker' }],
    });
  });

  it('reads `colima status` text (VZ + virtiofs)', () => {
    expect(parseColimaStatus(text(STATUS))).toEqual({
      ok: true,
      value: { running: true, vmType: 'vz', mountType: 'virtiofs', runtime: 'docker', arch: 'aarch64' },
    });
  });

  it('reads `colima version`', () => {
    expect(parseColimaVersion(text(VERSION))).toEqual({ ok: true, value: '0.6.8' });
  });

  it('reads colima.yaml, marking the vmType it leaves out as the default', () => {
    const p = colimaYamlSettings(text(YAML));
    expect(p.ok && p.value.settings).toMatchObject({ vmType: 'qemu', mountType: 'sshfs', cpus: 2, memoryMiB: 2048, diskGiB: 60, engine: 'moby' });
    expect(p.ok && p.value.source).toMatchObject({ vmType: 'default', mountType: 'file', cpus: 'file' });
  });
});

describe('Colima detection with replayed CLIs', () => {
  let stub: StubEnv | undefined;
  afterEach(() => stub?.cleanup());
  const detect = (s: StubEnv, timeoutMs = 3000) => detectAll(createDetectContext({ env: s.env, dataDir: s.root, timeoutMs }), { kinds: [colimaKind] });

  it('lists each profile with status and colima.yaml (falls back to the table and text when --json has no answer)', async () => {
    stub = makeStubEnv(
      {
        colima: [
          { args: 'list', stdout: LS },
          { args: '"status -p default"', stderr: STATUS },
          { args: 'version', stdout: VERSION },
        ],
      },
      { '.colima/default/colima.yaml': YAML },
    );
    const [c] = await detect(stub);
    expect(c).toMatchObject({ id: 'colima:default', kind: 'colima', state: 'running', version: '0.6.8' });
    expect(c.settings).toMatchObject({ vmType: 'vz', mountType: 'virtiofs', cpus: 2, memoryMiB: 2048, diskGiB: 60, engine: 'moby', guestArch: 'aarch64' });
    expect(c.settingsSource).toMatchObject({ vmType: 'cli', mountType: 'cli' });
    expect(c.targets[0].id).toBe('colima:default');
  });

  it('shows a hung colima as unknown with the reason', async () => {
    stub = makeStubEnv({ colima: [{ args: '*', hang: true }] });
    const [c] = await detect(stub, 600);
    expect(c).toMatchObject({ id: 'colima', state: 'unknown' });
    expect(c.reason).toMatch(/colima list --json did not answer within 0\.6 s/);
  });

  it('shows the colima.yaml of a machine without colima on PATH as unknown', async () => {
    stub = makeStubEnv({}, { '.colima/default/colima.yaml': YAML });
    const [c] = await detect(stub);
    expect(c).toMatchObject({ id: 'colima:default', state: 'unknown' });
    expect(c.reason).toMatch(/colima is not installed/);
    expect(c.settings).toMatchObject({ cpus: 2, mountType: 'sshfs' });
  });
});

describe('Colima profiles without colima on PATH', () => {
  let stub: StubEnv | undefined;
  afterEach(() => stub?.cleanup());
  const detect = (s: StubEnv) => detectAll(createDetectContext({ env: s.env, dataDir: s.root, timeoutMs: 3000 }), { kinds: [colimaKind] });
  const WORK = local('colima/colima.c5c938a5-template.yaml');

  it('lists a profile not named default, from its colima.yaml, as unknown with the reason', async () => {
    stub = makeStubEnv({}, { '.colima/work/colima.yaml': WORK, '.colima/_templates/default.yaml': YAML });
    const list = await detect(stub);
    expect(list.map((r) => [r.id, r.name, r.state])).toEqual([['colima:work', 'Colima (work)', 'unknown']]);
    expect(list[0].reason).toMatch(/^colima is not installed or not on PATH; settings were read from colima\.yaml only/);
    expect(list[0].settings).toMatchObject({ vmType: 'qemu', mountType: 'sshfs', cpus: 2, memoryMiB: 2048, diskGiB: 100 });
    expect(list[0].settingsSource).toMatchObject({ vmType: 'file', mountType: 'file' });
  });

  it('lists every profile folder of every Colima home', async () => {
    stub = makeStubEnv({}, { '.colima/default/colima.yaml': YAML, '.colima/work/colima.yaml': WORK, '.config/colima/ci/colima.yaml': WORK });
    const list = await detect(stub);
    expect(list.map((r) => r.id).sort()).toEqual(['colima:ci', 'colima:default', 'colima:work']);
    expect(list.every((r) => r.state === 'unknown')).toBe(true);
  });
});
