// A file finding as the user confirms it and reads the result (electron/engine/advisor/apply/file-apply.ts): a Vagrantfile
// edit checked by `vagrant validate` in its own folder (a stub `vagrant` on PATH: accepting, rejecting, unable to reach
// libvirt, not installed), the file put back when the check or the write fails, the restart offered after, and a plan
// of a file that already holds the value. Real files in a temp folder.
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Finding, RuntimeInfo } from '../../electron/contract/contract.js';
import { applyFinding, planApply } from '../../electron/engine/advisor/apply/index.js';
import { lineDiff } from '../../electron/engine/advisor/rule-kit/diff.js';
import { runtimeInfo } from '../helpers/runtime-info.js';

let root: string;
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'vmbench-apply-file-'));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

const runtime = (kind: string, id: string, state: RuntimeInfo['state'] = 'stopped'): RuntimeInfo => runtimeInfo(kind, { id, state });

const OLD = '  config.vm.synced_folder ".", "/vagrant", type: "rsync"';
const NEW = '  config.vm.synced_folder ".", "/vagrant", type: "nfs"';
const VAGRANTFILE = ['Vagrant.configure("2") do |config|', '  config.vm.box = "debian/bookworm64"', OLD, 'end', ''].join('\n');

/** A project folder with a Vagrantfile, a stub `vagrant` running `body` (sh) that logs where and how it ran. */
function project(body?: string): { file: string; env: NodeJS.ProcessEnv; log: string; dataDir: string; finding: Finding } {
  const dir = join(root, 'project');
  mkdirSync(dir, { recursive: true });
  const file = join(dir, 'Vagrantfile');
  writeFileSync(file, VAGRANTFILE);
  const bin = join(root, 'bin');
  mkdirSync(bin, { recursive: true });
  const log = join(root, 'vagrant.log');
  if (body !== undefined) {
    writeFileSync(join(bin, 'vagrant'), ['#!/bin/sh', `echo "$PWD|$VAGRANT_CWD|$*" >> '${log}'`, body, ''].join('\n'));
    chmodSync(join(bin, 'vagrant'), 0o755);
  }
  const finding: Finding = {
    id: 'vagrant:1a2b3c/syncedFolder',
    setting: 'syncedFolder',
    current: 'rsync',
    recommended: 'nfs',
    severity: 'medium',
    evidence: 'e',
    apply: { kind: 'file', path: file, diff: lineDiff(file, [OLD], [NEW]) },
  };
  // Only the stub (or nothing) on PATH: a vagrant installed on the machine is never run.
  return { file, env: { PATH: bin, HOME: root }, log, dataDir: join(root, 'data'), finding };
}

const VAGRANT = runtime('vagrant', 'vagrant:1a2b3c');

