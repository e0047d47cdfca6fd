// Which edit a file finding stands for and whether a file holds it (electron/engine/advisor/apply/file-edit.ts): the
// key and value read from the advisor's added line for JSON, YAML and a Vagrantfile, the files it refuses to edit, a
// key added to a YAML file that lacks it, and the check after the write (a value wrapped as {value, locked}, a BOM, a
// YAML file that no longer parses, a guest path with a trailing slash, a provider setting in single quotes).
import { describe, expect, it } from 'vitest';
import type { RuntimeInfo } from '../../electron/contract/contract.js';
import { editJson, editText, editYaml, fileEditFor, hasEdit, type FileEdit } from '../../electron/engine/advisor/apply/file-edit.js';
import { diffOf, fileFinding, runtimeInfo } from '../helpers/runtime-info.js';

const rt = (kind: string): RuntimeInfo => runtimeInfo(kind);
const finding = fileFinding;

describe('the edit a file finding stands for', () => {
  it('JSON: the key and the value of the added line, with or without its trailing comma', () => {
    expect(fileEditFor(finding('/s/settings.json', diffOf('/s/settings.json', '  "AutoStart": true,')), rt('lima'))).toEqual({
      format: 'json',
      key: 'AutoStart',
      value: true,
    });
    expect(fileEditFor(finding('/s/settings.json', diffOf('/s/settings.json', '"memoryMiB" : 4096')), rt('lima'))).toEqual({
      format: 'json',
      key: 'memoryMiB',
      value: 4096,
    });
    // A kind whose settings are JSON whatever the file is named (Docker Desktop's settings-store).
    expect(fileEditFor(finding('/s/settings-store', diffOf('/s/settings-store', '"AutoStart": false')), rt('docker-desktop'))).toMatchObject({
      format: 'json',
    });
    expect(() => fileEditFor(finding('/s/a.json', diffOf('/s/a.json', 'AutoStart: true')), rt('lima'))).toThrow(
      'x/setting: cannot read the JSON key from "AutoStart: true"',
    );
  });

  it('YAML (.yaml or .yml): the top-level key and its value text', () => {
    expect(fileEditFor(finding('/l/lima.yaml', diffOf('/l/lima.yaml', 'mountType: "virtiofs"  ')), rt('lima'))).toEqual({
      format: 'yaml',
      key: 'mountType',
      value: '"virtiofs"',
    });
    expect(fileEditFor(finding('/c/colima.yml', diffOf('/c/colima.yml', 'vm.type_1-x: vz')), rt('colima'))).toEqual({
      format: 'yaml',
      key: 'vm.type_1-x',
      value: 'vz',
    });
    expect(() => fileEditFor(finding('/l/lima.yaml', diffOf('/l/lima.yaml', '- item')), rt('lima'))).toThrow('cannot read the YAML key from "- item"');
  });

  it('a Vagrantfile: the synced folder of the added line (quotes undone), and the libvirt provider lines after it', () => {
    const path = '/p/Vagrantfile';
    const edit = fileEditFor(
      finding(
        path,
        diffOf(
          path,
          '  config.vm.synced_folder "C:\\\\src \\"x\\"", "/vagrant", type: "virtiofs"',
          '    libvirt.memorybacking :access, :mode => "shared"',
          '    owner: "me"',
        ),
      ),
      rt('vagrant'),
    );
    expect(edit).toEqual({
      format: 'vagrantfile',
      line: '  config.vm.synced_folder "C:\\\\src \\"x\\"", "/vagrant", type: "virtiofs"',
      host: 'C:\\src "x"',
      guest: '/vagrant',
      type: 'virtiofs',
      providerLines: ['libvirt.memorybacking :access, :mode => "shared"'],
    });
    expect(fileEditFor(finding(path, diffOf(path, 'config.vm.synced_folder ".", "/v", type: "nfs"')), rt('vagrant'))).not.toHaveProperty('providerLines');
    expect(() => fileEditFor(finding(path, diffOf(path, 'config.vm.synced_folder ".", "/v"')), rt('vagrant'))).toThrow('cannot read the synced folder');
  });

  it('refuses a finding with no new line, a file it does not edit, and a Vagrantfile line that is no synced folder', () => {
    expect(() => fileEditFor(finding('/l/lima.yaml', '--- a\n+++ b\n-old: 1\n+   '), rt('lima'))).toThrow('x/setting: the change has no new line');
    expect(() => fileEditFor(finding('/etc/hosts', diffOf('/etc/hosts', '127.0.0.1 x')), rt('lima'))).toThrow(
      'x/setting: /etc/hosts is not a file vmbench edits',
    );
    expect(() => fileEditFor(finding('/p/MyVagrantfile', diffOf('/p/MyVagrantfile', 'config.vm.synced_folder ".", "/v", type: "nfs"')), rt('vagrant'))).toThrow(
      'is not a file vmbench edits',
    );
    expect(() => fileEditFor(finding('/p/Vagrantfile', diffOf('/p/Vagrantfile', 'config.vm.box = "x"')), rt('vagrant'))).toThrow('is not a file vmbench edits');
    expect(fileEditFor(finding('Vagrantfile', diffOf('Vagrantfile', 'config.vm.synced_folder ".", "/v", type: "nfs"')), rt('vagrant'))).toMatchObject({
      format: 'vagrantfile',
    });
  });
});

