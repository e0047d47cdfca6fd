import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createDetectContext, detectAll } from '../../electron/engine/runtimes/detect.js';
import { vagrantKind } from '../../electron/engine/runtimes/vagrant/index.js';
import {
  parseGlobalStatus,
  parseMachineReadable,
  parseSshConfig,
  parseVagrantStatus,
  parseVagrantVersion,
  vagrantState,
} from '../../electron/engine/runtimes/vagrant/machine-readable.js';
import { parseVagrantfile, primaryFolder } from '../../electron/engine/runtimes/vagrant/vagrantfile.js';
import { local, makeStubEnv, captured, text, type StubEnv } from '../helpers/runtimes-stubs.js';

const TWO = captured('vagrant/global-status-machine-readable.virtualbox-2machines.txt');
const EMPTY = local('vagrant/global-status-machine-readable.empty-debian-2.3.4.txt');
const STATUS = captured('vagrant/status-machine-readable.libvirt-running.txt');
const SSH = captured('vagrant/ssh-config.virtualbox-single.txt');
const VERSIONS = captured('vagrant/version.samples.txt');

describe('Vagrant machine-readable captures (replay)', () => {
  it('reads global-status: per-machine records merged with the names of the ui table', () => {
    expect(parseGlobalStatus(text(TWO))).toEqual({
      ok: true,
      value: [
        { id: 'e8ad859', name: 'default', provider: 'virtualbox', state: 'saved', directory: '/path/to/orbital-transfer-example/perl-gtk3-starter-basic' },
        { id: '4ef0194', name: 'i386', provider: 'virtualbox', state: 'running', directory: '/path/to/sw_projects/PDLPorters/pdl/i386-box' },
      ],
    });
  });

  it("reads an empty global-status of Debian's vagrant 2.3.4 (padded header cells)", () => {
    expect(parseGlobalStatus(text(EMPTY))).toEqual({ ok: true, value: [] });
  });

  it('undoes %!(VAGRANT_COMMA) and literal \\n escapes', () => {
    const p = parseMachineReadable(text(TWO));
    const last = p.ok ? p.value[p.value.length - 1].data[1] : '';
    expect(last).toContain('To interact with any of the machines, you can go to that\ndirectory');
    expect(last).toContain('"vagrant global-status --prune"');
  });

  it('reads vagrant status of a libvirt machine', () => {
    const p = parseVagrantStatus(text(STATUS));
    expect(p.ok && p.value).toEqual([expect.objectContaining({ name: 'default', provider: 'libvirt', state: 'running' })]);
    expect(p.ok && p.value[0].stateLong).toContain('To stop this machine, you can run\n`vagrant halt`.');
  });

  it('reads every real `vagrant --version` sample', () => {
    const lines = text(VERSIONS).trim().split('\n');
    expect(
      lines.map((l) => {
        const v = parseVagrantVersion(l);
        return v.ok ? v.value : v.error;
      }),
    ).toEqual(['2.2.14', '2.2.19', '2.3.4', '2.4.1', '2.4.9']);
  });

  it('reads vagrant ssh-config (for the Vagrant transport)', () => {
    const p = parseSshConfig(text(SSH));
    expect(p.ok && p.value).toEqual([
      expect.objectContaining({ host: 'default', hostName: '127.0.0.1', user: 'vagrant', port: 2222, identityFile: '/home/mvp/.pytest_vagrant/private_key' }),
    ]);
  });

  it('normalizes Vagrant state ids', () => {
    expect(['running', 'poweroff', 'shutoff', 'saved', 'aborted', 'not_created', 'gurumeditation'].map(vagrantState)).toEqual([
      'running',
      'stopped',
      'stopped',
      'stopped',
      'stopped',
      'not-created',
      'unknown',
    ]);
  });
});

