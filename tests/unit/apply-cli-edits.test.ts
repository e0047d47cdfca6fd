/** `vmbench apply` confirmation rules (with a fake engine) and the text edits apply re-derives from current files. */
import { describe, expect, it } from 'vitest';
import type { ApplyPlan, ApplyResult, Envelope, Finding, RuntimeInfo } from '../../electron/contract/contract.js';
import { cmdApply, type ApplyIo } from '../../electron/cli/apply.js';
import { CliError } from '../../electron/cli/commands.js';
import type { Engine } from '../../electron/engine/api.js';
import { editText, fileEditFor } from '../../electron/engine/advisor/apply/file-edit.js';
import { editDomainXml, libvirtEditFor, readEdit } from '../../electron/engine/runtimes/libvirt/apply-edit.js';
import { unifiedDiff } from '../../electron/engine/apply-kit/unified-diff.js';
import { lineDiff } from '../../electron/engine/advisor/rule-kit/diff.js';

const plan: ApplyPlan = {
  findingId: 'libvirt:vm/diskIo',
  runtimeId: 'libvirt:vm',
  kind: 'libvirt',
  path: 'vm.xml',
  diff: '--- vm.xml\n+++ vm.xml\n',
  backupDir: '/data/backups/x',
  notes: [],
};
const result: ApplyResult = { findingId: 'libvirt:vm/diskIo', ok: true, rolledBack: false, backupDir: '/data/backups/x', message: 'done' };

function fakeEngine(res: ApplyResult = result): { engine: Engine; calls: string[] } {
  const calls: string[] = [];
  const engine = {
    dataDir: '/data',
    dispatch: async (channel: string): Promise<Envelope<unknown>> => {
      calls.push(channel);
      return { ok: true, value: channel === 'advice.plan' ? plan : res };
    },
  } as unknown as Engine;
  return { engine, calls };
}
const io = (isTTY: boolean, answer = false): ApplyIo & { text: string } => {
  const o = { isTTY, text: '', out: (t: string) => void (o.text += t), ask: async () => answer };
  return o;
};

describe('vmbench apply', () => {
  it('without --yes and without a TTY refuses with exit 2 and names --yes, applying nothing', async () => {
    const { engine, calls } = fakeEngine();
    const err = await cmdApply(engine, 'libvirt:vm/diskIo', { yes: false, io: io(false) }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(CliError);
    expect((err as CliError).exitCode).toBe(2);
    expect((err as CliError).message).toContain('--yes');
    expect(calls).toEqual(['advice.plan']);
  });

  it('asks on a TTY; "no" changes nothing, --yes applies and prints the backup', async () => {
    const a = fakeEngine();
    expect(await cmdApply(a.engine, 'libvirt:vm/diskIo', { yes: false, io: io(true, false) })).toBe(0);
    expect(a.calls).toEqual(['advice.plan']);
    const b = fakeEngine();
    const out = io(false);
    expect(await cmdApply(b.engine, 'libvirt:vm/diskIo', { yes: true, io: out })).toBe(0);
    expect(b.calls).toEqual(['advice.plan', 'advice.apply']);
    expect(out.text).toContain('backup: /data/backups/x');
  });

  it('exits 1 when the apply failed and was rolled back', async () => {
    const { engine } = fakeEngine({ ...result, ok: false, rolledBack: true, message: 'define failed' });
    const out = io(true, true);
    expect(await cmdApply(engine, 'libvirt:vm/diskIo', { yes: false, io: out })).toBe(1);
    expect(out.text).toContain('FAILED, backup restored');
  });
});

const XML = `<domain type='qemu'>
  <devices>
    <disk type='file' device='cdrom'>
      <driver name='qemu' type='raw'/>
    </disk>
    <disk type='file' device='disk'>
      <driver name='qemu' type='qcow2' io='threads'/>
      <target dev='vda' bus='virtio'/>
    </disk>
    <interface type='user'>
      <mac address='52:54:00:00:00:01'/>
    </interface>
  </devices>
</domain>
`;

describe('edits re-derived from the current content', () => {
  it('libvirt: changes the driver of the first device=disk and adds a NIC model', () => {
    const io = libvirtEditFor('diskIo', 'io_uring')!;
    const out = editDomainXml(XML, io);
    expect(out).toContain("<driver name='qemu' type='qcow2' io='io_uring'/>");
    expect(out).toContain("<driver name='qemu' type='raw'/>");
    expect(readEdit(out, io)).toBe('io_uring');
    const nic = libvirtEditFor('nicModel', 'virtio')!;
    expect(readEdit(editDomainXml(XML, nic), nic)).toBe('virtio');
    expect(libvirtEditFor('diskBus', 'virtio')).toBeNull();
    expect(libvirtEditFor('diskIo', "x' evil='1")).toBeNull();
  });

  it('Colima yaml and Vagrantfile: replaces the key / synced_folder line, keeps the rest', () => {
    const rt = (kind: string): RuntimeInfo => ({
      id: `${kind}:default`,
      kind,
      name: kind,
      version: null,
      state: 'stopped',
      settings: {},
      settingsSource: {},
      targets: [],
      findings: [],
    });
    const f = (path: string, before: string[], after: string[]): Finding => ({
      id: 'x/mountType',
      setting: 'mountType',
      current: 0,
      recommended: 1,
      severity: 'low',
      evidence: 'e',
      apply: { kind: 'file', path, diff: lineDiff(path, before, after) },
    });
    const yaml = 'cpu: 2\nmountType: sshfs\nvmType: vz\n';
    expect(editText(yaml, fileEditFor(f('/c/colima.yaml', ['mountType: sshfs'], ['mountType: virtiofs']), rt('colima')))).toBe(
      'cpu: 2\nmountType: virtiofs\nvmType: vz\n',
    );
    const vf = 'Vagrant.configure("2") do |config|\n  config.vm.box = "x"\n  config.vm.synced_folder ".", "/vagrant", type: "virtualbox"\nend\n';
    const line = '  config.vm.synced_folder ".", "/vagrant", type: "nfs"';
    expect(editText(vf, fileEditFor(f('/p/Vagrantfile', [], [line]), rt('vagrant')))).toBe(vf.replace('type: "virtualbox"', 'type: "nfs"'));
  });

  it('unifiedDiff gives real line numbers with context', () => {
    const a = Array.from({ length: 20 }, (_, i) => `l${i + 1}`).join('\n');
    const d = unifiedDiff('f', a, a.replace('l10', 'L10'));
    expect(d).toBe('--- f\n+++ f\n@@ -7,7 +7,7 @@\n l7\n l8\n l9\n-l10\n+L10\n l11\n l12\n l13\n');
    expect(unifiedDiff('f', a, a)).toBe('');
  });
});
