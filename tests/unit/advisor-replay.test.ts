import { describe, expect, it } from 'vitest';
import type { Finding } from '../../electron/contract/contract.js';
import { advise } from '../../electron/engine/advisor/index.js';
import { parseVagrantfile } from '../../electron/engine/runtimes/vagrant/vagrantfile.js';
import { fixtureRuntimes, runtimeOf } from '../helpers/advisor-fixtures.js';

const RT = fixtureRuntimes();
const MAC = { platform: 'darwin' };
const LINUX = { platform: 'linux' };
const brief = (fs: Finding[]): unknown[] => fs.map((f) => ({ id: f.id, current: f.current, recommended: f.recommended, severity: f.severity, apply: f.apply }));
const XML = '/etc/libvirt/qemu/test.xml';
const xmlDiff = (anchor: string, before: string[], after: string[]): string =>
  `--- ${XML}\n+++ ${XML}\n@@ -1,${before.length} +1,${after.length} @@ ${anchor}\n` +
  before.map((l) => `-      ${l}\n`).join('') +
  after.map((l) => `+      ${l}\n`).join('');

describe('advisor on replayed fixtures', () => {
  it('has nothing to say about Docker Desktop already on VZ + VirtioFS (settings-store v40 and v43)', () => {
    expect(advise([RT['dd-marslo-v40'], RT['dd-fresh-v43']], [], MAC)).toEqual([]);
  });

  it('Rancher Desktop v10 (VZ + reverse-sshfs): virtiofs with rdctl, quoting the Rancher Desktop article (killinsun, Zenn)', () => {
    const fs = advise([RT['rd-v10']], [], MAC);
    expect(brief(fs)).toEqual([
      {
        id: 'rancher-desktop/mountType',
        current: 'reverse-sshfs',
        recommended: 'virtiofs',
        severity: 'high',
        apply: { kind: 'command', argv: ['rdctl', 'set', '--virtual-machine.mount.type', 'virtiofs'] },
      },
    ]);
    expect(fs[0].evidence).toContain('VZ + virtiofs 1,096.65 MB/s vs QEMU + reverse-sshfs 156.01 MB/s');
    expect(fs[0].evidence).toContain('killinsun, Zenn, 2023 or later: Apple M2 MacBook Air');
  });

  it.each(['rd-v4', 'rd-v16'])('Rancher Desktop %s (QEMU + reverse-sshfs): VZ, then virtiofs together with VZ', (name) => {
    expect(brief(advise([RT[name]], [], MAC))).toEqual([
      {
        id: 'rancher-desktop/vmType',
        current: 'qemu',
        recommended: 'vz',
        severity: 'high',
        apply: { kind: 'command', argv: ['rdctl', 'set', '--virtual-machine.type', 'vz'] },
      },
      {
        id: 'rancher-desktop/mountType',
        current: 'reverse-sshfs',
        recommended: 'virtiofs',
        severity: 'high',
        apply: { kind: 'command', argv: ['rdctl', 'set', '--virtual-machine.type', 'vz', '--virtual-machine.mount.type', 'virtiofs'] },
      },
    ]);
  });

  it('Rancher Desktop on 9p: msize is informational, the mount type is the fix', () => {
    const rt = { ...RT['rd-v10'], settings: { ...RT['rd-v10'].settings, vmType: 'qemu', mountType: '9p', mount9pMsizeKiB: 128 } };
    const fs = advise([rt], [], MAC);
    expect(fs.map((f) => [f.id, f.severity])).toEqual([
      ['rancher-desktop/vmType', 'high'],
      ['rancher-desktop/mountType', 'high'],
      ['rancher-desktop/mount9pMsizeKiB', 'info'],
    ]);
    expect(fs[1].evidence).toContain('45.11 MB/s at msize 128 KiB and 46.21 MB/s at msize 512 KiB');
  });

  it('libvirt domain with io=io_uring on virtio: only an iothread (low)', () => {
    expect(brief(advise([RT['libvirt-io_uring']], [], MAC))).toEqual([
      {
        id: 'libvirt:test/iothreads',
        current: 0,
        recommended: 1,
        severity: 'low',
        apply: {
          kind: 'file',
          path: XML,
          diff: xmlDiff(
            'virsh edit test',
            ["<driver name='qemu' type='qcow2' io='io_uring'/>"],
            ['<!-- in <domain>, next to <vcpu>: <iothreads>1</iothreads> -->', "<driver name='qemu' type='qcow2' io='io_uring' iothread='1'/>"],
          ),
        },
      },
    ]);
  });

  it('libvirt domain with an IDE main disk and default io: io_uring and virtio', () => {
    const fs = advise([RT['libvirt-iothreads']], [], MAC);
    expect(brief(fs)).toEqual([
      {
        id: 'libvirt:test/diskIo',
        current: 'default',
        recommended: 'io_uring',
        severity: 'medium',
        apply: {
          kind: 'file',
          path: XML,
          diff: xmlDiff('virsh edit test', ["<driver name='qemu' type='raw'/>"], ["<driver name='qemu' type='raw' io='io_uring'/>"]),
        },
      },
      {
        id: 'libvirt:test/diskBus',
        current: 'ide',
        recommended: 'virtio',
        severity: 'high',
        apply: { kind: 'file', path: XML, diff: xmlDiff('virsh edit test', ["<target dev='hda' bus='ide'/>"], ["<target dev='vda' bus='virtio'/>"]) },
      },
    ]);
    expect(fs[0].evidence).toContain('9,425 IOPS vs default 8,213 IOPS (+14.7%)');
  });

  it('libvirt NIC, cache and 9p rules on edited settings', () => {
    const base = RT['libvirt-io_uring'];
    const rt = { ...base, settings: { ...base.settings, nicModel: 'rtl8139', diskCache: 'writethrough', mountType: '9p', iothreads: 1 } };
    const fs = advise([rt], [], MAC);
    expect(fs.map((f) => [f.id, f.current, f.recommended, f.severity])).toEqual([
      ['libvirt:test/diskCache', 'writethrough', 'none', 'low'],
      ['libvirt:test/nicModel', 'rtl8139', 'virtio', 'high'],
      ['libvirt:test/mountType', '9p', 'virtiofs', 'medium'],
    ]);
    expect(fs[1].evidence).toContain('rtl8139 58.3 Mbit/s, e1000 394 Mbit/s, paravirtual 432 Mbit/s');
    expect(fs[1].apply).toEqual({ kind: 'file', path: XML, diff: xmlDiff('virsh edit test', ["<model type='rtl8139'/>"], ["<model type='virtio'/>"]) });
  });

  it.each(['alpine', 'default'])('Lima %s (old list: QEMU + reverse-sshfs): limactl edit --set', (name) => {
    expect(brief(advise([RT[`lima-${name}`]], [], MAC))).toEqual([
      {
        id: `lima:${name}/vmType`,
        current: 'qemu',
        recommended: 'vz',
        severity: 'high',
        apply: { kind: 'command', argv: ['limactl', 'edit', name, '--set', '.vmType = "vz"'] },
      },
      {
        id: `lima:${name}/mountType`,
        current: 'reverse-sshfs',
        recommended: 'virtiofs',
        severity: 'medium',
        apply: { kind: 'command', argv: ['limactl', 'edit', name, '--set', '.mountType = "virtiofs"'] },
      },
    ]);
  });

  it('Colima default template (vmType left out, mountType sshfs): a colima.yaml diff', () => {
    const f = '/home/u/.colima/default/colima.yaml';
    expect(brief(advise([RT['colima-template']], [], MAC))).toEqual([
      {
        id: 'colima:default/vmType',
        current: 'qemu',
        recommended: 'vz',
        severity: 'high',
        apply: { kind: 'file', path: f, diff: `--- ${f}\n+++ ${f}\n@@ -1,0 +1,1 @@\n+vmType: vz\n` },
      },
      {
        id: 'colima:default/mountType',
        current: 'sshfs',
        recommended: 'virtiofs',
        severity: 'medium',
        apply: { kind: 'file', path: f, diff: `--- ${f}\n+++ ${f}\n@@ -1,1 +1,1 @@\n-mountType: sshfs\n+mountType: virtiofs\n` },
      },
    ]);
  });

  it('Podman machine on QEMU + 9p (docs capture): virtiofs via a re-created machine (steps)', () => {
    const [f, ...rest] = advise([RT['podman-default']], [], MAC);
    expect(rest).toEqual([]);
    expect(f).toMatchObject({
      id: 'podman:podman-machine-default/mountType',
      current: '9p',
      recommended: 'virtiofs',
      severity: 'medium',
      apply: { kind: 'steps' },
    });
  });

  it('Vagrant on VirtualBox shared folders: NFS in the Vagrantfile', () => {
    const facts = parseVagrantfile('Vagrant.configure("2") do |config|\n  config.vm.box = "debian"\nend\n', 'virtualbox');
    const rt = runtimeOf('vagrant:abc', 'vagrant', {
      settings: { provider: 'virtualbox', machineHome: '/p', mountType: facts.syncedFolders[0]?.type, syncedFolders: facts.syncedFolders },
      source: { mountType: 'default' },
    });
    const [f] = advise([rt], [], MAC);
    expect(f).toMatchObject({ id: 'vagrant:abc/mountType', current: 'vboxsf', recommended: 'nfs', severity: 'high' });
    expect(f.apply).toEqual({
      kind: 'file',
      path: '/p/Vagrantfile',
      diff: '--- /p/Vagrantfile\n+++ /p/Vagrantfile\n@@ -1,0 +1,1 @@ Vagrant.configure("2") do |config|\n+  config.vm.synced_folder ".", "/vagrant", type: "nfs"\n',
    });
    expect(f.evidence).toContain('about 30 requests/s');
  });

  it('on a Linux host: no VZ advice (QEMU is the only VM type there), Lima still gets virtiofs, Colima/Rancher keep their mounts', () => {
    const all = Object.values(RT);
    const mac = advise(all, [], MAC).map((f) => f.id);
    const linux = advise(all, [], LINUX).map((f) => f.id);
    expect(linux).toEqual(mac.filter((id) => !/^(rancher-desktop|colima:default)\/|\/vmType$/.test(id)));
    expect(linux).toEqual(expect.arrayContaining(['lima:default/mountType', 'podman:podman-machine-default/mountType', 'libvirt:test/diskIo']));
  });

  it('Docker Desktop on gRPC FUSE / HyperKit: GUI steps for VMM and file sharing', () => {
    const rt = { ...RT['dd-marslo-v40'], settings: { ...RT['dd-marslo-v40'].settings, vmType: 'hyperkit', mountType: 'grpcfuse' } };
    const fs = advise([rt], [], MAC);
    expect(fs.map((f) => [f.id, f.current, f.recommended, f.severity, f.apply?.kind])).toEqual([
      ['docker-desktop/vmType', 'hyperkit', 'vz', 'high', 'steps'],
      ['docker-desktop/mountType', 'grpcfuse', 'virtiofs', 'medium', 'steps'],
    ]);
    expect(fs[1].risk).toContain('docker/for-mac#6667');
  });
});
