import { afterEach, describe, expect, it } from 'vitest';
import { createDetectContext, detectAll } from '../../electron/engine/runtimes/detect.js';
import { limaKind, limaSettings, parseLimaList } from '../../electron/engine/runtimes/lima.js';
import { local, makeStubEnv, captured, text, type StubEnv } from '../helpers/runtimes-stubs.js';

const LIST = captured('lima/list-json.lima-pr308-2021.ndjson');

describe('limactl list --json (replay)', () => {
  it('reads the instances (old format without vmType: QEMU and reverse-sshfs by default)', () => {
    const p = parseLimaList(text(LIST));
    expect(p.ok && p.value.map((i) => [i.name, i.status, i.cpus])).toEqual([
      ['alpine', 'Stopped', 4],
      ['default', 'Running', 4],
    ]);
    const bag = limaSettings(p.ok ? p.value[1] : ({} as never));
    expect(bag.settings).toMatchObject({ vmType: 'qemu', mountType: 'reverse-sshfs', cpus: 4, memoryMiB: 4096, diskGiB: 100, guestArch: 'x86_64' });
    expect(bag.source).toMatchObject({ vmType: 'default', mountType: 'default', cpus: 'cli' });
  });

  it('reads Rosetta from the listed config: Lima 2 nests it in vmOpts.vz (lima_instance.go, tests/fixtures/captures/lima/SOURCES.txt), older Lima at the top', () => {
    const p = parseLimaList(
      '{"name":"a","vmType":"vz","config":{"vmOpts":{"vz":{"rosetta":{"enabled":true}}}}}\n{"name":"b","vmType":"vz","config":{"rosetta":{"enabled":false}}}\n',
    );
    const bags = p.ok ? p.value.map((i) => limaSettings(i)) : [];
    expect(bags.map((b) => [b.settings.rosetta, b.source.rosetta])).toEqual([
      [true, 'cli'],
      [false, 'cli'],
    ]);
  });
});

describe('Lima detection with replayed limactl', () => {
  let stub: StubEnv | undefined;
  afterEach(() => stub?.cleanup());
  const detect = (s: StubEnv) => detectAll(createDetectContext({ env: s.env, dataDir: s.root, timeoutMs: 3000 }), { kinds: [limaKind] });

  it('lists every instance with its state', async () => {
    stub = makeStubEnv({ limactl: [{ args: '"list --json"', stdout: LIST }] });
    const list = await detect(stub);
    expect(list.map((r) => [r.id, r.state])).toEqual([
      ['lima:alpine', 'stopped'],
      ['lima:default', 'running'],
    ]);
  });

  it('says when limactl prints garbage', async () => {
    stub = makeStubEnv({ limactl: [{ args: '"list --json"', stdout: LIST, truncate: 120 }] });
    const [l] = await detect(stub);
    expect(l).toMatchObject({ id: 'lima', state: 'unknown' });
    expect(l.reason).toMatch(/^limactl list --json printed output that is not valid JSON/);
  });
});

const L = (f: string): string => local(`lima/${f}`);
const LIST_014 = L('list-json.lima-0.14.2-struct.ndjson');
const YAML_9P = L('lima.yaml.v0.14.2-experimental-9p.yaml');
const YAML_VZ = L('lima.yaml.v0.14.2-experimental-vz.yaml');
const YAML_DEBIAN = L('lima.yaml.v1.1.0-debian-11.yaml');
const TEMPLATES = {
  '.lima/_templates/_images/debian-11.yaml': L('templates-v1.1.0/_images/debian-11.yaml'),
  '.lima/_templates/_default/mounts.yaml': L('templates-v1.1.0/_default/mounts.yaml'),
};

describe('Lima 0.14 (list without config): settings come from each lima.yaml', () => {
  let stub: StubEnv | undefined;
  afterEach(() => stub?.cleanup());
  const detect = (s: StubEnv) => detectAll(createDetectContext({ env: s.env, dataDir: s.root, timeoutMs: 3000 }), { kinds: [limaKind] });

  it('reads 9p and vz examples from lima.yaml instead of reporting reverse-sshfs', async () => {
    stub = makeStubEnv({ limactl: [{ args: '"list --json"', stdout: LIST_014 }] }, { '.lima/ninep/lima.yaml': YAML_9P, '.lima/vz/lima.yaml': YAML_VZ });
    const [ninep, vz] = await detect(stub);
    expect(ninep).toMatchObject({
      id: 'lima:ninep',
      state: 'stopped',
      settings: { vmType: 'qemu', mountType: '9p', cpus: 4, memoryMiB: 4096 },
      settingsSource: { vmType: 'cli', mountType: 'file', cpus: 'cli' },
    });
    expect(vz).toMatchObject({ id: 'lima:vz', settings: { vmType: 'vz', mountType: 'virtiofs' }, settingsSource: { mountType: 'file' } });
    expect(ninep.reason).toBeUndefined();
    // The nested `rosetta: {enabled: true}` block, which the former flat reader could not see.
    expect([vz.settings.rosetta, vz.settingsSource.rosetta, ninep.settings.rosetta]).toEqual([true, 'file', undefined]);
  });

  it("keeps Lima 0.14's reverse-sshfs default when lima.yaml has no mountType, and says when lima.yaml is missing", async () => {
    stub = makeStubEnv({ limactl: [{ args: '"list --json"', stdout: LIST_014 }] }, { '.lima/ninep/lima.yaml': L('lima.yaml.v0.14.2-alpine.yaml') });
    const [ninep, vz] = await detect(stub);
    expect(ninep.settings).toMatchObject({ mountType: 'reverse-sshfs' });
    expect(ninep.settingsSource.mountType).toBe('default');
    expect(vz.settings).toMatchObject({ vmType: 'vz', mountType: 'reverse-sshfs' });
    expect(vz.reason).toMatch(/its lima\.yaml could not be read \(.*\.lima\/vz\/lima\.yaml does not exist\)/);
  });
});

