import { afterEach, describe, expect, it } from 'vitest';
import { createDetectContext, detectAll } from '../../electron/engine/runtimes/detect.js';
import { domainSettings, libvirtMemoryMiB, parseDomainXml } from '../../electron/engine/runtimes/libvirt/domain-xml.js';
import { libvirtKind, libvirtUri } from '../../electron/engine/runtimes/libvirt/index.js';
import { domainState, parseDomIfAddr, parseVirshListTable, parseVirshNames } from '../../electron/engine/runtimes/libvirt/virsh-text.js';
import { local, makeStubEnv, captured, text, type StubEnv } from '../helpers/runtimes-stubs.js';

function settingsOf(file: string): { settings: Record<string, unknown>; source: Record<string, string> } {
  const f = parseDomainXml(text(captured(`libvirt/${file}`)));
  if (!f.ok) throw new Error(f.error);
  const bag = domainSettings(f.value);
  return { settings: bag.settings, source: bag.source };
}

describe("virsh dumpxml (replay of libvirt's own formatter output)", () => {
  it('reads a virtio disk with io=io_uring', () => {
    const { settings, source } = settingsOf('dumpxml.libvirt-test.disk-io_uring.xml');
    expect(settings).toMatchObject({
      vmType: 'qemu',
      cpus: 1,
      memoryMiB: 214,
      diskBus: 'virtio',
      diskFormat: 'qcow2',
      diskIo: 'io_uring',
      diskCache: 'default',
      mountType: 'none',
      iothreads: 0,
    });
    expect(source).toMatchObject({ diskIo: 'cli', diskCache: 'default', iothreads: 'default' });
    expect(settings.disks).toEqual([{ target: 'vda', device: 'disk', bus: 'virtio', format: 'qcow2', io: 'io_uring', source: '/dev/HostVG/QEMUGuest1' }]);
    expect(settings.nicModel).toBeUndefined();
  });

  it('reads iothreads and per-disk iothread pinning; a missing io mode is "default"', () => {
    const { settings, source } = settingsOf('dumpxml.libvirt-test.iothreads-disk.xml');
    expect(settings).toMatchObject({ cpus: 2, memoryMiB: 214, iothreads: 2, diskBus: 'ide', diskFormat: 'raw', diskIo: 'default' });
    expect(source.diskIo).toBe('default');
    expect((settings.disks as { target: string; bus: string; iothread?: number }[]).map((d) => [d.target, d.bus, d.iothread])).toEqual([
      ['hda', 'ide', undefined],
      ['vdb', 'virtio', 1],
      ['vdc', 'virtio', 2],
    ]);
  });

  it('converts memory units', () => {
    expect([
      libvirtMemoryMiB('1048576', undefined),
      libvirtMemoryMiB('1', 'GiB'),
      libvirtMemoryMiB('1', 'G'),
      libvirtMemoryMiB('1073741824', 'bytes'),
      libvirtMemoryMiB('1000', 'MB'),
      libvirtMemoryMiB('x', 'KiB'),
    ]).toEqual([1024, 1024, 1024, 1024, 954, undefined]);
  });

  it('refuses XML that is not a domain', () => {
    expect(parseDomainXml('<network><name>default</name></network>')).toEqual({
      ok: false,
      error: 'is not a libvirt domain (root element <network>)',
      errorRef: { key: 'detect:parse.notDomain', params: { root: 'network' } },
    });
  });
});

describe('virsh text outputs (replay)', () => {
  it('reads the `virsh list` table', () => {
    expect(parseVirshListTable(text(captured('libvirt/list.sno.txt')))).toEqual({ ok: true, value: [{ id: '4', name: 'sno', state: 'running' }] });
  });

  it('reads `virsh domifaddr` (for transports; never contacted by tests)', () => {
    expect(parseDomIfAddr(text(captured('libvirt/domifaddr.lease.sno.txt')))).toEqual({
      ok: true,
      value: [{ name: 'vnet3', mac: '52:54:00:a7:93:9c', protocol: 'ipv4', address: '192.168.122.237', prefix: 24 }],
    });
  });

  it('maps domstate words and reads --name lists', () => {
    expect(['running', 'shut off', 'paused', 'crashed'].map(domainState)).toEqual(['running', 'stopped', 'stopped', 'unknown']);
    expect(parseVirshNames('web\ndb\n\n')).toEqual(['web', 'db']);
  });

  it('takes the connection from VMBENCH_LIBVIRT_URI', () => {
    expect([libvirtUri({}), libvirtUri({ VMBENCH_LIBVIRT_URI: 'qemu:///session' })]).toEqual(['qemu:///system', 'qemu:///session']);
  });
});