describe('a YAML key the file lacks', () => {
  it('is added as a last line, after a newline the file may lack; a file of comments only gets it too', () => {
    expect(editYaml('cpus: 2', 'mountType', 'virtiofs')).toBe('cpus: 2\nmountType: virtiofs\n');
    expect(editYaml('cpus: 2\n', 'mountType', 'virtiofs')).toBe('cpus: 2\nmountType: virtiofs\n');
    expect(editYaml('', 'mountType', 'virtiofs')).toBe('mountType: virtiofs\n');
    expect(editYaml('# only a comment\n', 'mountType', 'virtiofs')).toBe('# only a comment\nmountType: virtiofs\n');
  });

  it('a value already set is left as it is, byte for byte', () => {
    const text = "mountType: 'virtiofs' # fast\n";
    expect(editYaml(text, 'mountType', 'virtiofs')).toBe(text);
  });
});

describe('whether the written file holds the edit', () => {
  const json = (key: string, value: unknown): FileEdit => ({ format: 'json', key, value });

  it('JSON: the value itself, or inside {value, locked}; after a BOM; a missing key does not hold', () => {
    expect(hasEdit('\uFEFF{"AutoStart": true}', json('AutoStart', true))).toBe(true);
    expect(hasEdit('{"AutoStart": {"value": true, "locked": false}}', json('AutoStart', true))).toBe(true);
    expect(hasEdit('{"AutoStart": {"value": false}}', json('AutoStart', true))).toBe(false);
    expect(hasEdit('{"Other": true}', json('AutoStart', true))).toBe(false);
    expect(hasEdit('not json', json('AutoStart', true))).toBe(false);
    expect(hasEdit('{"Res": {"cpus": 4}}', json('Res', { cpus: 4 }))).toBe(true);
  });

  it('YAML: the value, quoted or not; a file that no longer parses or is not a mapping does not hold', () => {
    const edit: FileEdit = { format: 'yaml', key: 'mountType', value: '"virtiofs"' };
    expect(hasEdit('mountType: virtiofs\n', edit)).toBe(true);
    expect(hasEdit("mountType: 'virtiofs'\n", edit)).toBe(true);
    expect(hasEdit('mountType: 9p\n', edit)).toBe(false);
    expect(hasEdit('mountType: [virtiofs\n', edit)).toBe(false);
    expect(hasEdit('- mountType: virtiofs\n', edit)).toBe(false);
  });

  it('a Vagrantfile: the folder found by its guest path (a trailing slash alike), its type, and each provider setting, in either quotes', () => {
    const edit: FileEdit = {
      format: 'vagrantfile',
      line: '',
      host: '.',
      guest: '/vagrant/',
      type: 'virtiofs',
      providerLines: ['libvirt.memorybacking :access, :mode => "shared"'],
    };
    const file = (type: string, mode: string): string =>
      [
        'Vagrant.configure("2") do |config|',
        `  config.vm.synced_folder ".", "/vagrant", type: "${type}"`,
        '  config.vm.provider :libvirt do |lv|',
        `    lv.memorybacking :access, :mode => ${mode}`,
        '  end',
        'end',
        '',
      ].join('\n');
    expect(hasEdit(file('virtiofs', '"shared"'), edit)).toBe(true);
    expect(hasEdit(file('virtiofs', "'shared'"), edit)).toBe(true);
    expect(hasEdit(file('nfs', '"shared"'), edit)).toBe(false);
    expect(hasEdit(file('virtiofs', '"private"'), edit)).toBe(false);
    expect(hasEdit(file('virtiofs', '"shared" # note'), edit)).toBe(true);
    expect(hasEdit(file('virtiofs', '"shared"').replace('/vagrant"', '/data"'), edit)).toBe(false);
  });

  it('a provider setting is added to the libvirt block, or in a new block when there is none', () => {
    const edit: FileEdit = {
      format: 'vagrantfile',
      line: '',
      host: '.',
      guest: '/vagrant',
      type: 'virtiofs',
      providerLines: ['libvirt.memorybacking :access, :mode => "shared"'],
    };
    const bare = ['Vagrant.configure("2") do |config|', '  config.vm.synced_folder ".", "/vagrant", type: "nfs"', 'end', ''].join('\n');
    expect(editText(bare, edit)).toBe(
      [
        'Vagrant.configure("2") do |config|',
        '  config.vm.provider :libvirt do |libvirt|',
        '    libvirt.memorybacking :access, :mode => "shared"',
        '  end',
        '  config.vm.synced_folder ".", "/vagrant", type: "virtiofs"',
        'end',
        '',
      ].join('\n'),
    );
    expect(hasEdit(editText(bare, edit), edit)).toBe(true);
  });
});

