/**
 * `vmbench apply` on a Vagrantfile whose provisioning scripts (heredocs) hold synced_folder lines
 * (built bundle; `vagrant` replayed from its real global-status capture, pointed at this test's folder).
 * Without --yes and off a terminal the CLI prints the plan and changes nothing: the plan's diff must
 * touch the real statement only, never the script text.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeStubEnv, captured, type StubEnv } from '../helpers/runtimes-stubs.js';
import { runCli } from '../helpers/cli.js';

/** The machine folder named in the capture (machine e8ad859, virtualbox). */
const CAPTURED_DIR = '/path/to/orbital-transfer-example/perl-gtk3-starter-basic';
const SCRIPT = '    config.vm.synced_folder ".", "/vagrant", type: "virtualbox"';
const VAGRANTFILE = [
  'Vagrant.configure("2") do |config|',
  '  config.vm.box = "debian/bookworm64"',
  '  config.vm.provision "shell", inline: <<~SHELL',
  SCRIPT,
  '  SHELL',
  '  config.vm.provision "shell", inline: [<<-\'ONE\', <<TWO].join',
  SCRIPT,
  '    ONE',
  SCRIPT,
  'TWO',
  '  config.vm.synced_folder ".", "/vagrant", type: "virtualbox"',
  'end',
  '',
].join('\n');

describe('vmbench apply shows a Vagrantfile plan that leaves heredocs alone (built bundle)', () => {
  let stub: StubEnv;
  let work: string;
  let machineDir: string;
  beforeAll(() => {
    work = mkdtempSync(join(tmpdir(), 'vmbench-vf-heredoc-'));
    machineDir = join(work, 'project');
    mkdirSync(machineDir);
    writeFileSync(join(machineDir, 'Vagrantfile'), VAGRANTFILE);
    const status = join(work, 'global-status.txt');
    writeFileSync(
      status,
      readFileSync(captured('vagrant/global-status-machine-readable.virtualbox-2machines.txt'), 'utf8').split(CAPTURED_DIR).join(machineDir),
    );
    stub = makeStubEnv({ vagrant: [{ args: '"global-status --machine-readable"', stdout: status }] });
  }, 300_000);
  afterAll(() => {
    stub?.cleanup();
    rmSync(work, { recursive: true, force: true });
  });

  it('the diff edits line 11 only and the file stays as it was', () => {
    const r = runCli(['apply', 'vagrant:e8ad859/mountType'], { ...stub.env, VMBENCH_HOME: join(stub.root, 'data'), LANG: 'C.UTF-8', LC_ALL: '' }, 120_000);
    expect(r.status, r.stderr).toBe(2);
    expect(r.stderr).toContain('--yes');
    const diff = r.stdout
      .split('\n')
      .filter((l) => /^\s+[-+](?![-+])/.test(l))
      .map((l) => l.trim());
    expect(diff).toEqual(['-  config.vm.synced_folder ".", "/vagrant", type: "virtualbox"', '+  config.vm.synced_folder ".", "/vagrant", type: "nfs"']);
    expect(r.stdout).toMatch(/@@ -\d+,\d+ \+\d+,\d+ @@/);
    expect(r.stdout).not.toMatch(/^\s+[-+]\s{4}config/m);
    expect(readFileSync(join(machineDir, 'Vagrantfile'), 'utf8')).toBe(VAGRANTFILE);
  });
});
