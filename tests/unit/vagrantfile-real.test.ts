/**
 * Vagrantfiles from public repositories (tests/fixtures/vagrantfiles/SOURCES.txt), read without
 * executing them, against what Vagrant 2.3.4's own loader makes of them (the same files go through
 * it in tests/integration/vagrantfile-oracle.test.ts): cpus/memory per provider, the mount type of
 * each synced folder per provider, and "not evaluable" instead of a wrong number.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { collectBindings, evalInteger, evalSizeMiB } from '../../electron/engine/runtimes/vagrant/ruby-eval.js';
import { parseVagrantfile, primaryFolder, type SyncedFolder } from '../../electron/engine/runtimes/vagrant/vagrantfile.js';

const FIXTURES = join(__dirname, '..', 'fixtures', 'vagrantfiles');
const read = (name: string, provider: string, machine = 'default') =>
  parseVagrantfile(readFileSync(join(FIXTURES, `${name}.Vagrantfile`), 'utf8'), provider, machine);
const folders = (list: SyncedFolder[]): Record<string, string> =>
  Object.fromEntries(list.map((f) => [f.guestPath, `${f.type}${f.typeDeclared ? '' : ' (default)'}${f.disabled ? ' disabled' : ''}`]));

describe('real Vagrantfiles: arithmetic, constants and locals', () => {
  it('faucet: `v.memory = 4 * 1024` is 4096 MiB on both providers that set it; hyperv sets nothing', () => {
    expect(read('faucet', 'libvirt', 'dev')).toMatchObject({ cpus: 2, memoryMiB: 4096, unevaluated: {} });
    expect(read('faucet', 'virtualbox', 'dev')).toMatchObject({ cpus: 2, memoryMiB: 4096 });
    const hv = read('faucet', 'hyperv', 'dev');
    expect([hv.cpus, hv.memoryMiB]).toEqual([undefined, undefined]);
  });

  it('rgl/mediamtx: VM_MEMORY_MB = 4*1024 and VM_CPUS = 4 reach the libvirt block; VirtualBox gets neither', () => {
    expect(read('rgl-mediamtx-rtsp-server', 'libvirt')).toMatchObject({ cpus: 4, memoryMiB: 4096 });
    const vb = read('rgl-mediamtx-rtsp-server', 'virtualbox');
    expect([vb.cpus, vb.memoryMiB]).toEqual([undefined, undefined]);
  });

  it('oldDriver/vagrant: locals (memory = "1024", cpu = "2") through vb.customize ["modifyvm", :id, "--memory", memory]', () => {
    expect(read('olddriver-vagrant', 'virtualbox')).toMatchObject({ cpus: 2, memoryMiB: 1024 });
    expect(read('olddriver-vagrant', 'libvirt').memoryMiB).toBeUndefined();
  });

  it('gobelins-sf: one customize call over five lines with both --memory and --cpus', () => {
    expect(read('jujuonelove-gobelins-sf', 'virtualbox')).toMatchObject({ cpus: 4, memoryMiB: 2048 });
  });

  it('VVV: memory and cpus from a YAML-loaded hash are unknown, with the expression, never a number', () => {
    for (const provider of ['virtualbox', 'parallels', 'hyperv', 'vmware_desktop']) {
      const f = read('vvv', provider);
      expect(f.memoryMiB).toBeUndefined();
      expect(f.unevaluated).toEqual({ memoryMiB: "vvv_config['vm_config']['memory']", cpus: "vvv_config['vm_config']['cores']" });
    }
    expect(read('vvv', 'libvirt').unevaluated).toEqual({});
  });

  it("coreos-vagrant: `vb.memory = vm_memory`, a method `$vb_memory.nil? ? $vm_memory : $vb_memory` over $globals the file sets (config.rb may set them again): the Vagrantfile's 1024 MiB and 1 CPU", () => {
    const vb = read('coreos-vagrant', 'virtualbox', 'core-01');
    expect(vb).toMatchObject({ memoryMiB: 1024, cpus: 1, unevaluated: {} });
  });

  it('kubespray: `$vm_memory ||= 2048` / `$vm_cpus ||= 2` after `require CONFIG` reach the libvirt and virtualbox blocks of every node (the vmware blocks are named by a loop variable: not read)', () => {
    for (const provider of ['libvirt', 'virtualbox']) {
      for (const machine of ['k8s-1', 'k8s-3']) expect(read('kubespray', provider, machine)).toMatchObject({ memoryMiB: 2048, cpus: 2, unevaluated: {} });
    }
  });

  it('$globals set at the top after `require` lines and before `def` helpers (`$vm_memory = 4*1024 # MB`) are numbers in a provider block', () => {
    const vf = (...top: string[]): string =>
      [
        ...top,
        '$vm_cpus = 4',
        '$vm_memory = 4*1024 # MB',
        'def helper(x)',
        '  x * 2',
        'end',
        'Vagrant.configure("2") do |config|',
        '  config.vm.provider :libvirt do |lv|',
        '    lv.cpus = $vm_cpus',
        '    lv.memory = $vm_memory',
        '  end',
        'end',
      ].join('\n');
    for (const load of [
      "require 'net/http'",
      "require 'yaml'",
      'Vagrant.require_version ">= 1.6.0"',
      'if File.exist?(CONFIG)\n  require CONFIG\nend',
      "require_relative 'settings'",
      'load "local.rb"',
    ]) {
      expect(parseVagrantfile(vf("require 'fileutils'", load), 'libvirt')).toMatchObject({ cpus: 4, memoryMiB: 4096, unevaluated: {} });
    }
  });

  it('a $global that control flow gives different values stays unknown, with the expression', () => {
    const vf = (assigns: string[]): string =>
      [...assigns, 'Vagrant.configure("2") do |config|', '  config.vm.provider :virtualbox do |vb|', '    vb.memory = $vm_memory', '  end', 'end'].join('\n');
    for (const assigns of [
      ['$vm_memory = 1024', 'if ENV["BIG"]', '  $vm_memory = 8192', 'end'],
      ['if File.exist?("big")', '  $vm_memory = 8192', 'else', '  $vm_memory = 2048', 'end'],
      ['$vm_memory ||= 2048', '[1, 2].each do |i|', '  $vm_memory = i * 1024', 'end'],
      ['$vm_memory = 2048 if ENV["SMALL"]'],
    ]) {
      const f = parseVagrantfile(vf(assigns), 'virtualbox');
      expect([f.memoryMiB, f.unevaluated]).toEqual([undefined, { memoryMiB: '$vm_memory' }]);
    }
  });
});

describe('real Vagrantfiles: provider scoping of synced folders', () => {
  it('rgl/mediamtx: the smb folder of the libvirt override (variable named `config`) stays out of VirtualBox and Hyper-V', () => {
    expect(folders(read('rgl-mediamtx-rtsp-server', 'libvirt').syncedFolders)).toEqual({ '/vagrant': 'smb' });
    expect(folders(read('rgl-mediamtx-rtsp-server', 'virtualbox').syncedFolders)).toEqual({ '/vagrant': 'vboxsf (default)' });
    expect(folders(read('rgl-mediamtx-rtsp-server', 'hyperv').syncedFolders)).toEqual({ '/vagrant': 'smb (default)' });
  });

  it('faucet: `config.vm.synced_folder` inside the libvirt block applies to VirtualBox too (Vagrant runs every provider block at finalize)', () => {
    for (const p of ['libvirt', 'virtualbox', 'hyperv']) expect(folders(read('faucet', p, 'dev').syncedFolders)).toEqual({ '/vagrant': 'nfs' });
  });

  it('VVV: /var/lib/mysql is re-declared by the parallels and hyperv overrides only; /vagrant is disabled', () => {
    const vb = read('vvv', 'virtualbox');
    const hv = read('vvv', 'hyperv');
    const mysql = (list: SyncedFolder[]) => list.find((f) => f.guestPath === '/var/lib/mysql')?.options.mount_options;
    expect(mysql(vb.syncedFolders)).toEqual(['dmode=775', 'fmode=664']);
    expect(mysql(hv.syncedFolders)).toEqual(['dir_mode=0775', 'file_mode=0664']);
    expect(mysql(read('vvv', 'parallels').syncedFolders)).toEqual(['share']);
    expect(vb.syncedFolders.find((f) => f.guestPath === '/vagrant')?.disabled).toBe(true);
    expect(primaryFolder(vb.syncedFolders)).toMatchObject({ guestPath: '/srv/database', type: 'vboxsf' });
    expect(primaryFolder(hv.syncedFolders)).toMatchObject({ guestPath: '/srv/database', type: 'smb' });
  });

  it('gobelins-sf and oldDriver: declared nfs / rsync hold on every provider', () => {
    expect(folders(read('jujuonelove-gobelins-sf', 'virtualbox').syncedFolders)).toEqual({ '/vagrant': 'nfs' });
    expect(folders(read('olddriver-vagrant', 'libvirt').syncedFolders)).toEqual({ '/vagrant': 'rsync' });
  });
});

describe('real Vagrantfiles: vagrant-lxc', () => {
  it('pencilcase: folders without a type are bind mounts; cgroup.memory.limit_in_bytes 1024M is 1024 MiB', () => {
    const f = read('gusabi-pencilcase', 'lxc');
    expect(folders(f.syncedFolders)).toEqual({ '/home/vagrant/quantlab': 'bind (default)', '/vagrant': 'bind (default)' });
    expect(f.memoryMiB).toBe(1024);
    expect(read('gusabi-pencilcase', 'virtualbox').memoryMiB).toBeUndefined();
  });

  it('audiobook: lxc and virtualbox blocks each give 1024 MiB; "." shared elsewhere means no implicit /vagrant', () => {
    const lxc = read('mav96-audiobook', 'lxc');
    expect(lxc.memoryMiB).toBe(1024);
    expect(read('mav96-audiobook', 'virtualbox').memoryMiB).toBe(1024);
    expect(folders(lxc.syncedFolders)).toEqual({ '/home/vagrant/audiobook': 'nfs' });
  });
});

describe('evaluating Ruby sizes', () => {
  const b = collectBindings(['VM_RAM = 8', 'BASE = "1024"', '$vm_memory = 4096', 'memory = BASE.to_i * 2', 'TWICE = 1', 'TWICE = 2', 'LOOP = LOOP + 1']);
  it('evaluates literals, precedence, parentheses, quoted numbers and names with one value', () => {
    expect(evalInteger('4 * 1024', b)).toEqual({ ok: true, value: 4096 });
    expect(evalInteger('1024 * VM_RAM', b)).toEqual({ ok: true, value: 8192 });
    expect(evalInteger('(1 + 1) * 512 + 0', b)).toEqual({ ok: true, value: 1024 });
    expect(evalInteger('$vm_memory', b)).toEqual({ ok: true, value: 4096 });
    expect(evalInteger('memory', b)).toEqual({ ok: true, value: 2048 });
    expect(evalInteger('"2048"', b)).toEqual({ ok: true, value: 2048 });
    expect(evalInteger('7 / 2', b)).toEqual({ ok: true, value: 3 });
  });

  it('evaluates `||=` defaults, methods with a one-expression body and `$a.nil? ? x : y`', () => {
    const d = collectBindings([
      '$vm_cpus ||= 2',
      'def vm_cpus',
      '  $vb_cpus.nil? ? $vm_cpus : $vb_cpus',
      'end',
      '$set = 8',
      'def set_or',
      '  $set.nil? ? 1 : $set',
      'end',
      'def with_args(x)',
      '  x',
      'end',
    ]);
    expect(evalInteger('$vm_cpus', d)).toEqual({ ok: true, value: 2 });
    expect(evalInteger('vm_cpus', d)).toEqual({ ok: true, value: 2 });
    expect(evalInteger('set_or', d)).toEqual({ ok: true, value: 8 });
    expect(evalInteger('with_args', d)).toEqual({ ok: false, expr: 'with_args' });
  });

  it('leaves ENV without a default, hashes, method calls, names with two values and self-reference unevaluated, with the expression', () => {
    // `ENV[…] || default` is the default, applying unless the variable is set (tests/unit/vagrantfile-machines.test.ts).
    expect(evalInteger('ENV["VM_MEMORY"] || 2048', b)).toEqual({ ok: true, value: 2048, unlessEnv: ['VM_MEMORY'] });
    for (const expr of [
      'ENV["VM_MEMORY"]',
      'ENV["VM_MEMORY"].to_i',
      "vvv_config['vm_config']['memory']",
      'TWICE',
      'LOOP',
      'UNDEFINED * 2',
      '4096 / 0',
      'memory_for(host)',
      '2.5 * 1024',
    ]) {
      expect(evalInteger(expr, b)).toEqual({ ok: false, expr });
    }
  });

  it('reads lxc cgroup sizes in MiB', () => {
    expect(evalSizeMiB("'1024M'", b)).toEqual({ ok: true, value: 1024 });
    expect(evalSizeMiB('"2G"', b)).toEqual({ ok: true, value: 2048 });
    expect(evalSizeMiB('"#{VM_RAM}G"', b)).toEqual({ ok: true, value: 8192 });
    expect(evalSizeMiB('get_env_var_rb("RAMSIZE") + \'M\'', b).ok).toBe(false);
  });
});

describe('order of synced folder declarations', () => {
  it('an override (even one named `config`) wins over a top-level declaration written after it', () => {
    const vf = [
      'Vagrant.configure("2") do |config|',
      '  config.vm.provider :libvirt do |lv, config|',
      '    config.vm.synced_folder ".", "/vagrant", type: "virtiofs"',
      '  end',
      '  config.vm.synced_folder ".", "/vagrant", type: "rsync"',
      'end',
    ].join('\n');
    expect(folders(parseVagrantfile(vf, 'libvirt').syncedFolders)).toEqual({ '/vagrant': 'virtiofs' });
    expect(folders(parseVagrantfile(vf, 'virtualbox').syncedFolders)).toEqual({ '/vagrant': 'rsync' });
    // Without a provider (the apply code verifying its edit) every statement counts, the last one written wins.
    expect(folders(parseVagrantfile(vf).syncedFolders)).toEqual({ '/vagrant': 'rsync' });
    expect(folders(parseVagrantfile(readFileSync(join(FIXTURES, 'rgl-mediamtx-rtsp-server.Vagrantfile'), 'utf8')).syncedFolders)).toEqual({
      '/vagrant': 'smb',
    });
  });
});

describe('scoping by machine (define blocks)', () => {
  const vf = [
    'Vagrant.configure("2") do |config|',
    '  config.vm.provider :virtualbox do |vb|',
    '    vb.memory = 1024',
    '  end',
    '  config.vm.define "web" do |web|',
    '    web.vm.provider :virtualbox do |vb|',
    '      vb.memory = 2048',
    '    end',
    '    web.vm.synced_folder ".", "/srv", type: "nfs"',
    '  end',
    '  config.vm.define "db" do |db|',
    '    db.vm.provider :virtualbox do |vb|',
    "      vb.customize ['modifyvm', :id, '--cpus', 3]",
    '    end',
    '  end',
    'end',
  ].join('\n');
  it('applies a define block only to its own machine, after the global settings', () => {
    expect(parseVagrantfile(vf, 'virtualbox', 'web')).toMatchObject({ memoryMiB: 2048 });
    expect(parseVagrantfile(vf, 'virtualbox', 'web').cpus).toBeUndefined();
    expect(parseVagrantfile(vf, 'virtualbox', 'db')).toMatchObject({ memoryMiB: 1024, cpus: 3 });
    expect(folders(parseVagrantfile(vf, 'virtualbox', 'db').syncedFolders)).toEqual({ '/vagrant': 'vboxsf (default)' });
    expect(folders(parseVagrantfile(vf, 'virtualbox', 'web').syncedFolders)).toEqual({ '/srv': 'nfs' });
  });
});