describe('libvirt detection when virsh misbehaves', () => {
  let stub: StubEnv | undefined;
  afterEach(() => stub?.cleanup());

  it('shows a hung virsh as unknown with the reason', async () => {
    stub = makeStubEnv({ virsh: [{ args: '*', hang: true }] });
    const [l] = await detectAll(createDetectContext({ env: stub.env, dataDir: stub.root, timeoutMs: 600 }), { kinds: [libvirtKind] });
    expect(l).toMatchObject({ id: 'libvirt', state: 'unknown' });
    expect(l.reason).toMatch(/virsh list did not answer within 0\.6 s/);
  });

  it('lists nothing without virsh', async () => {
    stub = makeStubEnv({});
    expect(await detectAll(createDetectContext({ env: stub.env, dataDir: stub.root }), { kinds: [libvirtKind] })).toEqual([]);
  });
});

describe('container domains and device sources (real public domain XML, tests/fixtures/runtimes/libvirt)', () => {
  const facts = (file: string) => {
    const f = parseDomainXml(text(local(`libvirt/${file}`)));
    if (!f.ok) throw new Error(f.error);
    return { facts: f.value, settings: domainSettings(f.value).settings };
  };

  it('an LXC domain: bind mount (not 9p), a veth NIC without a model, no VM-only settings', () => {
    const { facts: f, settings } = facts('lxc-ethernet.libvirt-tests.xml');
    expect([f.domainType, f.osType, f.container]).toEqual(['lxc', 'exe', true]);
    expect(settings).toMatchObject({ vmType: 'lxc', guestKind: 'container', mountType: 'bind', cpus: 1, memoryMiB: 1024 });
    expect(settings.filesystems).toEqual([{ mountType: 'bind', driver: undefined, accessMode: 'passthrough', source: '/mach/8675309', tag: '/' }]);
    expect(settings.nics).toEqual([{ type: 'ethernet', model: undefined, source: undefined }]);
    for (const k of ['nicModel', 'iothreads', 'diskBus', 'diskIo', 'diskCache'] as const) expect(settings[k]).toBeUndefined();
  });

  it('LXC ram and file filesystems keep their sources (RAM size, image file)', () => {
    expect(facts('lxc-filesystem-ram.libvirt-tests.xml').facts.filesystems.map((x) => [x.mountType, x.source, x.tag])).toEqual([
      ['ram', '1048576 KiB', '/mnt/mississippi'],
      ['ram', '1048576 bytes', '/mnt/antananarivo'],
      ['ram', '1024 KiB', '/mnt/ouagadougou'],
    ]);
    expect(facts('lxc-disk-formats.libvirt-tests.xml').facts.filesystems.map((x) => [x.mountType, x.driver, x.source])).toEqual([
      ['file', 'loop', '/root/container.img'],
      ['file', 'nbd', '/root/container.qcow2'],
    ]);
  });

  it('an OpenVZ container (exe, template filesystem) is a container too', () => {
    const { facts: f, settings } = facts('openvz-104.libvirt-docs.xml');
    expect(f.container).toBe(true);
    expect(settings).toMatchObject({ vmType: 'openvz', guestKind: 'container', mountType: 'template', cpus: 3 });
    expect(f.nics).toEqual([{ type: 'bridge', model: undefined, source: 'br0' }]);
  });

  it('a VM keeps the sources of volume and dir disks and of a direct (macvtap) NIC', () => {
    const pool = facts('disk-source-pool.libvirt-tests.xml');
    expect(pool.facts.container).toBe(false);
    expect(pool.settings.guestKind).toBe('vm');
    expect(pool.facts.disks.map((d) => [d.target, d.source])).toEqual([
      ['hda', 'pool-disk/block+cdrom'],
      ['hdc', undefined],
      ['hdd', '/tmp/idedisk.img'],
      ['vda', 'pool-disk/dir+vol1'],
      ['vdb', 'pool-disk/dir+vol2'],
    ]);
    expect(facts('demovm-dir-disk.ovs-install-dpdk.xml').facts.disks.map((d) => [d.target, d.source])).toEqual([
      ['vda', '/root/CentOS7_x86_64.qcow2'],
      ['vdb', '/usr/src/dpdk-stable-16.07.2'],
    ]);
    const csr = facts('csr1kv-direct-nic.blog-dumpxml.xml');
    expect(csr.facts.nics).toEqual([
      { type: 'direct', model: 'virtio', source: 'eno1' },
      { type: 'network', model: 'virtio', source: 'eno2_sriov_pool' },
    ]);
    expect(csr.settings).toMatchObject({ guestKind: 'vm', nicModel: 'virtio', diskBus: 'virtio' });
  });
});
