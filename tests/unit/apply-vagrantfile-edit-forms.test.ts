// More Vagrantfile forms the synced-folder edit meets (electron/engine/advisor/apply/vagrantfile-edit.ts): what it must
// refuse because the type is computed (the common `type: windows ? "smb" : "nfs"` ternary in each quoting, a method
// called on the literal), a block or a string-keyed option it cannot read; what it must still edit (a parenthesised
// statement with a trailing comment, an option value that merely starts with "do" or holds the words "type:", a guest
// path written with extra slashes, mixed option styles); and the refusal's code and keys, which the faces key on.
// The statements are invented, in the shapes of the real files of tests/fixtures/vagrantfiles (one of them is used as is).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { setSyncedFolderType } from '../../electron/engine/advisor/apply/vagrantfile-edit.js';

const file = (...body: string[]): string => ['Vagrant.configure("2") do |config|', ...body, 'end', ''].join('\n');
const set = (text: string, guest = '/vagrant'): string => setSyncedFolderType(text, guest, '.', 'virtiofs');

/** The refusal `set` throws for `text` (it must throw). */
function refusal(text: string): { code?: string; ref?: { key: string; params?: Record<string, unknown> } } {
  try {
    set(text);
  } catch (err) {
    return err as { code?: string; ref?: { key: string; params?: Record<string, unknown> } };
  }
  throw new Error('rewritten, not refused');
}
/** The key of the reason inside the refusal (errors.vf*). */
const whyKey = (text: string): unknown => (refusal(text).ref?.params?.why as { key?: string } | undefined)?.key;

describe('a type vmbench cannot rewrite is refused, not half-edited', () => {
  it('a ternary, in double quotes, single quotes or symbols', () => {
    for (const value of ['ENV["NFS"] ? "nfs" : "smb"', "ENV['NFS'] ? 'nfs' : 'smb'", 'ENV["NFS"] ? :nfs : :smb']) {
      const text = file(`  config.vm.synced_folder ".", "/vagrant", type: ${value}`);
      expect(whyKey(text), value).toBe('errors.vfTypeExpr');
    }
  });

  it('a method called on the literal', () => {
    for (const value of ['"nfs".freeze', "'nfs'.freeze", ':nfs.to_s']) {
      expect(whyKey(file(`  config.vm.synced_folder ".", "/vagrant", type: ${value}`)), value).toBe('errors.vfTypeExpr');
    }
  });

  it('a last option that is a block, with or without spaces inside its braces', () => {
    for (const opts of ['mount_options: OPTS.map {|o| o }', 'mount_options: OPTS.map { |o| o }']) {
      expect(whyKey(file(`  config.vm.synced_folder ".", "/vagrant", type: "nfs", ${opts}`)), opts).toBe('errors.vfCondition');
    }
  });

  it('a condition after a single-quoted option is still a condition; an "if" or "do" quoted in the last option is not', () => {
    expect(whyKey(file("  config.vm.synced_folder '.', '/vagrant', owner: 'me' if ENV['X']"))).toBe('errors.vfCondition');
    for (const last of ["owner: 'if do'", 'owner: "if do"', 'owner: "a \\" if b"', "owner: 'a \\' if b'"]) {
      const text = file(`  config.vm.synced_folder '.', '/vagrant', type: 'nfs', ${last}`);
      expect(set(text), last).toBe(text.replace("type: 'nfs'", "type: 'virtiofs'"));
    }
  });

  it('a condition written straight after a string, with no space ("me"if)', () => {
    expect(whyKey(file(`  config.vm.synced_folder ".", "/vagrant", type: "nfs", owner:"me"if ENV["X"]`))).toBe('errors.vfCondition');
  });

  it('an option with a string key', () => {
    expect(whyKey(file('  config.vm.synced_folder ".", "/vagrant", "owner" => "vagrant:staff"'))).toBe('errors.vfOptions');
  });

  it('a refusal is invalid-input with the manual-edit message, which names the folder and the type', () => {
    expect(refusal(file('  config.vm.synced_folder ".", GUEST'))).toMatchObject({
      code: 'invalid-input',
      ref: { key: 'errors.vagrantfileManual', params: { guest: '/vagrant', type: 'virtiofs', why: { key: 'errors.vfComputedGuest' } } },
    });
  });

  it('a type that is not a plain lowercase word anywhere in it is refused before the file is read', () => {
    expect(() => setSyncedFolderType(file(), '/vagrant', '.', 'rm -rf; nfs')).toThrow('"rm -rf; nfs" is not a synced folder type');
  });
});

describe('forms vmbench still edits', () => {
  it('a parenthesised statement with a trailing comment; one without a type gets it inside its parentheses', () => {
    const text = file('  config.vm.synced_folder(".", "/vagrant", type: :nfs)  # nfs for now');
    expect(set(text)).toBe(text.replace('type: :nfs', 'type: :virtiofs'));
    const bare = file('  config.vm.synced_folder(".", "/vagrant", owner: "me")');
    expect(set(bare)).toBe(bare.replace('owner: "me")', 'owner: "me", type: "virtiofs")'));
  });

  it('a single-quoted guest path with an escaped quote is the folder it spells', () => {
    const text = file("  config.vm.synced_folder '.', '/home/vagrant/it\\'s', type: 'nfs'");
    expect(setSyncedFolderType(text, "/home/vagrant/it's", '.', 'virtiofs')).toBe(text.replace("type: 'nfs'", "type: 'virtiofs'"));
  });

  it('a new statement goes right after Vagrant.configure, below the header comments of a real file (jujuonelove-gobelins-sf)', () => {
    const real = readFileSync(join(__dirname, '..', 'fixtures', 'vagrantfiles', 'jujuonelove-gobelins-sf.Vagrantfile'), 'utf8');
    const open = 'Vagrant.configure("2") do |config|\n';
    expect(real.indexOf(open)).toBeGreaterThan(0);
    expect(setSyncedFolderType(real, '/data', '.', 'nfs')).toBe(real.replace(open, `${open}  config.vm.synced_folder '.', '/data', type: 'nfs'\n`));
  });

  it('an option whose value is a name that starts with "do" (not a block)', () => {
    const text = file('  config.vm.synced_folder ".", "/vagrant", type: "nfs", owner: docker_user');
    expect(set(text)).toBe(text.replace('type: "nfs"', 'type: "virtiofs"'));
  });

  it('an option whose text holds the words "type:" is not the type option', () => {
    const text = file('  config.vm.synced_folder ".", "/vagrant", id: "type: nfs"');
    expect(set(text)).toBe(text.replace('id: "type: nfs"', 'id: "type: nfs", type: "virtiofs"'));
  });

  it('a guest path with several trailing slashes, in the file or asked for, is the same folder', () => {
    const text = file('  config.vm.synced_folder ".", "/vagrant//", type: "nfs"');
    expect(set(text)).toBe(text.replace('type: "nfs"', 'type: "virtiofs"'));
    const plain = file('  config.vm.synced_folder ".", "/vagrant", type: "nfs"');
    expect(set(plain, '/vagrant//')).toBe(plain.replace('type: "nfs"', 'type: "virtiofs"'));
  });

  it("an added type: the guest path's quotes decide (an apostrophe inside double quotes is no single quote), and any hash-rocket option the style", () => {
    const text = file(`  config.vm.synced_folder ".", "/home/vagrant/it's", owner: "me", :group => "me"`);
    expect(setSyncedFolderType(text, "/home/vagrant/it's", '.', 'nfs')).toBe(text.replace(':group => "me"', ':group => "me", :type => "nfs"'));
  });
});
