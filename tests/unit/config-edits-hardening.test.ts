/** Config edits that cannot break a user's file: real public files, real disk writes, real `vagrant validate`. */
import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { backupDirFor, writeBackup } from '../../electron/engine/apply-kit/backup.js';
import { editJson } from '../../electron/engine/advisor/apply/file-edit.js';
import { checkDomainName } from '../../electron/engine/runtimes/libvirt/apply.js';
import { setSyncedFolderType, VagrantfileEditRefused } from '../../electron/engine/advisor/apply/vagrantfile-edit.js';
import { parseVagrantfile } from '../../electron/engine/runtimes/vagrant/vagrantfile.js';
import { atomicWrite } from '../../electron/engine/util/atomic-write.js';
import { formatTable } from '../../electron/cli/table.js';
import { formatPlan } from '../../electron/cli/apply.js';
import { jsonText, terminalSafe } from '../../electron/presentation/terminal-safe.js';

const FIX = join(process.cwd(), 'tests', 'fixtures');
/** Source: tests/fixtures/vagrantfiles/SOURCES.txt (github.com/adyang/dotfiles). */
const ADYANG = join(FIX, 'vagrantfiles', 'adyang-dotfiles.Vagrantfile');
/** Source: tests/fixtures/runtimes/docker-desktop/settings-store.marslo-v40.json.source.txt (the same file as in tests/fixtures/captures). */
const MARSLO = join(FIX, 'runtimes', 'docker-desktop', 'settings-store.marslo-v40.json');

describe('Vagrantfile edits', () => {
  it('a synced_folder over three lines (real file): only the type value changes, owner/group/rsync lines stay', async () => {
    const text = await readFile(ADYANG, 'utf8');
    const out = setSyncedFolderType(text, '/vagrant', '.', 'virtiofs');
    expect(out).toBe(text.replace('type: "rsync",', 'type: "virtiofs",'));
    const f = parseVagrantfile(out).syncedFolders.find((x) => x.guestPath === '/vagrant')!;
    expect(f.options).toMatchObject({ type: 'virtiofs', owner: 'vagrant', group: 'staff', rsync__exclude: '.git/' });
  });

  it('keeps single quotes (no interpolation appears), backslashes, symbols and comments; adds type in the file’s style', () => {
    const single = "Vagrant.configure('2') do |config|\n  config.vm.synced_folder '#{`id`}', '/vagrant', type: 'nfs' # keep me\nend\n";
    expect(setSyncedFolderType(single, '/vagrant', '.', 'virtiofs')).toBe(single.replace("type: 'nfs'", "type: 'virtiofs'"));
    const win = "Vagrant.configure(\"2\") do |config|\n  config.vm.synced_folder 'C:\\new', '/vagrant',\n    :owner => 'me'\nend\n";
    expect(setSyncedFolderType(win, '/vagrant', '.', 'nfs')).toBe(win.replace(":owner => 'me'", ":owner => 'me', :type => 'nfs'"));
    const sym = 'Vagrant.configure("2") do |config|\n  config.vm.synced_folder(".", "/vagrant", type: :virtualbox)\nend\n';
    expect(setSyncedFolderType(sym, '/vagrant', '.', 'nfs')).toBe(sym.replace(':virtualbox', ':nfs'));
  });

  it('a new statement is single-quoted, so a host path with #{…} is never executed', () => {
    const out = setSyncedFolderType('Vagrant.configure("2") do |config|\nend\n', '/vagrant', "#{`touch /tmp/x`}'", 'nfs');
    expect(out).toContain("config.vm.synced_folder '#{`touch /tmp/x`}\\'', '/vagrant', type: 'nfs'");
  });

  it('refuses what it cannot rewrite exactly, with How to', () => {
    const cases = [
      'Vagrant.configure("2") do |config|\n  config.vm.synced_folder ".", GUEST, type: "nfs"\nend\n',
      'Vagrant.configure("2") do |config|\n  config.vm.synced_folder ".", "/vagrant", type: TYPE\nend\n',
      'Vagrant.configure("2") do |config|\n  config.vm.synced_folder ".", "/vagrant", **opts\nend\n',
      'Vagrant.configure("2") do |config|\n  config.vm.synced_folder ".", "/vagrant", type: "nfs" if ENV["X"]\nend\n',
      'Vagrant.configure("2") do |config|\n  config.vm.synced_folder ".", "/vagrant"\n  config.vm.synced_folder "..", "/vagrant/", type: "nfs"\nend\n',
    ];
    for (const c of cases) {
      expect(() => setSyncedFolderType(c, '/vagrant', '.', 'virtiofs'), c).toThrow(VagrantfileEditRefused);
      expect(() => setSyncedFolderType(c, '/vagrant', '.', 'virtiofs')).toThrow(/How to: open the Vagrantfile/);
    }
  });
});

