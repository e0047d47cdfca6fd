// A Vagrantfile edit that vmbench refuses says why, in words the user can act on, and where (the line), so the manual
// edit it proposes is the right one (electron/engine/advisor/apply/vagrantfile-edit.ts); and the statements it does
// rewrite keep the file's own style: the quotes of the old type value, a symbol, the hash style of the options.
import { describe, expect, it } from 'vitest';
import { rubySingleQuoted, setSyncedFolderType } from '../../electron/engine/advisor/apply/vagrantfile-edit.js';

const file = (...body: string[]): string => ['Vagrant.configure("2") do |config|', ...body, 'end', ''].join('\n');
const HOW =
  ' vmbench does not rewrite it, so nothing was changed. How to: open the Vagrantfile, find the synced_folder for /vagrant and set its option type: "virtiofs" by hand';

/** The first sentence of the refusal (the reason), checking the rest is the How to for /vagrant and virtiofs. */
function why(text: string): string {
  try {
    setSyncedFolderType(text, '/vagrant', '.', 'virtiofs');
  } catch (err) {
    const m = (err as Error).message;
    expect(m).toContain(HOW);
    return m.slice(0, m.indexOf(HOW));
  }
  throw new Error('rewritten, not refused');
}

describe('a Vagrantfile edit vmbench refuses', () => {
  it('names the reason and the line', () => {
    expect(why(file('  config.vm.synced_folder(".", "/vagrant", type: "nfs").tap { }'))).toBe(
      'A synced_folder statement goes on after its closing parenthesis.',
    );
    expect(why(file('  config.vm.synced_folder ".", GUEST, type: "nfs"'))).toBe('A synced_folder has a computed guest path (GUEST).');
    expect(why(file('  config.vm.synced_folder ".", "/vagrant"', '  config.vm.synced_folder "..", "/vagrant/", type: "nfs"'))).toBe(
      'The Vagrantfile declares /vagrant 2 times (lines 2, 3).',
    );
    expect(why(file('', '  config.vm.synced_folder ".", "/vagrant", **opts'))).toBe('Line 3 passes options vmbench cannot read (**opts).');
    expect(why(file('  config.vm.synced_folder ".", "/vagrant", type: "nfs" if ENV["X"]'))).toBe('Line 2 ends in a condition or a block.');
    expect(why(file('  config.vm.synced_folder ".", "/vagrant", type: "nfs" unless ENV["X"]'))).toBe('Line 2 ends in a condition or a block.');
    expect(why(file('  config.vm.synced_folder ".", "/vagrant", type: TYPE'))).toBe('Line 2 sets type to an expression (TYPE).');
    expect(why(file('  config.vm.synced_folder ".", "/vagrant", type: "n#{x}"'))).toBe('Line 2 sets type to an expression ("n#{x}").');
    expect(why('config.vm.box = "x"\n')).toBe('The Vagrantfile has no Vagrant.configure("2") do |config| block.');
  });

  it('an "if" inside a quoted option is text, not a condition', () => {
    const text = file('  config.vm.synced_folder ".", "/vagrant", owner: "if do", type: "nfs"');
    expect(setSyncedFolderType(text, '/vagrant', '.', 'virtiofs')).toBe(text.replace('type: "nfs"', 'type: "virtiofs"'));
  });

  it('refuses a type that is not a plain word, before reading the file', () => {
    expect(() => setSyncedFolderType(file(), '/vagrant', '.', 'nfs; rm -rf')).toThrow('"nfs; rm -rf" is not a synced folder type');
    expect(() => setSyncedFolderType(file(), '/vagrant', '.', 'NFS')).toThrow('is not a synced folder type');
  });
});

describe('a Vagrantfile edit vmbench makes', () => {
  it("sets the type in the old value's own form: single quotes, double quotes, a symbol, hash-rocket style", () => {
    for (const [old, now] of [
      ["type: 'nfs'", "type: 'virtiofs'"],
      ['type: "nfs"', 'type: "virtiofs"'],
      ['type: :nfs', 'type: :virtiofs'],
      [':type => "nfs"', ':type => "virtiofs"'],
      [':type=>:nfs', ':type=>:virtiofs'],
    ]) {
      const text = file(`  config.vm.synced_folder ".", "/vagrant", ${old}, owner: "me"`);
      expect(setSyncedFolderType(text, '/vagrant', '.', 'virtiofs')).toBe(text.replace(old, now));
    }
  });

  it('adds a type in the style of the other options and the quotes of the guest path; only for the folder asked for', () => {
    const plain = file('  config.vm.synced_folder ".", "/vagrant", owner: "me"', '  config.vm.synced_folder ".", "/data"');
    expect(setSyncedFolderType(plain, '/vagrant', '.', 'nfs')).toBe(plain.replace('owner: "me"', 'owner: "me", type: "nfs"'));
    const rocket = file("  config.vm.synced_folder '.', '/vagrant/', :owner => 'me'");
    expect(setSyncedFolderType(rocket, '/vagrant', '.', 'nfs')).toBe(rocket.replace(":owner => 'me'", ":owner => 'me', :type => 'nfs'"));
    const bare = file('  config.vm.synced_folder ".", "/vagrant"');
    expect(setSyncedFolderType(bare, '/vagrant', '.', 'nfs')).toBe(bare.replace('"/vagrant"', '"/vagrant", type: "nfs"'));
  });

  it('passes over a synced_folder with fewer than two arguments and one in a comment, and adds the statement after Vagrant.configure', () => {
    const text = file('  # config.vm.synced_folder ".", "/vagrant", type: "nfs"', '  config.vm.synced_folder "."');
    expect(setSyncedFolderType(text, '/vagrant', "it's", 'nfs')).toBe(
      file(
        "  config.vm.synced_folder 'it\\'s', '/vagrant', type: 'nfs'",
        '  # config.vm.synced_folder ".", "/vagrant", type: "nfs"',
        '  config.vm.synced_folder "."',
      ),
    );
    expect(rubySingleQuoted("a\\b'c")).toBe("'a\\\\b\\'c'");
  });
});