describe('a JSON settings edit', () => {
  it('refuses a file that is not one JSON object, and a locked key, naming it', () => {
    for (const bad of ['[1, 2]', '{"a": ', '', '"text"'])
      expect(() => editJson(bad, 'a', 1)).toThrow('the settings file is not a JSON object; fix it or restore it, then apply again');
    expect(() => editJson('{"vm": {"cpus": {"value": 2, "locked": true}}}', ['vm', 'cpus'], 4)).toThrow('vm.cpus is locked by an administrator');
    // A {value} without "locked", or locked false: the value inside is set.
    expect(editJson('{"cpus": {"value": 2}}', 'cpus', 4)).toBe('{"cpus": {"value": 4}}');
    // An object without "value" is a value of its own, replaced whole.
    expect(JSON.parse(editJson('{"cpus": {"n": 2}}', 'cpus', 4))).toEqual({ cpus: 4 });
  });

  it("a key it adds follows the file's indentation (spaces, tabs) and line ends", () => {
    expect(editJson('{\n    "a": 1\n}\n', 'b', 2)).toBe('{\n    "a": 1,\n    "b": 2\n}\n');
    expect(editJson('{\n\t"a": 1\n}\n', 'b', 2)).toBe('{\n\t"a": 1,\n\t"b": 2\n}\n');
    expect(editJson('{\r\n  "a": 1\r\n}\r\n', 'b', 2)).toBe('{\r\n  "a": 1,\r\n  "b": 2\r\n}\r\n');
    // One line: two spaces.
    expect(editJson('{"a": 1}', 'b', 2)).toBe('{\n  "a": 1,\n  "b": 2\n}');
  });
});

describe('a libvirt provider setting', () => {
  const edit = (setting: string): FileEdit => ({ format: 'vagrantfile', line: '', host: '.', guest: '/vagrant', type: 'virtiofs', providerLines: [setting] });
  const withBlock = (...inside: string[]): string =>
    [
      'Vagrant.configure("2") do |config|',
      '  config.vm.synced_folder ".", "/vagrant", type: "virtiofs"',
      '  config.vm.provider "libvirt" do |lv|',
      ...inside,
      '  end',
      'end',
      '',
    ].join('\n');

  it("replaces the same setting (same name and first symbol) in the block's own variable, adds another one", () => {
    const text = withBlock("    lv.memorybacking :access, :mode => 'private' # why", '    lv.memory = 2048');
    expect(editText(text, edit('libvirt.memorybacking :access, :mode => "shared"'))).toBe(
      withBlock("    lv.memorybacking :access, :mode => 'shared' # why", '    lv.memory = 2048'),
    );
    expect(editText(text, edit('libvirt.memorybacking :source, :type => "memfd"'))).toBe(
      withBlock('    lv.memorybacking :source, :type => "memfd"', "    lv.memorybacking :access, :mode => 'private' # why", '    lv.memory = 2048'),
    );
    expect(editText(withBlock('    lv.memory = 2048'), edit('libvirt.memory = 4096'))).toBe(withBlock('    lv.memory = 4096'));
  });

  it('refuses a setting that is not a libvirt one, and a file with no configure block', () => {
    expect(() => editText(withBlock(), edit('config.vm.box = "x"'))).toThrow(`"config.vm.box = "x"" is not a libvirt provider setting`);
    expect(() => editText('config.vm.synced_folder ".", "/vagrant", type: "nfs"\n', edit('libvirt.memory = 1'))).toThrow(/Vagrant\.configure/);
  });
});