describe('applying a file change on disk', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'vmbench-edit-'));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('atomicWrite leaves the old file whole when the write fails, and no temp file', async () => {
    const path = join(dir, 'settings.json');
    await writeFile(path, '{"a": 1}\n');
    await expect(
      atomicWrite(path, {
        toString: () => {
          throw new Error('boom');
        },
      } as unknown as string),
    ).rejects.toThrow();
    expect(await readFile(path, 'utf8')).toBe('{"a": 1}\n');
    expect(await readdir(dir)).toEqual(['settings.json']);
  });
});

describe('JSON edits change only the edited value', () => {
  it('real Docker Desktop settings-store.json: one line differs, order and indent kept', async () => {
    const text = await readFile(MARSLO, 'utf8');
    const out = editJson(text, 'UseVirtualizationFramework', false);
    const a = text.split('\n');
    const b = out.split('\n');
    expect(b.length).toBe(a.length);
    const changed = a.map((l, i) => (l === b[i] ? null : [l, b[i]])).filter(Boolean);
    expect(changed).toEqual([['  "UseVirtualizationFramework": true,', '  "UseVirtualizationFramework": false,']]);
  });

  it('big integers, duplicate keys, a BOM and {value, locked} shapes survive', () => {
    const text = '\uFEFF{\n\t"Max": 18446744073709551615,\n\t"k": 1,\n\t"k": 2,\n\t"Cpus": {"value": 2, "locked": false}\n}\n';
    const out = editJson(text, 'Cpus', 4);
    expect(out).toBe(text.replace('"value": 2', '"value": 4'));
    expect(() => editJson('{"Cpus": {"value": 2, "locked": true}}', 'Cpus', 4)).toThrow(/locked/);
  });
});

describe('names from outside are data', () => {
  it('backup folders come from a hash: a domain named a/../../tmp/x stays inside the data folder', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'vmbench-names-'));
    try {
      const d = backupDirFor(dataDir, 'libvirt:a/../../tmp/x/diskIo', new Date('2026-11-23T00:00:00Z'));
      expect(d.startsWith(join(dataDir, 'backups') + '/')).toBe(true);
      expect(d).toMatch(/backups\/2026-11-23T00-00-00-000Z-[0-9a-f]{16}$/);
      await expect(writeBackup(d, 'a/../../x.xml', 'x')).rejects.toThrow(/not a plain backup file name/);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it('libvirt domain names with a slash or control characters are refused (--help reaching virsh as an operand: apply-libvirt integration test)', () => {
    expect(() => checkDomainName('a/../../tmp/x')).toThrow(/slash or a control character/);
    expect(() => checkDomainName('vm\u001b]0;pwned\u0007')).toThrow(/control character/);
  });

  it('terminal control sequences never reach the terminal from names in tables, plans and JSON', () => {
    const evil = 'vm\u001b[2J\u001b]0;title\u0007\u009b31m\rX';
    expect(terminalSafe(evil)).toBe('vmX');
    expect(formatTable(['id'], [[evil]])).not.toMatch(/[\u001b\u0007\u009b\r]/);
    const plan = formatPlan({
      findingId: `libvirt:${evil}/diskIo`,
      runtimeId: `libvirt:${evil}`,
      kind: 'libvirt',
      path: `${evil}.xml`,
      diff: '',
      notes: [evil],
    });
    expect(plan).not.toMatch(/[\u001b\u0007\u009b\r]/);
    const json = jsonText({ name: evil });
    expect(json).not.toMatch(/[\u001b\u0007\u009b\r]/);
    expect(JSON.parse(json)).toEqual({ name: evil });
  });

  it('bidi embeddings, overrides and isolates (U+202A-202E, U+2066-2069) are removed from text and escaped in JSON', () => {
    const bidi = 'a\u202ab\u202bc\u202cd\u202de\u202ef\u2066g\u2067h\u2068i\u2069j';
    expect(terminalSafe(bidi)).toBe('abcdefghij');
    expect(terminalSafe('日本語 \u200f keeps other marks')).toBe('日本語 \u200f keeps other marks');
    const json = jsonText({ name: bidi });
    expect(json).toContain('a\\u202ab\\u202bc');
    expect(json).not.toMatch(/[\u202a-\u202e\u2066-\u2069]/);
    expect(JSON.parse(json)).toEqual({ name: bidi });
  });
});
