/**
 * Heredocs in Vagrantfiles (provisioning scripts) are text, not Ruby: the reader and the editor see the
 * same code through one scanner (runtimes/vagrant/ruby-source.ts). A `config.vm.synced_folder` line
 * inside `<<~SHELL … SHELL` must neither be read as a folder nor be the line a plan edits. That Ruby's
 * own parser accepts the files and the edits: tests/live/vagrantfile-heredoc-ruby.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { editText, hasEdit } from '../../electron/engine/advisor/apply/file-edit.js';
import { setSyncedFolderType } from '../../electron/engine/advisor/apply/vagrantfile-edit.js';
import { rubyCodeLines } from '../../electron/engine/runtimes/vagrant/ruby-source.js';
import { parseVagrantfile } from '../../electron/engine/runtimes/vagrant/vagrantfile.js';
import { HEREDOC_VAGRANTFILE, ONLY_IN_HEREDOC, PROVIDER_EDIT, PROVIDER_IN_HEREDOC, REAL } from '../helpers/heredoc-vagrantfiles.js';

describe('one Ruby scanner for the Vagrantfile reader and editor', () => {
  it('marks heredoc bodies (all forms, two on one line) and comments as not code; strings with # or << stay code', () => {
    const code = rubyCodeLines(HEREDOC_VAGRANTFILE);
    const lines = HEREDOC_VAGRANTFILE.split('\n');
    expect(code).toHaveLength(lines.length);
    expect(code.map((l, i) => (l.includes('synced_folder') ? i : -1)).filter((i) => i >= 0)).toEqual([REAL]);
    // Each code line is a prefix of its line: what follows is the comment.
    code.forEach((l, i) => expect(lines[i].startsWith(l)).toBe(true));
    expect(code[14]).toBe('  config.vm.provision "shell", inline: <<~\'SHELL\' ');
    expect(code[22]).toBe('  greeting = "a #{"<<X"} b" ');
    expect(code[23]).toBe('  list = []; list<<1');
    expect(code[25]).toBe('    owner: "vagrant" ');
  });

  it('also: =begin/=end blocks, __END__, CRLF line ends', () => {
    const text = 'a = 1\r\n=begin\r\nconfig.vm.synced_folder "x", "/x"\r\n=end\r\nb = "#" # c\r\n__END__\r\nconfig.vm.box = "x"\r\n';
    expect(rubyCodeLines(text)).toEqual(['a = 1', '', '', '', 'b = "#" ', '', '', '']);
  });

  it('the reader finds only the real synced folder', () => {
    const f = parseVagrantfile(HEREDOC_VAGRANTFILE, 'virtualbox');
    expect(f.syncedFolders).toEqual([
      {
        hostPath: '.',
        guestPath: '/vagrant',
        type: 'vboxsf',
        typeDeclared: true,
        disabled: false,
        implicit: false,
        options: { type: 'virtualbox', owner: 'vagrant' },
      },
    ]);
  });

  it('the editor changes only the real statement; every heredoc stays byte for byte', () => {
    const out = setSyncedFolderType(HEREDOC_VAGRANTFILE, '/vagrant', '.', 'nfs');
    const a = HEREDOC_VAGRANTFILE.split('\n');
    const b = out.split('\n');
    expect(b.length).toBe(a.length);
    expect(b.map((l, i) => (l === a[i] ? -1 : i)).filter((i) => i >= 0)).toEqual([REAL]);
    expect(b[REAL]).toBe('  config.vm.synced_folder ".", "/vagrant", type: "nfs",');
    expect(hasEdit(out, { format: 'vagrantfile', line: '', host: '.', guest: '/vagrant', type: 'nfs' })).toBe(true);
  });

  it('with the folder only in a heredoc, the editor adds a statement instead of editing the script', () => {
    const text = ONLY_IN_HEREDOC;
    const out = setSyncedFolderType(text, '/vagrant', '.', 'nfs');
    expect(out).toBe(text.replace('|config|\n', "|config|\n  config.vm.synced_folder '.', '/vagrant', type: 'nfs'\n"));
    expect(hasEdit(out, { format: 'vagrantfile', line: '', host: '.', guest: '/vagrant', type: 'nfs' })).toBe(true);
  });

  it('provider settings go into the real libvirt block, not into one written in a heredoc', () => {
    const text = PROVIDER_IN_HEREDOC;
    const edit = PROVIDER_EDIT;
    const out = editText(text, edit);
    expect(out.split('\n').slice(0, 5)).toEqual(text.split('\n').slice(0, 5));
    expect(out).toContain('  config.vm.provider :libvirt do |lv|\n    lv.memorybacking :access, :mode => "shared"\n  end');
    expect(hasEdit(out, edit)).toBe(true);
  });
});
