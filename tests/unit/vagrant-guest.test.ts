// Vagrant inside the guest: targets per synced folder, the `vagrant ssh` command line and the
// virtiofs advice as a Vagrantfile edit (what is really mounted: tests/unit/guest-mounts.test.ts).
// The real thing runs in tests/live/vagrant-live.test.ts.
import { homedir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { RuntimeInfo } from '../../electron/contract/contract.js';
import { editText, fileEditFor, hasEdit } from '../../electron/engine/advisor/apply/file-edit.js';
import { vagrantSyncedFolder } from '../../electron/engine/advisor/rules/vagrant-synced-folder.js';
import { benchFolders, folderOfTarget, hostAddressFor, hostSideOf, vagrantTargets, vagrantTransport } from '../../electron/engine/runtimes/vagrant/guest.js';
import { parseVagrantfile } from '../../electron/engine/runtimes/vagrant/vagrantfile.js';
import { cliArgs } from '../../electron/engine/transports/shell-in-vm/argv.js';
import { cliFor } from '../helpers/shells.js';
import { needsSharedMemory, vagrantRestartArgv, withSharedMemory } from '../../electron/engine/runtimes/vagrant/restart.js';

/** The Vagrantfile of the live test (tests/helpers/vagrant-env.ts), kernel paths shortened. */
const VAGRANTFILE = `Vagrant.configure("2") do |config|
  config.vm.box = "vmbench-test"
  config.vm.synced_folder "./code", "/vagrant", type: "9p", accessmode: "passthrough"
  config.vm.synced_folder "./data", "/srv/data", type: "9p", accessmode: "passthrough"
  config.vm.provider :libvirt do |lv|
    lv.driver = "qemu"
    lv.memory = 1024
  end
end
`;

function machine(vagrantfile = VAGRANTFILE, provider = 'libvirt'): RuntimeInfo {
  const facts = parseVagrantfile(vagrantfile, provider);
  const folders = facts.syncedFolders.map(({ hostPath, guestPath, type, disabled, options }) => ({ hostPath, guestPath, type, disabled, options }));
  const id = 'vagrant:7296dfd';
  return {
    id,
    kind: 'vagrant',
    name: 'Vagrant default (libvirt)',
    version: '2.3.4',
    state: 'running',
    settings: { provider, machineHome: '/home/dev/app', mountType: '9p', syncedFolders: folders },
    settingsSource: { provider: 'cli', machineHome: 'cli', mountType: 'file', syncedFolders: 'file' },
    targets: vagrantTargets(id, 'Vagrant default (libvirt)', folders),
    findings: [],
  } as RuntimeInfo;
}

describe('Vagrant targets: one per enabled synced folder', () => {
  it('makes /vagrant + the guest disk the main target and every other folder a shared-only target', () => {
    const rt = machine();
    expect(rt.targets).toEqual([
      { id: 'vagrant:7296dfd', label: 'Vagrant default (libvirt)', places: ['shared', 'guest'] },
      { id: 'vagrant:7296dfd:2', label: 'Vagrant default (libvirt) /srv/data (9p)', places: ['shared'] },
    ]);
    expect(folderOfTarget(rt, 'vagrant:7296dfd')?.guestPath).toBe('/vagrant');
    expect(folderOfTarget(rt, 'vagrant:7296dfd:2')?.guestPath).toBe('/srv/data');
    expect(folderOfTarget(rt, 'vagrant:7296dfd:3')).toBeUndefined();
  });

  it('skips disabled folders and relative guest paths; without folders only the guest disk', () => {
    const list = [
      { guestPath: '/vagrant', type: 'vboxsf', disabled: true },
      { guestPath: '~/code', type: 'rsync' },
      { guestPath: '/srv/app/', type: 'nfs' },
    ];
    expect(benchFolders(list).map((f) => f.guestPath)).toEqual(['/srv/app/']);
    expect(vagrantTargets('vagrant:a', 'A', list).map((t) => [t.id, t.places])).toEqual([['vagrant:a', ['shared', 'guest']]]);
    expect(vagrantTargets('vagrant:a', 'A', [{ guestPath: '/vagrant', disabled: true }])).toEqual([{ id: 'vagrant:a', label: 'A', places: ['guest'] }]);
  });

  it('opens a vagrant ssh transport with the right places for each target', () => {
    const rt = machine();
    const ctx = {
      env: {},
      home: '/home/dev',
      timeoutMs: 1000,
      dataDir: '/tmp',
      exec: async () => ({ stdout: '', stderr: '', exitCode: 0 }),
      readFile: async () => '',
    };
    const main = vagrantTransport(rt, 'vagrant:7296dfd', ctx as never)!;
    expect(main.places()).toEqual(['shared', 'guest']);
    expect([main.placeDir('shared'), main.placeDir('guest')]).toEqual(['/vagrant', '/var/tmp/vmbench']);
    const extra = vagrantTransport(rt, 'vagrant:7296dfd:2', ctx as never)!;
    expect(extra.places()).toEqual(['shared']);
    expect(extra.placeDir('shared')).toBe('/srv/data');
    expect(vagrantTransport(rt, 'vagrant:other', ctx as never)).toBeUndefined();
    // vagrant-libvirt's NAT ends at a bridge on the host: no path to its loopback for the net test.
    expect(main.hostAddress?.()).toBeUndefined();
    // The watch test writes on the synced folder's host side: relative to the Vagrantfile's folder.
    expect(main.hostPath?.('shared')).toBe('/home/dev/app/code');
    expect(extra.hostPath?.('shared')).toBe('/home/dev/app/data');
    expect(main.hostPath?.('guest')).toBeUndefined();
  });

  it('finds a synced folder on this machine: relative to the Vagrantfile, ~, absolute; never for rsync or an expression', () => {
    expect(hostSideOf({ hostPath: './code', type: '9p' }, '/srv/m')).toBe('/srv/m/code');
    expect(hostSideOf({ hostPath: '.', type: 'virtiofs' }, '/srv/m')).toBe('/srv/m');
    expect(hostSideOf({ hostPath: '/data/shared' }, '/srv/m')).toBe('/data/shared');
    expect(hostSideOf({ hostPath: '~/proj' }, '/srv/m')).toBe(join(homedir(), 'proj'));
    expect(hostSideOf({ hostPath: '.', type: 'rsync' }, '/srv/m')).toBeUndefined();
    expect(hostSideOf({ hostPath: 'unknown: File.expand_path(ENV["SRC"])' }, '/srv/m')).toBeUndefined();
    expect(hostSideOf({}, '/srv/m')).toBeUndefined();
  });

  it('reaches the host loopback through VirtualBox NAT only', () => {
    expect(hostAddressFor('virtualbox')).toEqual({ address: '10.0.2.2', path: expect.stringContaining('VirtualBox') });
    for (const p of ['libvirt', 'vmware_desktop', 'parallels', undefined]) expect(hostAddressFor(p)).toBeUndefined();
  });
});

describe('vagrant ssh command line', () => {
  it('passes the whole guest command as the one argument of -c, quoted for the guest shell, without a tty', () => {
    const cli = cliFor('vagrant', { instance: '7296dfd' });
    expect(cli).toEqual({ file: 'vagrant', prefix: ['ssh', '7296dfd', '--no-tty', '-c'], passing: 'command' });
    expect(cliArgs(cli, ['sh', '-s', '--', '/var/tmp/vmbench/.vmbench-ctl-1', '--dir', "/srv/it's here"])).toEqual([
      'ssh',
      '7296dfd',
      '--no-tty',
      '-c',
      "sh -s -- /var/tmp/vmbench/.vmbench-ctl-1 --dir '/srv/it'\\''s here'",
    ]);
  });

  it('refuses a machine id that could be read as an option', () => {
    expect(() => cliFor('vagrant', { instance: '--help' })).toThrow(/not a Vagrant machine id/);
    expect(() => cliFor('vagrant', {})).toThrow(/not a Vagrant machine id/);
  });
});

describe('advice: virtiofs for a vagrant-libvirt 9p synced folder, as a Vagrantfile edit', () => {
  it('applies to a libvirt machine on 9p (and not to one on NFS)', () => {
    expect(vagrantSyncedFolder.applies(machine(), {} as never, {} as never)).toBe(true);
    const nfs = machine();
    nfs.settings.mountType = 'nfs';
    expect(vagrantSyncedFolder.applies(nfs, {} as never, {} as never)).toBe(false);
  });

  it('replaces the folder line and adds shared memory to the provider block under its own variable', () => {
    const rt = machine();
    const draft = vagrantSyncedFolder.draft(rt);
    expect(draft).toMatchObject({ current: '9p', recommended: 'virtiofs' });
    const finding = { id: `${rt.id}/mountType`, setting: 'mountType', ...draft } as never;
    const edit = fileEditFor(finding, rt);
    const edited = editText(VAGRANTFILE, edit);
    // Only the type value changes; the statement's other options stay (vagrant-libvirt's virtiofs ignores accessmode).
    expect(edited).toContain('  config.vm.synced_folder "./code", "/vagrant", type: "virtiofs", accessmode: "passthrough"\n');
    expect(edited).toContain('  config.vm.synced_folder "./data", "/srv/data", type: "9p", accessmode: "passthrough"\n');
    expect(edited).toContain(
      '  config.vm.provider :libvirt do |lv|\n    lv.memorybacking :access, :mode => "shared"\n    lv.memorybacking :source, :type => "memfd"\n    lv.driver = "qemu"',
    );
    expect(hasEdit(edited, edit)).toBe(true);
    expect(hasEdit(VAGRANTFILE, edit)).toBe(false);
    // An existing memorybacking :source is replaced, not duplicated; applying twice changes nothing more.
    const withSource = VAGRANTFILE.replace('    lv.driver = "qemu"\n', '    lv.driver = "qemu"\n    lv.memorybacking :source, :type => "file"\n');
    expect(editText(withSource, edit).match(/memorybacking :source/g)).toHaveLength(1);
    expect(editText(withSource, edit)).toContain('    lv.memorybacking :source, :type => "memfd"\n');
    expect(editText(edited, edit)).toBe(edited);
  });

  it('adds a libvirt provider block when the Vagrantfile has none', () => {
    const text = 'Vagrant.configure("2") do |config|\n  config.vm.synced_folder ".", "/vagrant", type: "9p"\nend\n';
    const rt = machine(text);
    const edit = fileEditFor({ id: `${rt.id}/mountType`, setting: 'mountType', ...vagrantSyncedFolder.draft(rt) } as never, rt);
    const edited = editText(text, edit);
    expect(edited).toBe(
      'Vagrant.configure("2") do |config|\n  config.vm.provider :libvirt do |libvirt|\n    libvirt.memorybacking :access, :mode => "shared"\n    libvirt.memorybacking :source, :type => "memfd"\n  end\n  config.vm.synced_folder ".", "/vagrant", type: "virtiofs"\nend\n',
    );
    expect(hasEdit(edited, edit)).toBe(true);
  });
});

describe('restarting a Vagrant machine after a synced folder change', () => {
  const DOMAIN =
    "<domain type='qemu'>\n  <name>machine_default</name>\n  <memory unit='KiB'>1048576</memory>\n  <currentMemory unit='KiB'>1048576</currentMemory>\n  <vcpu placement='static'>2</vcpu>\n</domain>\n";

  it('is vagrant reload, or halt + up on vagrant-libvirt (which never adds shared memory to an existing domain)', () => {
    const rt = machine();
    expect(vagrantRestartArgv(rt)).toEqual([
      ['vagrant', 'halt', '7296dfd'],
      ['vagrant', 'up', '7296dfd'],
    ]);
    expect(vagrantRestartArgv(machine(VAGRANTFILE, 'virtualbox'))).toEqual([['vagrant', 'reload', '7296dfd']]);
    expect(needsSharedMemory(rt)).toBe(false);
    expect(needsSharedMemory(machine(VAGRANTFILE.replace('type: "9p", accessmode: "passthrough"', 'type: "virtiofs"')))).toBe(true);
  });

  it('adds memfd shared memory after <currentMemory>, replaces other backing sources, and leaves a shared domain alone', () => {
    const shared = withSharedMemory(DOMAIN);
    expect(shared).toContain("</currentMemory>\n  <memoryBacking>\n    <source type='memfd'/>\n    <access mode='shared'/>\n  </memoryBacking>\n  <vcpu");
    expect(withSharedMemory(shared)).toBe(shared);
    const file = DOMAIN.replace('<vcpu', "<memoryBacking>\n    <hugepages/>\n    <source type='file'/>\n  </memoryBacking>\n  <vcpu");
    const fixed = withSharedMemory(file);
    expect(fixed).toContain('<hugepages/>');
    expect(fixed).not.toContain("type='file'");
    expect(fixed).toContain("<source type='memfd'/>\n    <access mode='shared'/>");
  });
});
