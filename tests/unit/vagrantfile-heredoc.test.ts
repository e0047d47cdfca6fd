/**
 * Heredocs in Vagrantfiles (provisioning scripts) are text, not Ruby: the reader and the editor see the
 * same code through one scanner (runtimes/vagrant/ruby-source.ts). A `config.vm.synced_folder` line
 * inside `<<~SHELL … SHELL` must neither be read as a folder nor be the line a plan edits.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { editText, hasEdit } from '../../electron/engine/advisor/apply/file-edit.js';
import { setSyncedFolderType } from '../../electron/engine/advisor/apply/vagrantfile-edit.js';
import { rubyCodeLines } from '../../electron/engine/runtimes/vagrant/ruby-source.js';
import { parseVagrantfile } from '../../electron/engine/runtimes/vagrant/vagrantfile.js';

const FAKE = '    config.vm.synced_folder ".", "/vagrant", type: "virtualbox"';
/** Every heredoc form Ruby has, each holding a synced_folder line, and one real synced_folder statement. */
const HEREDOC_VAGRANTFILE = [
  'Vagrant.configure("2") do |config|',
  '  config.vm.box = "debian/bookworm64"',
  '  config.vm.provision "shell", inline: <<~SHELL',
  FAKE,
  '    echo "# not a comment" \'it\'s\'',
  '  SHELL',
  '  config.vm.provision "shell", inline: <<-EOS',
  FAKE,
  '    EOS',
  '  config.vm.provision "shell", inline: <<EOS',
  FAKE,
  '  EOS',
  FAKE,
  'EOS',
  "  config.vm.provision \"shell\", inline: <<~'SHELL' # a comment with <<~NOT",
  `${FAKE} # \#{not interpolated}`,
  '  SHELL',
  '  config.vm.provision "shell", inline: [<<~ONE, <<~TWO].join("\\n")',
  FAKE,
  '  ONE',
  FAKE,
  '  TWO',
  '  greeting = "a #{"<<X"} b" # <<Y in a comment',
  '  list = []; list<<1',
  '  config.vm.synced_folder ".", "/vagrant", type: "virtualbox",',
  '    owner: "vagrant" # the real one',
  '  config.vm.provider :libvirt do |lv|',
  '    lv.cpus = 2',
  '  end',
  'end',
  '',
].join('\n');

const REAL = 24;
const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

/** `ruby -c` on a text: true when Ruby's own parser accepts it. */
function rubyAccepts(text: string): boolean {
  const dir = mkdtempSync(join(tmpdir(), 'vmbench-heredoc-'));
  dirs.push(dir);
  writeFileSync(join(dir, 'Vagrantfile'), text);
  return /Syntax OK/.test(execFileSync('ruby', ['-c', join(dir, 'Vagrantfile')], { encoding: 'utf8' }));
}

describe('one Ruby scanner for the Vagrantfile reader and editor', () => {
  it('the test file is valid Ruby', () => {
    expect(rubyAccepts(HEREDOC_VAGRANTFILE)).toBe(true);
  });

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
      { hostPath: '.', guestPath: '/vagrant', type: 'vboxsf', typeDeclared: true, disabled: false, implicit: false, options: { type: 'virtualbox', owner: 'vagrant' } },
    ]);
  });

  it('the editor changes only the real statement; every heredoc stays byte for byte; Ruby accepts the result', () => {
    const out = setSyncedFolderType(HEREDOC_VAGRANTFILE, '/vagrant', '.', 'nfs');
    const a = HEREDOC_VAGRANTFILE.split('\n');
    const b = out.split('\n');
    expect(b.length).toBe(a.length);
    expect(b.map((l, i) => (l === a[i] ? -1 : i)).filter((i) => i >= 0)).toEqual([REAL]);
    expect(b[REAL]).toBe('  config.vm.synced_folder ".", "/vagrant", type: "nfs",');
    expect(rubyAccepts(out)).toBe(true);
    expect(hasEdit(out, { format: 'vagrantfile', line: '', host: '.', guest: '/vagrant', type: 'nfs' })).toBe(true);
  });

  it('with the folder only in a heredoc, the editor adds a statement instead of editing the script', () => {
    const text = ['Vagrant.configure("2") do |config|', '  config.vm.provision "shell", inline: <<~SHELL', FAKE, '  SHELL', 'end', ''].join('\n');
    const out = setSyncedFolderType(text, '/vagrant', '.', 'nfs');
    expect(out).toBe(text.replace('|config|\n', "|config|\n  config.vm.synced_folder '.', '/vagrant', type: 'nfs'\n"));
    expect(rubyAccepts(out)).toBe(true);
    expect(hasEdit(out, { format: 'vagrantfile', line: '', host: '.', guest: '/vagrant', type: 'nfs' })).toBe(true);
  });

  it('provider settings go into the real libvirt block, not into one written in a heredoc', () => {
    const text = [
      'Vagrant.configure("2") do |config|',
      '  config.vm.provision "shell", inline: <<~SHELL',
      '    config.vm.provider :libvirt do |libvirt|',
      '    end',
      '  SHELL',
      '  config.vm.synced_folder ".", "/vagrant", type: "9p"',
      '  config.vm.provider :libvirt do |lv|',
      '  end',
      'end',
      '',
    ].join('\n');
    const edit = { format: 'vagrantfile' as const, line: '', host: '.', guest: '/vagrant', type: 'virtiofs', providerLines: ['libvirt.memorybacking :access, :mode => "shared"'] };
    const out = editText(text, edit);
    expect(out.split('\n').slice(0, 5)).toEqual(text.split('\n').slice(0, 5));
    expect(out).toContain('  config.vm.provider :libvirt do |lv|\n    lv.memorybacking :access, :mode => "shared"\n  end');
    expect(rubyAccepts(out)).toBe(true);
    expect(hasEdit(out, edit)).toBe(true);
  });
});