describe('a Vagrantfile edit', () => {
  it('is checked by `vagrant validate` in the project folder, then kept, with the restart it needs offered', async () => {
    const { file, env, log, dataDir, finding } = project('exit 0');
    const res = await applyFinding(finding, VAGRANT, { dataDir, env });
    expect(res).toMatchObject({ ok: true, rolledBack: false });
    expect(readFileSync(file, 'utf8')).toBe(VAGRANTFILE.replace(OLD, NEW));
    expect(readFileSync(log, 'utf8')).toBe(`${join(root, 'project')}|${join(root, 'project')}|validate\n`);
    expect(res.restart).toEqual({
      argv: ['vagrant', 'reload', '1a2b3c'],
      why: expect.stringMatching(/^Synced folders change when the machine restarts/),
      whyRef: { key: 'errors.restartWhy.vagrant' },
    });
    expect(res.message).toBe(`${file}: syncedFolder set to nfs (backup: ${join(res.backupDir!, 'Vagrantfile')})`);
  });

  it('rejected by `vagrant validate`: the Vagrantfile is put back and the result quotes vagrant', async () => {
    const { file, env, dataDir, finding } = project(
      "echo 'There are errors in the configuration of this machine.' >&2; echo 'synced folder: bad type' >&2; exit 1",
    );
    const res = await applyFinding(finding, VAGRANT, { dataDir, env });
    expect(res).toMatchObject({ ok: false, rolledBack: true, backupDir: expect.stringContaining(join(dataDir, 'backups')) });
    expect(readFileSync(file, 'utf8')).toBe(VAGRANTFILE);
    expect(res.message).toBe(
      '`vagrant validate` rejected the edited Vagrantfile: There are errors in the configuration of this machine. | synced folder: bad type; ' +
        `${file} was restored from ${join(res.backupDir!, 'Vagrantfile')}`,
    );
    expect(res.restart).toBeUndefined();
  });

  it("rejected with a Ruby backtrace (vagrant 2.3.4's output for an unknown type, run on this machine): its last lines, without their tabs", async () => {
    const from = (f: string): string => `\tfrom /usr/share/rubygems-integration/all/gems/vagrant-2.3.4/${f}`;
    const lines = [
      "/usr/share/rubygems-integration/all/gems/vagrant-2.3.4/lib/vagrant/action/builtin/mixin_synced_folders.rb:142:in `block in synced_folders': Internal error. Report this as a bug. Invalid: bogus (RuntimeError)",
      from("lib/vagrant/action/builtin/mixin_synced_folders.rb:130:in `each'"),
      from("plugins/commands/validate/command.rb:37:in `execute'"),
      from("lib/vagrant/cli.rb:67:in `execute'"),
    ];
    const { env, dataDir, finding } = project(`printf '%s\\n' ${lines.map((l) => `'${l.replace(/'/g, "'\\''")}'`).join(' ')} >&2; exit 1`);
    const res = await applyFinding(finding, VAGRANT, { dataDir, env });
    expect(res.message).toMatch(
      /^`vagrant validate` rejected the edited Vagrantfile: from \/usr\/share\/rubygems-integration\/all\/gems\/vagrant-2\.3\.4\/lib\/vagrant\/action\/builtin\/mixin_synced_folders\.rb:130:in `each' \| \tfrom /,
    );
  });

  it('rejected without a word: the result says there was no message', async () => {
    const { env, dataDir, finding } = project('exit 1');
    expect((await applyFinding(finding, VAGRANT, { dataDir, env })).message).toMatch(/^`vagrant validate` rejected the edited Vagrantfile: no message; /);
  });

  it('not checked because libvirt does not answer: put back, and the result says to start libvirtd', async () => {
    const { file, env, dataDir, finding } = project(
      "echo 'Error while connecting to Libvirt: Error making a connection to libvirt URI qemu:///system' >&2; exit 1",
    );
    const res = await applyFinding(finding, VAGRANT, { dataDir, env });
    expect(res).toMatchObject({ ok: false, rolledBack: true });
    expect(readFileSync(file, 'utf8')).toBe(VAGRANTFILE);
    expect(res.message).toMatch(/cannot reach libvirt \(vagrant-libvirt connects to it to check a nfs folder\)\. Start libvirtd/);
    expect(res.message).toContain('vagrant said: Error while connecting to Libvirt');
  });

  it('where vagrant is not installed, the edit is kept unchecked', async () => {
    const { file, env, dataDir, finding } = project();
    const res = await applyFinding(finding, VAGRANT, { dataDir, env });
    expect(res).toMatchObject({ ok: true });
    expect(readFileSync(file, 'utf8')).toBe(VAGRANTFILE.replace(OLD, NEW));
  });
});

describe('a file change that does not hold', () => {
  it('a file that lost the new value right after the write is put back, and the result says it did not hold', async () => {
    const { file, dataDir, finding } = project();
    const res = await applyFinding(finding, VAGRANT, {
      dataDir,
      env: { PATH: '/nonexistent', HOME: root },
      afterChange: async () => writeFileSync(file, VAGRANTFILE),
    });
    expect(res).toMatchObject({ ok: false, rolledBack: true });
    expect(res.message).toBe(`${file} does not hold the new value after the write; ${file} was restored from ${join(res.backupDir!, 'Vagrantfile')}`);
  });

  it('when the original cannot be written back either, the result says so and names the backup', async () => {
    const { file, dataDir, finding } = project();
    const res = await applyFinding(finding, VAGRANT, {
      dataDir,
      env: { PATH: '/nonexistent', HOME: root },
      // The project folder is replaced by a file: neither the check nor the restore can reach the Vagrantfile.
      afterChange: async () => {
        rmSync(join(root, 'project'), { recursive: true });
        writeFileSync(join(root, 'project'), 'not a folder');
      },
    });
    expect(res).toMatchObject({ ok: false, rolledBack: false, backupDir: expect.stringContaining(join(dataDir, 'backups')) });
    expect(res.message).toMatch(
      new RegExp(`; writing the backup ${join(res.backupDir!, 'Vagrantfile').replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} back also failed: ENOTDIR`),
    );
    expect(readFileSync(join(res.backupDir!, 'Vagrantfile'), 'utf8')).toBe(VAGRANTFILE);
    expect(file).toBe(join(root, 'project', 'Vagrantfile'));
  });
});

describe('a file plan', () => {
  it('of a file that already holds the value says there is no change', async () => {
    const { file, dataDir, finding } = project();
    writeFileSync(file, VAGRANTFILE.replace(OLD, NEW));
    const plan = await planApply(finding, VAGRANT, { dataDir, env: { PATH: '/nonexistent', HOME: root } });
    expect(plan.diff).toBe('(no change: the file already has this value)');
    expect(plan.notes).toEqual([]);
  });

  it("names the file under the user's home for a ~ path (HOME of the apply's environment), and offers each restart command joined by &&", async () => {
    const yaml = join(root, 'home', '.lima', 'dev', 'lima.yaml');
    mkdirSync(join(yaml, '..'), { recursive: true });
    writeFileSync(yaml, 'cpus: 2\nmemory: 4GiB\n');
    const finding: Finding = {
      id: 'lima:dev/cpus',
      setting: 'cpus',
      current: 2,
      recommended: 4,
      severity: 'low',
      evidence: 'e',
      apply: { kind: 'file', path: '~/.lima/dev/lima.yaml', diff: lineDiff('~/.lima/dev/lima.yaml', ['cpus: 2'], ['cpus: 4']) },
    };
    const plan = await planApply(finding, runtime('lima', 'lima:dev'), { dataDir: join(root, 'data'), env: { HOME: join(root, 'home') } });
    expect(plan.path).toBe(yaml);
    expect(plan.diff).toBe(`--- ${yaml}\n+++ ${yaml}\n@@ -1,3 +1,3 @@\n-cpus: 2\n+cpus: 4\n memory: 4GiB\n \n`);
    expect(plan.restart).toEqual({
      argv: ['limactl', 'stop', '--', 'dev', '&&', 'limactl', 'start', '--', 'dev'],
      why: 'Lima reads lima.yaml on start.',
      whyRef: { key: 'errors.restartWhy.lima' },
    });
    // A ~ inside a path is a folder's name, not the home.
    const inside = { ...finding, apply: { ...finding.apply!, path: `${root}/~/lima.yaml` } } as Finding;
    await expect(planApply(inside, runtime('lima', 'lima:dev'), { dataDir: join(root, 'data'), env: { HOME: join(root, 'home') } })).rejects.toThrow(
      new RegExp(`ENOENT.*${root}/~/lima\\.yaml`),
    );
    // "~user/…" is another user's home, not this one: it is left as written (and so not found).
    const other = { ...finding, apply: { ...finding.apply!, path: '~dev/lima.yaml' } } as Finding;
    await expect(planApply(other, runtime('lima', 'lima:dev'), { dataDir: join(root, 'data'), env: { HOME: join(root, 'home') } })).rejects.toThrow(
      /ENOENT.*~dev\/lima\.yaml/,
    );
  });
});