describe('Lima 0.14, a capture from a project that used it (trellis-cli): a running vz instance and its lima.yaml', () => {
  let stub: StubEnv | undefined;
  afterEach(() => stub?.cleanup());
  const detect = (s: StubEnv) => detectAll(createDetectContext({ env: s.env, dataDir: s.root, timeoutMs: 3000 }), { kinds: [limaKind] });

  it('takes vmType, CPUs and memory from the list and the mount type from lima.yaml; the instance without a lima.yaml says so', async () => {
    stub = makeStubEnv(
      { limactl: [{ args: '"list --json"', stdout: L('list-json.trellis-cli-d3894d6.ndjson') }] },
      { '.lima/test/lima.yaml': L('lima.yaml.trellis-cli-d3894d6.yaml') },
    );
    const [test, test2] = await detect(stub);
    expect(test).toMatchObject({
      id: 'lima:test',
      state: 'running',
      settings: { vmType: 'vz', mountType: 'virtiofs', cpus: 4, memoryMiB: 4096, diskGiB: 100, guestArch: 'aarch64' },
    });
    expect(test.settingsSource).toMatchObject({ vmType: 'cli', mountType: 'file', cpus: 'cli', memoryMiB: 'cli' });
    expect([test.settings.rosetta, test.settingsSource.rosetta]).toEqual([false, 'file']);
    expect(test.reason).toBeUndefined();
    // Its listed folder (/foo/test, edited in the capture) does not exist here and ~/.lima/test2 has no lima.yaml: the mount type is Lima 0.14's vz default, and the reason says why.
    expect(test2).toMatchObject({ id: 'lima:test2', state: 'running', settings: { vmType: 'vz' } });
    expect(test2.reason).toMatch(/its lima\.yaml could not be read \(.*\.lima\/test2\/lima\.yaml does not exist\)/);
  });
});

describe('Lima instance folders without limactl on PATH', () => {
  let stub: StubEnv | undefined;
  afterEach(() => stub?.cleanup());
  const detect = (s: StubEnv) => detectAll(createDetectContext({ env: s.env, dataDir: s.root, timeoutMs: 3000 }), { kinds: [limaKind] });

  it('lists each ~/.lima/<name>/lima.yaml as unknown with the reason (not _config/_templates)', async () => {
    stub = makeStubEnv({}, { '.lima/ninep/lima.yaml': YAML_9P, '.lima/vz/lima.yaml': YAML_VZ, ...TEMPLATES });
    const list = await detect(stub);
    expect(list.map((r) => [r.id, r.state])).toEqual([
      ['lima:ninep', 'unknown'],
      ['lima:vz', 'unknown'],
    ]);
    expect(list[0].reason).toMatch(/^limactl is not installed or not on PATH; settings were read from .*\/\.lima\/ninep\/lima\.yaml only/);
    expect(list[0].settings).toMatchObject({ mountType: '9p' });
    // Without a version the default vmType is not known (qemu before Lima 1.0, vz on macOS since): not guessed.
    expect(list[0].settings.vmType).toBeUndefined();
    expect(list[1].settings).toMatchObject({ vmType: 'vz', mountType: 'virtiofs' });
    expect(list[1].settingsSource).toMatchObject({ vmType: 'file', mountType: 'file' });
  });

  it('follows base: template:// names into $LIMA_HOME/_templates (vmType from the base, 9p unsupported -> reverse-sshfs)', async () => {
    stub = makeStubEnv({}, { '.lima/deb/lima.yaml': YAML_DEBIAN, ...TEMPLATES });
    const [deb] = await detect(stub);
    expect(deb.settings).toMatchObject({ vmType: 'qemu', mountType: 'reverse-sshfs' });
    expect(deb.settingsSource).toMatchObject({ vmType: 'file', mountType: 'default' });
    expect(deb.reason).not.toMatch(/base template/);
  });

  it('says which base template could not be read and does not guess what it may set', async () => {
    stub = makeStubEnv({}, { '.lima/deb/lima.yaml': YAML_DEBIAN });
    const [deb] = await detect(stub);
    expect(deb.state).toBe('unknown');
    expect(deb.reason).toMatch(/base template template:\/\/_images\/debian-11 is one of limactl's bundled templates, and no template folder here has it/);
    expect(deb.settings.vmType).toBeUndefined();
    expect(deb.settings.mountType).toBeUndefined();
  });

  it('lists nothing when there is neither limactl nor an instance folder', async () => {
    stub = makeStubEnv({}, {});
    expect(await detect(stub)).toEqual([]);
  });
});
