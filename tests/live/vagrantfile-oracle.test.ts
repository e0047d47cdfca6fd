/**
 * The static Vagrantfile reader against Vagrant itself: for each real Vagrantfile of
 * tests/fixtures/vagrantfiles, Vagrant 2.3.4's own config loader (helpers/vagrant-config-oracle.rb;
 * nothing is created or started) says which synced folders a machine gets on a provider, their
 * declared type, and the provider's memory/cpus; vmbench's reading must agree. Files that need
 * files of their own project (VVV's config.yml) or would install plugins when loaded
 * (coreos-vagrant runs `vagrant plugin install`) are left to the unit tests.
 */
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseVagrantfile } from '../../electron/engine/runtimes/vagrant/vagrantfile.js';

const repo = resolve(import.meta.dirname, '..', '..');
const FIXTURES = join(repo, 'tests', 'fixtures', 'vagrantfiles');
const ORACLE = join(repo, 'tests', 'helpers', 'vagrant-config-oracle.rb');
const VAGRANT_LIB = '/usr/share/rubygems-integration/all/gems/vagrant-2.3.4/lib';
const dirs: string[] = [];

interface Oracle {
  folders: Record<string, { type: string | null; disabled: boolean; hostpath: string }>;
  memory: string | null;
  cpus: string | null;
}

function oracle(file: string, machine: string, provider: string): Oracle {
  const dir = mkdtempSync(join(os.tmpdir(), 'vmbench-oracle-'));
  dirs.push(dir);
  copyFileSync(join(FIXTURES, file), join(dir, 'Vagrantfile'));
  const out = execFileSync('ruby', [`-I${VAGRANT_LIB}`, ORACLE, machine, provider], {
    cwd: dir,
    encoding: 'utf8',
    env: { ...process.env, VAGRANT_CHECKPOINT_DISABLE: '1', VAGRANT_HOME: join(dir, '.vagrant.d') },
    timeout: 120_000,
  });
  return JSON.parse(out.trim().split('\n').pop() ?? '{}') as Oracle;
}

afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

// vagrant-libvirt and Hyper-V fill memory/cpus with their defaults when the file sets none; VirtualBox leaves them unset.
const DEFAULTS: Record<string, { memory: string | null; cpus: string | null }> = {
  libvirt: { memory: '512', cpus: '1' },
  hyperv: { memory: null, cpus: null },
  virtualbox: { memory: null, cpus: null },
};

const CASES: [string, string][] = [
  ['faucet.Vagrantfile', 'dev'],
  ['rgl-mediamtx-rtsp-server.Vagrantfile', 'default'],
  ['olddriver-vagrant.Vagrantfile', 'default'],
  ['jujuonelove-gobelins-sf.Vagrantfile', 'default'],
  ['mav96-audiobook.Vagrantfile', 'default'],
  ['gusabi-pencilcase.Vagrantfile', 'default'],
  ['adyang-dotfiles.Vagrantfile', 'default'],
];

describe('vmbench reads real Vagrantfiles as Vagrant 2.3.4 does', () => {
  for (const [file, machine] of CASES) {
    for (const provider of ['virtualbox', 'libvirt', 'hyperv']) {
      it(`${file} on ${provider}`, () => {
        const truth = oracle(file, machine, provider);
        const ours = parseVagrantfile(readFileSync(join(FIXTURES, file), 'utf8'), provider, machine);
        const mine = Object.fromEntries(ours.syncedFolders.map((f) => [f.guestPath, { type: f.typeDeclared ? f.type : null, disabled: f.disabled }]));
        const theirs = Object.fromEntries(
          Object.entries(truth.folders).map(([g, f]) => [g, { type: f.type === 'virtualbox' ? 'vboxsf' : f.type, disabled: f.disabled }]),
        );
        expect(mine).toEqual(theirs);
        const d = DEFAULTS[provider];
        expect(ours.memoryMiB === undefined ? d.memory : String(ours.memoryMiB)).toBe(truth.memory);
        expect(ours.cpus === undefined ? d.cpus : String(ours.cpus)).toBe(truth.cpus);
      }, 130_000);
    }
  }
});
