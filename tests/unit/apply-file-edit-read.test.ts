// How strictly a file finding's added line is read (electron/engine/advisor/apply/file-edit.ts, fileEditFor): the key
// must start the line (a commented-out line, a whole one-line object or a key written mid-line is no edit), a value is
// read whatever the spacing around the colon, the file kinds are told apart by the end of the path, and a runtime
// kind with no apply entry (or none known) is read by its file name alone. A wrong read would edit another key, or
// write a value with stray spaces into the user's file.
import { describe, expect, it } from 'vitest';
import type { Finding, RuntimeInfo } from '../../electron/contract/contract.js';
import { fileEditFor } from '../../electron/engine/advisor/apply/file-edit.js';
import { diffOf, fileFinding, runtimeInfo } from '../helpers/runtime-info.js';

const rt = (kind: string): RuntimeInfo => runtimeInfo(kind);
const finding = fileFinding;
const read = (path: string, kind: string, ...added: string[]) => fileEditFor(finding(path, diffOf(path, ...added)), rt(kind));

describe('a JSON added line', () => {
  it('is read with no space, or several, around the colon (Docker Desktop 3.5.2 writes "cpus":3)', () => {
    expect(read('/s/settings.json', 'docker-desktop', '"cpus":3,')).toEqual({ format: 'json', key: 'cpus', value: 3 });
    expect(read('/s/settings.json', 'docker-desktop', '"cpus"   :   6')).toEqual({ format: 'json', key: 'cpus', value: 6 });
  });

  it('must start with its key: a whole one-line object or a commented-out key is no edit', () => {
    expect(() => read('/s/settings.json', 'docker-desktop', '{"cpus": 6}')).toThrow('x/setting: cannot read the JSON key from "{"cpus": 6}"');
    expect(() => read('/s/settings.json', 'docker-desktop', '// "cpus": 6')).toThrow('x/setting: cannot read the JSON key from "// "cpus": 6"');
  });

  it('is read by the file name where the kind has no apply entry, or is not known', () => {
    expect(read('/p/settings.json', 'podman', '"cpus": 2')).toEqual({ format: 'json', key: 'cpus', value: 2 });
    expect(read('/p/settings.json', 'made-up-kind', '"cpus": 2')).toEqual({ format: 'json', key: 'cpus', value: 2 });
    expect(read('/p/lima.yaml', 'made-up-kind', 'cpus: 2')).toEqual({ format: 'yaml', key: 'cpus', value: '2' });
  });
});

describe('a YAML added line', () => {
  it('is read with no space, or several, after the colon; the value keeps no spaces', () => {
    expect(read('/l/lima.yaml', 'lima', 'mountType:    virtiofs')).toEqual({ format: 'yaml', key: 'mountType', value: 'virtiofs' });
    expect(read('/l/lima.yaml', 'lima', 'cpus:4')).toEqual({ format: 'yaml', key: 'cpus', value: '4' });
  });

  it('must start with its key: a commented-out line is no edit', () => {
    // The Colima template writes its settings' alternatives as comments ("# mountType: virtiofs" style lines).
    expect(() => read('/c/colima.yaml', 'colima', '# mountType: virtiofs')).toThrow('x/setting: cannot read the YAML key from "# mountType: virtiofs"');
  });

  it('only for a path that ends in .yaml or .yml: an editor backup of the file is no file vmbench edits', () => {
    expect(() => read('/l/lima.yaml~', 'lima', 'cpus: 4')).toThrow('x/setting: /l/lima.yaml~ is not a file vmbench edits');
    expect(() => read('/l/lima.yaml.bak', 'lima', 'cpus: 4')).toThrow('x/setting: /l/lima.yaml.bak is not a file vmbench edits');
  });
});

describe('a Vagrantfile added line', () => {
  const path = '/p/Vagrantfile';
  it('is read with any spacing between the arguments', () => {
    expect(read(path, 'vagrant', 'config.vm.synced_folder   ".","/v",type:"nfs"')).toMatchObject({ host: '.', guest: '/v', type: 'nfs' });
    expect(read(path, 'vagrant', 'config.vm.synced_folder ".",   "/v",   type:   "virtiofs"')).toMatchObject({ host: '.', guest: '/v', type: 'virtiofs' });
  });

  it('must name config.vm.synced_folder itself, not a longer word', () => {
    expect(() => read(path, 'vagrant', 'config.vm.synced_folders ".", "/v", type: "nfs"')).toThrow('x/setting: /p/Vagrantfile is not a file vmbench edits');
  });

  it('takes as provider settings only the further lines that start with libvirt.NAME (not a commented-out one)', () => {
    const edit = read(
      path,
      'vagrant',
      'config.vm.synced_folder ".", "/v", type: "virtiofs"',
      '# libvirt.memorybacking :access, :mode => "private"',
      '    libvirt.memorybacking :access, :mode => "shared"   ',
    );
    expect(edit).toMatchObject({ providerLines: ['libvirt.memorybacking :access, :mode => "shared"'] });
  });
});

describe('a finding that is no file edit', () => {
  it('a diff that adds no line at all is refused by name, not with a crash', () => {
    expect(() => fileEditFor(finding('/l/lima.yaml', '--- a\n+++ b\n-cpus: 2'), rt('lima'))).toThrow('x/setting: the change has no new line');
  });

  it('a command finding, or one with nothing to apply, is refused', () => {
    const command: Finding = { ...finding('/l/lima.yaml', ''), apply: { kind: 'command', argv: ['limactl', 'edit', 'x'] } };
    expect(() => fileEditFor(command, rt('lima'))).toThrow('x/setting is not a file change');
    expect(() => fileEditFor({ ...finding('/l/lima.yaml', ''), apply: undefined }, rt('lima'))).toThrow('x/setting is not a file change');
  });

  it('a file named like a Vagrantfile but longer (an editor backup) is no file vmbench edits', () => {
    expect(() => read('/p/Vagrantfile.bak', 'vagrant', 'config.vm.synced_folder ".", "/v", type: "nfs"')).toThrow(
      'x/setting: /p/Vagrantfile.bak is not a file vmbench edits',
    );
  });
});
