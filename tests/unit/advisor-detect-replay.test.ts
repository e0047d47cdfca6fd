import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { advise } from '../../electron/engine/advisor/index.js';
import { colimaKind } from '../../electron/engine/runtimes/colima/index.js';
import { createDetectContext, detectAll } from '../../electron/engine/runtimes/detect.js';
import { dockerDesktopKind } from '../../electron/engine/runtimes/docker-desktop/index.js';
import { libvirtKind } from '../../electron/engine/runtimes/libvirt/index.js';
import { vagrantKind } from '../../electron/engine/runtimes/vagrant/index.js';
import { MAC_DD_STORE, local, makeStubEnv, captured, type StubEnv } from '../helpers/runtimes-stubs.js';

describe('advisor over detectAll with replayed CLIs and files', () => {
  let stub: StubEnv | undefined;
  afterEach(() => stub?.cleanup());
  const detect = (s: StubEnv, kinds: Parameters<typeof detectAll>[1]) =>
    detectAll(createDetectContext({ env: s.env, dataDir: s.root, timeoutMs: 3000 }), kinds);

  it("Colima whose running VM reports VZ + virtiofs: the VM's real values win over colima.yaml, nothing to change", async () => {
    stub = makeStubEnv(
      {
        colima: [
          { args: 'list', stdout: captured('colima/ls.colima-0.6.9.txt') },
          { args: '"status -p default"', stderr: captured('colima/status.vz-virtiofs.colima-0.5.6.txt') },
          { args: 'version', stdout: captured('colima/version.colima-0.6.8.txt') },
        ],
      },
      { '.colima/default/colima.yaml': local('colima/colima.default-template.yaml') },
    );
    const [c] = await detect(stub, { kinds: [colimaKind] });
    expect(c.settings).toMatchObject({ vmType: 'vz', mountType: 'virtiofs' });
    expect(advise([c])).toEqual([]);
  });

  it('Docker Desktop settings-store.json under HOME (marslo v40: VZ + VirtioFS): nothing to change', async () => {
    stub = makeStubEnv({}, { [MAC_DD_STORE]: captured('docker-desktop/settings-store.marslo-v40.json') });
    const list = await detect(stub, { kinds: [dockerDesktopKind] });
    expect(list.map((r) => r.id)).toEqual(['docker-desktop']);
    expect(advise(list)).toEqual([]);
  });

  it('Vagrant machines without a readable Vagrantfile: no synced-folder type known, no finding', async () => {
    stub = makeStubEnv({
      vagrant: [{ args: '"global-status --machine-readable"', stdout: captured('vagrant/global-status-machine-readable.virtualbox-2machines.txt') }],
    });
    const list = await detect(stub, { kinds: [vagrantKind] });
    expect(list.length).toBe(2);
    expect(advise(list)).toEqual([]);
  });

  /**
   * A virsh that lists one domain and answers detection's batched `dumpxml; domstate` call (virsh's own
   * marker-separated command list) with a real dumpxml and a state word the test can change.
   */
  const virshFor = (dir: string, state: string, xmlPath: string): { stub: StubEnv; setState: (s: string) => void } => {
    const xml = readFileSync(xmlPath, 'utf8');
    const uuid = /<uuid>([^<]+)<\/uuid>/.exec(xml)?.[1] ?? '';
    writeFileSync(join(dir, 'uuids'), `${uuid}\n\n`);
    const setState = (st: string): void => writeFileSync(join(dir, 'batch'), `vmbench-xml-${uuid}\n${xml}\nvmbench-state-${uuid}\n${st}\n\nvmbench-end-\n`);
    setState(state);
    const stub = makeStubEnv({
      virsh: [
        { args: '*"list --all --uuid"', stdout: join(dir, 'uuids') },
        { args: '*dumpxml*', stdout: join(dir, 'batch') },
        { args: '*', exit: 1 },
      ],
    });
    return { stub, setState };
  };
  let dir = '';
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'vmbench-advisor-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('libvirt domains from virsh list + dumpxml (IDE disk, default io): findings carry the domain id', async () => {
    ({ stub } = virshFor(dir, 'running', captured('libvirt/dumpxml.libvirt-test.iothreads-disk.xml')));
    const list = await detect(stub, { kinds: [libvirtKind] });
    expect(list.map((r) => [r.id, r.settings.diskBus, r.settings.diskIo])).toEqual([['libvirt:QEMUGuest1', 'ide', 'default']]);
    expect(advise(list).map((f) => [f.id, f.current, f.recommended])).toEqual([
      ['libvirt:QEMUGuest1/diskIo', 'default', 'io_uring'],
      ['libvirt:QEMUGuest1/diskBus', 'ide', 'virtio'],
    ]);
  });

  it("an LXC domain (libvirt's own lxc test XML): a bind-mount share and a veth NIC, so no virtiofs or virtio finding", async () => {
    const v = virshFor(dir, 'shut off', local('libvirt/lxc-ethernet.libvirt-tests.xml'));
    stub = v.stub;
    const list = await detect(stub, { kinds: [libvirtKind] });
    expect(list.map((r) => [r.id, r.state, r.settings.vmType, r.settings.guestKind, r.settings.mountType, r.settings.nicModel])).toEqual([
      ['libvirt:8675309', 'stopped', 'lxc', 'container', 'bind', undefined],
    ]);
    expect(advise(list)).toEqual([]);
    // The same rules do fire for a VM domain with 9p and an unset NIC model (the container case is skipped, not the rules broken).
    const vm = { ...list[0], id: 'libvirt:vm', settings: { ...list[0].settings, guestKind: 'vm', mountType: '9p', nicModel: 'default' } };
    expect(
      advise([vm])
        .map((f) => f.setting)
        .sort(),
    ).toEqual(['mountType', 'nicModel']);
    // Running: no guest-agent probe (a container has none); the reason says why scripts cannot run there.
    v.setState('running');
    const [running] = await detect(stub, { kinds: [libvirtKind] });
    expect(running.state).toBe('running');
    expect(running.reason).toMatch(/^a container domain \(LXC\/OpenVZ\): it has no QEMU guest agent/);
    expect(running.settings.guestAgent).toBeUndefined();
  });
});
