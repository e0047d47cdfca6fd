// Vagrantfile edits on real public files whose blocks are written in older or fuller forms (sources:
// tests/fixtures/vagrantfiles/SOURCES.txt): `Vagrant.configure(2)` with the version as a number (rgl's, mav96's), and a
// libvirt provider block that also names Vagrant's override config (`do |lv, config|`, rgl's). A virtiofs edit of such a
// file was refused ("has no Vagrant.configure("2") block"), or added a second libvirt block beside the one there. And a
// libvirt block with an `if ... end` inside it (kubespray's): the scan for the setting stopped at the inner end, so a
// setting after it was added a second time above it (and the old line, later, won), and one inside the if was replaced.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { editText, hasEdit, type FileEdit } from '../../electron/engine/advisor/apply/file-edit.js';
import { CONFIGURE } from '../../electron/engine/advisor/apply/vagrantfile-edit.js';

const read = (name: string): string => readFileSync(join(__dirname, '..', 'fixtures', 'vagrantfiles', name), 'utf8');
const VIRTIOFS = ['libvirt.memorybacking :source, :type => "memfd"', 'libvirt.memorybacking :access, :mode => "shared"'];
const virtiofs = (guest: string): FileEdit => ({ format: 'vagrantfile', line: '', host: '.', guest, type: 'virtiofs', providerLines: VIRTIOFS });
const providerBlocks = (text: string): string[] => text.split('\n').filter((l) => /^\s*config\.vm\.provider\b.*libvirt/.test(l));

describe('Vagrant.configure with the version as a number (mav96-audiobook)', () => {
  it('a virtiofs edit adds the libvirt block inside the configure block and sets the type', () => {
    const text = read('mav96-audiobook.Vagrantfile');
    const out = editText(text, virtiofs('/home/vagrant/audiobook'));
    const lines = out.split('\n');
    // One block, both settings in it (the second goes in after the block's first line).
    expect(lines.slice(0, 5)).toEqual([
      'Vagrant.configure(2) do |config|',
      '  config.vm.provider :libvirt do |libvirt|',
      '    libvirt.memorybacking :access, :mode => "shared"',
      '    libvirt.memorybacking :source, :type => "memfd"',
      '  end',
    ]);
    expect(providerBlocks(out)).toHaveLength(1);
    expect(out).toContain('config.vm.synced_folder ".", "/home/vagrant/audiobook", type: "virtiofs"');
    expect(hasEdit(out, virtiofs('/home/vagrant/audiobook'))).toBe(true);
  });
});

describe('a libvirt block that names the override config too (rgl-mediamtx-rtsp-server: do |lv, config|)', () => {
  it('a virtiofs edit puts both settings into that block, with its own variable, and adds no second block', () => {
    const text = read('rgl-mediamtx-rtsp-server.Vagrantfile');
    const out = editText(text, virtiofs('/vagrant'));
    expect(providerBlocks(out)).toEqual(["  config.vm.provider 'libvirt' do |lv, config|"]);
    const at = out.split('\n').indexOf("  config.vm.provider 'libvirt' do |lv, config|");
    expect(
      out
        .split('\n')
        .slice(at + 1, at + 3)
        .sort(),
    ).toEqual(['    lv.memorybacking :access, :mode => "shared"', '    lv.memorybacking :source, :type => "memfd"']);
    expect(hasEdit(out, virtiofs('/vagrant'))).toBe(true);
  });
});

describe('the configure line', () => {
  it('is read with the version quoted or not, in parentheses or not, and not for another version', () => {
    for (const line of [
      'Vagrant.configure("2") do |config|',
      "Vagrant.configure('2') do |config|",
      'Vagrant.configure(2) do |config|',
      'Vagrant.configure "2" do |config|',
      'Vagrant.configure 2 do |config|',
    ])
      expect(CONFIGURE.test(line), line).toBe(true);
    for (const line of [
      'Vagrant.configure("1") do |config|',
      'Vagrant.configure(20) do |config|',
      'Vagrant.configure 22 do |config|',
      'Vagrant::Config.run do |config|',
    ])
      expect(CONFIGURE.test(line), line).toBe(false);
  });
});

describe('a libvirt block with an if ... end inside it (kubespray.Vagrantfile lines 200-210, node. written config.)', () => {
  const block = (...after: string[]): string =>
    [
      'Vagrant.configure("2") do |config|',
      '  config.vm.synced_folder ".", "/vagrant", type: "virtiofs"',
      '  config.vm.provider :libvirt do |lv|',
      '    lv.nested = $libvirt_nested',
      '    lv.cpu_mode = "host-model"',
      '    # Fix kernel panic on fedora 28',
      '    if $os == "fedora"',
      '      lv.cpu_mode = "host-passthrough"',
      '    end',
      ...after,
      '  end',
      'end',
      '',
    ].join('\n');
  const setting = (line: string): FileEdit => ({ format: 'vagrantfile', line: '', host: '.', guest: '/vagrant', type: 'virtiofs', providerLines: [line] });

  it('a setting after the inner end is replaced in place, not added a second time above it', () => {
    const text = block('    lv.memorybacking :access, :mode => "private"');
    expect(editText(text, setting('libvirt.memorybacking :access, :mode => "shared"'))).toBe(block('    lv.memorybacking :access, :mode => "shared"'));
  });

  it("a setting written only inside the if is that branch's: the new one goes at the block's own level, the if's stays", () => {
    const out = editText(block(), setting('libvirt.memory = 4096'));
    expect(out).toBe(block().replace('  config.vm.provider :libvirt do |lv|\n', '  config.vm.provider :libvirt do |lv|\n    lv.memory = 4096\n'));
    const withMemory = block().replace('      lv.cpu_mode = "host-passthrough"', '      lv.memory = 8192');
    expect(editText(withMemory, setting('libvirt.memory = 4096'))).toBe(
      withMemory.replace('  config.vm.provider :libvirt do |lv|\n', '  config.vm.provider :libvirt do |lv|\n    lv.memory = 4096\n'),
    );
  });
});

describe('the scan ends at the libvirt block’s own end', () => {
  it('a later libvirt block at the same level is not read as part of the first', () => {
    const text = [
      'Vagrant.configure("2") do |config|',
      '  config.vm.synced_folder ".", "/vagrant", type: "virtiofs"',
      '  config.vm.provider :libvirt do |lv|',
      '    lv.nested = true',
      '  end',
      '  config.vm.provider :libvirt do |lv|',
      '    lv.memory = 8192',
      '  end',
      'end',
      '',
    ].join('\n');
    const out = editText(text, { format: 'vagrantfile', line: '', host: '.', guest: '/vagrant', type: 'virtiofs', providerLines: ['libvirt.memory = 4096'] });
    expect(out).toBe(text.replace('    lv.nested = true\n', '    lv.memory = 4096\n    lv.nested = true\n'));
  });
});
