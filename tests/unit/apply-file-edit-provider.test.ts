// The libvirt provider settings a Vagrantfile edit adds (electron/engine/advisor/apply/file-edit.ts: editText's provider
// lines, hasEdit's check): a setting goes into the first libvirt block and replaces only the same setting there (never one
// in another libvirt block further down), is keyed by its
// first symbol argument also when written in parentheses, keeps the double quotes where the old line had no quotes at all;
// and the check after the write reads a value with arithmetic literally (faucet's `v.memory = 4 * 1024`) and wants every
// setting, not one of them. Real files: tests/fixtures/vagrantfiles/SOURCES.txt.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { editText, hasEdit, type FileEdit } from '../../electron/engine/advisor/apply/file-edit.js';

const read = (name: string): string => readFileSync(join(__dirname, '..', 'fixtures', 'vagrantfiles', name), 'utf8');
const edit = (guest: string, type: string, ...providerLines: string[]): FileEdit => ({
  format: 'vagrantfile',
  line: '',
  host: '.',
  guest,
  type,
  providerLines,
});

describe('a provider setting in a file with two libvirt blocks', () => {
  it('goes into the first block, and the same setting in a later block is left alone', () => {
    // Invented, in the shape of kubespray's two libvirt blocks (its own are node.vm.provider in a define and its synced
    // folders are computed, so vmbench refuses that file: tests/fixtures/vagrantfiles).
    const blocks = [
      '  config.vm.provider :libvirt do |lv|',
      '    lv.nested = true',
      '  end',
      '  if ENV["DISKS"]',
      '    config.vm.provider :libvirt do |lv|',
      '      lv.storage :file, :device => "hdb"',
      '    end',
      '  end',
    ];
    const text = ['Vagrant.configure("2") do |config|', '  config.vm.synced_folder ".", "/vagrant", type: "rsync"', ...blocks, 'end', ''].join('\n');
    const out = editText(text, edit('/vagrant', 'rsync', 'libvirt.storage :file, :size => "20G"'));
    expect(out).toBe(text.replace(`${blocks[0]}\n`, `${blocks[0]}\n    lv.storage :file, :size => "20G"\n`));
  });
});

describe('which line a provider setting replaces', () => {
  const withBlock = (...inside: string[]): string =>
    [
      'Vagrant.configure("2") do |config|',
      '  config.vm.synced_folder ".", "/vagrant", type: "virtiofs"',
      '  config.vm.provider :libvirt do |lv|',
      ...inside,
      '  end',
      'end',
      '',
    ].join('\n');

  it('the one with the same first symbol, also for a setting written in parentheses', () => {
    const text = withBlock('    lv.memorybacking :source, :type => "file"', '    lv.memorybacking :access, :mode => "private"');
    expect(editText(text, edit('/vagrant', 'virtiofs', 'libvirt.memorybacking(:access, :mode => "shared")'))).toBe(
      withBlock('    lv.memorybacking :source, :type => "file"', '    lv.memorybacking(:access, :mode => "shared")'),
    );
  });

  it('an assignment by its name alone, whatever symbol its value is, with or without spaces around =', () => {
    expect(editText(withBlock('    lv.cpu_mode = "host-model"'), edit('/vagrant', 'virtiofs', 'libvirt.cpu_mode = :host_passthrough'))).toBe(
      withBlock('    lv.cpu_mode = :host_passthrough'),
    );
    expect(editText(withBlock('    lv.cpu_mode = "host-model"'), edit('/vagrant', 'virtiofs', 'libvirt.cpu_mode=:host_passthrough'))).toBe(
      withBlock('    lv.cpu_mode=:host_passthrough'),
    );
  });

  it("the block's own line: a word ending in end inside it does not end the block, a block right after another block's end is read", () => {
    const text = withBlock("    lv.description = 'weekend builds'", '    lv.memory = 2048');
    expect(editText(text, edit('/vagrant', 'virtiofs', 'libvirt.memory = 4096'))).toBe(
      withBlock("    lv.description = 'weekend builds'", '    lv.memory = 4096'),
    );
    const after = [
      'Vagrant.configure("2") do |config|',
      '  config.vm.synced_folder ".", "/vagrant", type: "virtiofs"',
      '  config.vm.provider :virtualbox do |lv|',
      '  end',
      '  config.vm.provider :libvirt do |lv|',
      '    lv.memory = 2048',
      '  end',
      'end',
      '',
    ].join('\n');
    expect(editText(after, edit('/vagrant', 'virtiofs', 'libvirt.memory = 4096'))).toBe(after.replace('lv.memory = 2048', 'lv.memory = 4096'));
  });

  it('a libvirt block cut short (no end before the file ends) gets the setting after its first line', () => {
    const cut = [
      'Vagrant.configure("2") do |config|',
      '  config.vm.synced_folder ".", "/vagrant", type: "virtiofs"',
      '  config.vm.provider :libvirt do |lv|',
      '    lv.cpus = 2',
    ].join('\n');
    expect(editText(cut, edit('/vagrant', 'virtiofs', 'libvirt.memory = 4096'))).toBe(cut.replace('do |lv|\n', 'do |lv|\n    lv.memory = 4096\n'));
  });

  it('a line with no quotes at all gets the double quotes of the setting (single quotes only where the line has them)', () => {
    expect(
      editText(withBlock('    lv.memorybacking :access, :mode => :private'), edit('/vagrant', 'virtiofs', 'libvirt.memorybacking :access, :mode => "shared"')),
    ).toBe(withBlock('    lv.memorybacking :access, :mode => "shared"'));
  });

  it('a setting that does not start with libvirt. is refused', () => {
    expect(() => editText(withBlock(), edit('/vagrant', 'virtiofs', 'config.libvirt.memory = 1'))).toThrow(
      '"config.libvirt.memory = 1" is not a libvirt provider setting',
    );
  });
});

describe('the check after the write', () => {
  it("reads a setting's arithmetic literally (faucet: v.memory = 4 * 1024)", () => {
    const real = read('faucet.Vagrantfile');
    expect(real).toContain('  config.vm.provider :libvirt do |v|\n    v.cpus = 2\n    v.memory = 4 * 1024\n');
    expect(hasEdit(real, edit('/vagrant', 'nfs', 'libvirt.memory = 4 * 1024'))).toBe(true);
    expect(hasEdit(real, edit('/vagrant', 'nfs', 'libvirt.memory = 4 + 1024'))).toBe(false);
  });

  it('finds the folder by its guest path with any number of trailing slashes', () => {
    const real = read('faucet.Vagrantfile');
    expect(hasEdit(real, edit('/vagrant//', 'nfs'))).toBe(true);
    expect(hasEdit(real.replace('config.vm.synced_folder ".", "/vagrant",', 'config.vm.synced_folder ".", "/vagrant//",'), edit('/vagrant', 'nfs'))).toBe(true);
  });

  it('wants every setting: one of two is not enough', () => {
    const real = read('faucet.Vagrantfile');
    expect(hasEdit(real, edit('/vagrant', 'nfs', 'libvirt.cpus = 2', 'libvirt.memorybacking :access, :mode => "shared"'))).toBe(false);
    expect(hasEdit(real, edit('/vagrant', 'nfs', 'libvirt.cpus = 2', 'libvirt.memory = 4 * 1024'))).toBe(true);
  });
});
