/**
 * A Vagrantfile edit checked by the real `vagrant validate`. It lives with the integration tests because
 * vagrant-libvirt's check of a virtiofs folder connects to libvirtd, which the integration setup starts.
 */
import { mkdtemp, readFile, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Finding, RuntimeInfo } from '../../electron/contract/contract.js';
import { applyFile } from '../../electron/engine/advisor/apply/file-apply.js';
import { lineDiff } from '../../electron/engine/advisor/rule-kit/diff.js';

/** Source: tests/fixtures/vagrantfiles/SOURCES.txt (github.com/adyang/dotfiles). */
const ADYANG = join(process.cwd(), 'tests', 'fixtures', 'vagrantfiles', 'adyang-dotfiles.Vagrantfile');

const rt: RuntimeInfo = {
  id: 'vagrant:abc',
  kind: 'vagrant',
  name: 'vagrant',
  version: null,
  state: 'stopped',
  settings: {},
  settingsSource: {},
  targets: [],
  findings: [],
};
const finding = (path: string, type: string): Finding => ({
  id: 'vagrant:abc/mountType',
  setting: 'mountType',
  current: 'rsync',
  recommended: type,
  severity: 'low',
  evidence: 'e',
  apply: { kind: 'file', path, diff: lineDiff(path, [], [`  config.vm.synced_folder ".", "/vagrant", type: "${type}"`]) },
});

describe('applying a Vagrantfile change on disk, checked by vagrant validate', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'vmbench-edit-'));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('writes atomically (a new inode by rename, mode kept, no temp left) and `vagrant validate` accepts it', async () => {
    const path = join(dir, 'Vagrantfile');
    await writeFile(path, await readFile(ADYANG, 'utf8'), { mode: 0o640 });
    const before = await stat(path);
    const res = await applyFile(finding(path, 'virtiofs'), rt, { dataDir: join(dir, 'data') });
    expect(res.ok, res.message).toBe(true);
    const after = await stat(path);
    expect(after.ino).not.toBe(before.ino);
    expect(after.mode & 0o777).toBe(0o640);
    // `vagrant validate` itself leaves its .vagrant folder, as every vagrant command does; no temp file of ours stays.
    expect((await readdir(dir)).filter((n) => n !== '.vagrant')).toEqual(['Vagrantfile', 'data']);
    expect(await readFile(path, 'utf8')).toContain('type: "virtiofs",\n    owner: "vagrant", group: "staff",');
  }, 60_000);

  it('restores the original when `vagrant validate` rejects the edit (nfs without an NFS server here)', async () => {
    const path = join(dir, 'Vagrantfile');
    const original = await readFile(ADYANG, 'utf8');
    await writeFile(path, original);
    const res = await applyFile(finding(path, 'nfs'), rt, { dataDir: join(dir, 'data') });
    expect(res.ok).toBe(false);
    expect(res.rolledBack).toBe(true);
    expect(res.message).toMatch(/vagrant validate. rejected/);
    expect(await readFile(path, 'utf8')).toBe(original);
  }, 60_000);
});

describe('when vagrant validate cannot reach libvirt', () => {
  it('restores the file and says to start libvirtd, instead of calling the edit wrong', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'vmbench-edit-'));
    try {
      const path = join(dir, 'Vagrantfile');
      // The same public file, pointed at a libvirt socket that does not exist: vagrant-libvirt's real connection error.
      const original = (await readFile(ADYANG, 'utf8')).replace(
        /^end\s*$/m,
        `  config.vm.provider :libvirt do |lv|\n    lv.uri = "qemu+unix:///system?socket=${dir}/no-libvirt-sock"\n  end\nend`,
      );
      await writeFile(path, original);
      const res = await applyFile(finding(path, 'virtiofs'), rt, { dataDir: join(dir, 'data') });
      expect(res.ok).toBe(false);
      expect(res.rolledBack).toBe(true);
      expect(res.message).toMatch(/cannot reach libvirt .* Start libvirtd/);
      expect(await readFile(path, 'utf8')).toBe(original);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