describe('Vagrantfile synced folders (read, never executed)', () => {
  it('adds the implicit "." -> /vagrant with the provider default type', () => {
    const f = parseVagrantfile('Vagrant.configure("2") do |config|\n  config.vm.box = "debian/bookworm64"\nend\n', 'virtualbox');
    expect(f.box).toBe('debian/bookworm64');
    expect(f.syncedFolders).toEqual([
      { hostPath: '.', guestPath: '/vagrant', type: 'vboxsf', typeDeclared: false, disabled: false, implicit: true, options: {} },
    ]);
  });

  it('reads types, options over several lines, hash-rocket syntax, comments and disabled defaults', () => {
    const vf = [
      'Vagrant.configure("2") do |config|',
      '  # config.vm.synced_folder "commented", "/out", type: "smb"',
      '  config.vm.synced_folder ".", "/vagrant", disabled: true',
      "  config.vm.synced_folder 'src/', '/srv/app', type: :nfs,",
      "      mount_options: ['actimeo=2', 'noatime'], nfs_udp: false",
      '  config.vm.synced_folder("data", "/data", :type => "rsync", :rsync__exclude => [".git/"])',
      '  config.vm.provider :libvirt do |lv|',
      '    lv.cpus = 4',
      '    lv.memory = 4096',
      '  end',
      'end',
    ].join('\n');
    const f = parseVagrantfile(vf, 'libvirt');
    expect(f.syncedFolders).toEqual([
      { hostPath: '.', guestPath: '/vagrant', type: 'nfs', typeDeclared: false, disabled: true, implicit: false, options: { disabled: true } },
      {
        hostPath: 'src/',
        guestPath: '/srv/app',
        type: 'nfs',
        typeDeclared: true,
        disabled: false,
        implicit: false,
        options: { type: 'nfs', mount_options: ['actimeo=2', 'noatime'], nfs_udp: false },
      },
      {
        hostPath: 'data',
        guestPath: '/data',
        type: 'rsync',
        typeDeclared: true,
        disabled: false,
        implicit: false,
        options: { type: 'rsync', rsync__exclude: ['.git/'] },
      },
    ]);
    expect(primaryFolder(f.syncedFolders)?.guestPath).toBe('/srv/app');
    expect(f).toMatchObject({ cpus: 4, memoryMiB: 4096 });
  });

  it('keeps expressions it cannot evaluate as text', () => {
    const f = parseVagrantfile('config.vm.synced_folder File.expand_path("~/code"), "/code", type: "virtualbox"', 'virtualbox');
    expect(f.syncedFolders[0]).toMatchObject({ hostPath: 'File.expand_path("~/code")', guestPath: '/code', type: 'vboxsf', typeDeclared: true });
  });
});

describe('Vagrant detection with replayed vagrant', () => {
  let stub: StubEnv | undefined;
  afterEach(() => stub?.cleanup());
  const detect = (s: StubEnv, timeoutMs = 3000) => detectAll(createDetectContext({ env: s.env, dataDir: s.root, timeoutMs }), { kinds: [vagrantKind] });

  it('lists machines, reads the Vagrantfile of one and offers prune (as text) for the stale one', async () => {
    stub = makeStubEnv({
      vagrant: [
        { args: '--version', stdout: VERSIONS, line: 3 },
        { args: '"global-status --machine-readable"', stdout: TWO },
      ],
    });
    const list = await detect(stub);
    expect(list.map((r) => [r.id, r.state, r.version])).toEqual([
      ['vagrant:e8ad859', 'stopped', '2.3.4'],
      ['vagrant:4ef0194', 'running', '2.3.4'],
    ]);
    expect(list[0].reason).toMatch(/vagrant global-status --prune/);
    expect(list[0].settings).toMatchObject({ provider: 'virtualbox' });
    expect(list[1].name).toBe('Vagrant i386 (virtualbox)');
  });

  it('reads synced folders of a machine whose folder exists', async () => {
    stub = makeStubEnv({ vagrant: [{ args: '"global-status --machine-readable"', stdout: TWO }] });
    const dir = '/path/to/orbital-transfer-example/perl-gtk3-starter-basic';
    const ctx = createDetectContext({ env: stub.env, dataDir: stub.root, timeoutMs: 3000 });
    const vf = join(stub.root, 'Vagrantfile');
    mkdirSync(stub.root, { recursive: true });
    writeFileSync(vf, 'Vagrant.configure("2") do |config|\n  config.vm.synced_folder ".", "/vagrant", type: "nfs"\nend\n');
    const real = ctx.readFile;
    ctx.readFile = (p) => (p === join(dir, 'Vagrantfile') ? real(vf) : real(p));
    const [first] = await detectAll(ctx, { kinds: [vagrantKind] });
    expect(first.settings).toMatchObject({
      mountType: 'nfs',
      syncedFolders: [{ hostPath: '.', guestPath: '/vagrant', type: 'nfs', disabled: false, options: { type: 'nfs' } }],
    });
    expect(first.settingsSource.mountType).toBe('vagrantfile');
    expect(first.reason).toBeUndefined();
  });

  it('shows a hung vagrant as unknown', async () => {
    stub = makeStubEnv({ vagrant: [{ args: '*', hang: true }] });
    const [v] = await detect(stub, 600);
    expect(v).toMatchObject({ id: 'vagrant', state: 'unknown' });
    // Vagrant starts slowly: its calls get 1.5× the timeout.
    expect(v.reason).toMatch(/vagrant global-status did not answer within 0\.9 s/);
  });
});
