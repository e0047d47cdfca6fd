/**
 * A real Vagrant machine for the tests: Debian's vagrant + vagrant-libvirt, the box built locally
 * from the test guest image (scripts/build-vagrant-box.sh), and libvirtd, its management network,
 * the guest and vagrant itself inside a network + mount namespace made for the test
 * (scripts/vagrant-netns.sh). The app only sees a `vagrant` wrapper first on PATH, exactly as it
 * would see a user's vagrant. Nothing is sent to any address outside that namespace.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const repo = resolve(import.meta.dirname, '..', '..');

/** What a started environment offers. */
export interface VagrantEnv {
  /** Root of everything this environment made (namespace state, VAGRANT_HOME, the machine). */
  dir: string;
  /** The folder with the `vagrant` (and `virsh`) wrappers, to put first on PATH. */
  binDir: string;
  /** The machine's home folder (its Vagrantfile). */
  machineHome: string;
  /** Host folders of the synced folders: /vagrant and /srv/data in the guest. */
  shares: { vagrant: string; data: string };
  /** Environment for vagrant (PATH with the wrapper, VAGRANT_HOME, no update check). */
  env: NodeJS.ProcessEnv;
  /** Runs vagrant (the wrapper) in the machine's home; returns stdout, throws with the output on failure. */
  vagrant(args: string[], opts?: { timeoutMs?: number; input?: string }): string;
  /** The machine's id in `vagrant global-status`. */
  machineId(): string;
  /** What vagrant and libvirt hold now (the calls made, the machine's data folder, the index, the domains), for a failure report. Never throws. */
  diagnose(): string;
  /** `vagrant destroy -f`, then stops the namespace and removes every file. Never throws. */
  dispose(): void;
}

/** Builds (or reuses) the box: the folder with vmbench-test.box and box.env. */
export function buildBox(): { box: string; kernel: string; initrd: string; cmdline: string } {
  const out = execFileSync('sh', [join(repo, 'scripts', 'build-vagrant-box.sh')], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
    timeout: 1_800_000,
  });
  const dir = out.trim().split('\n').pop()!;
  const env = Object.fromEntries(
    readFileSync(join(dir, 'box.env'), 'utf8')
      .split('\n')
      .filter((l) => l.includes('='))
      .map((l) => [l.slice(0, l.indexOf('=')), l.slice(l.indexOf('=') + 1).replace(/^'|'$/g, '')]),
  );
  return { box: join(dir, 'vmbench-test.box'), kernel: env.KERNEL, initrd: env.INITRD, cmdline: env.CMDLINE };
}

/** The test's Vagrantfile: two 9p synced folders (passthrough: QEMU runs as root in the namespace), direct kernel boot, TCG. */
export function vagrantfile(b: { kernel: string; initrd: string; cmdline: string }): string {
  return `# vmbench Vagrant test machine (tests/helpers/vagrant-env.ts)
Vagrant.configure("2") do |config|
  config.vm.box = "vmbench-test"
  config.vm.synced_folder "./code", "/vagrant", type: "9p", accessmode: "passthrough"
  config.vm.synced_folder "./data", "/srv/data", type: "9p", accessmode: "passthrough"
  config.ssh.insert_key = false
  config.vm.boot_timeout = 900
  config.vm.provider :libvirt do |libvirt|
    libvirt.driver = "qemu"
    libvirt.memory = 1024
    libvirt.cpus = 2
    libvirt.kernel = "${b.kernel}"
    libvirt.initrd = "${b.initrd}"
    libvirt.cmd_line = "${b.cmdline}"
    libvirt.graphics_type = "none"
    libvirt.video_type = "none"
  end
end
`;
}

/** Starts the namespace, adds the box and brings the machine up (`vagrant up --provider=libvirt`). */
export function startVagrantMachine(log: (s: string) => void): VagrantEnv {
  const box = buildBox();
  const dir = mkdtempSync('/var/tmp/vmbench-vagrant-');
  let binDir = '';
  const machineHome = join(dir, 'machine');
  const shares = { vagrant: join(machineHome, 'code'), data: join(machineHome, 'data') };
  for (const d of Object.values(shares)) {
    mkdirSync(d, { recursive: true });
    chmodSync(d, 0o1777); // the guest's vagrant user writes through 9p passthrough as its own uid
  }
  const env: NodeJS.ProcessEnv = { ...process.env, VAGRANT_HOME: join(dir, 'vagrant-home'), VAGRANT_CHECKPOINT_DISABLE: '1', VAGRANT_NO_COLOR: '1' };
  const vagrant = (args: string[], opts: { timeoutMs?: number; input?: string } = {}): string => {
    const r = spawnSync(join(binDir, 'vagrant'), args, {
      cwd: machineHome,
      env,
      encoding: 'utf8',
      timeout: opts.timeoutMs ?? 120_000,
      input: opts.input ?? '',
      maxBuffer: 64 << 20,
    });
    if (r.status !== 0) {
      const out = `${r.stdout ?? ''}\n${r.stderr ?? ''}`.replace(/\r?[^\n\r]*Progress: [^\n]*/g, '');
      throw new Error(
        `vagrant ${args.join(' ')} failed (${r.status ?? r.signal ?? r.error?.message}):\n${out
          .split('\n')
          .filter((l) => !/^\s+from /.test(l))
          .slice(-30)
          .join('\n')}`,
      );
    }
    return r.stdout;
  };
  const dispose = (): void => {
    if (binDir) {
      try {
        vagrant(['destroy', '-f'], { timeoutMs: 180_000 });
      } catch (e) {
        log(`vagrant destroy: ${(e as Error).message}`);
      }
    }
    spawnSync('sh', [join(repo, 'scripts', 'vagrant-netns.sh'), 'stop', join(dir, 'ns')], { stdio: 'inherit', timeout: 60_000 });
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    binDir = execFileSync('sh', [join(repo, 'scripts', 'vagrant-netns.sh'), 'start', join(dir, 'ns')], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'inherit'],
      timeout: 60_000,
    })
      .trim()
      .split('\n')
      .pop()!;
    env.PATH = `${binDir}:${process.env.PATH ?? ''}`;
    writeFileSync(join(machineHome, 'Vagrantfile'), vagrantfile(box));
    vagrant(['box', 'add', '--name', 'vmbench-test', box.box], { timeoutMs: 300_000 });
    const t0 = Date.now();
    vagrant(['up', '--provider=libvirt'], { timeoutMs: 1_200_000 });
    log(`vagrant up: ${((Date.now() - t0) / 1000).toFixed(0)} s`);
  } catch (e) {
    dispose();
    throw e;
  }
  const machineId = (): string => {
    const line = vagrant(['global-status', '--machine-readable'])
      .split('\n')
      .find((l) => l.split(',')[2] === 'machine-id');
    if (!line) throw new Error('vagrant global-status lists no machine');
    return line.split(',')[3];
  };
  const diagnose = (): string => {
    const sh = (file: string, args: string[]): string => {
      const r = spawnSync(file, args, { cwd: machineHome, env, encoding: 'utf8', timeout: 60_000 });
      return `$ ${[file, ...args].join(' ')}\n${r.stdout ?? ''}${r.stderr ?? ''}`.trim();
    };
    return [
      sh('tail', ['-n', '40', join(dir, 'ns', 'calls.log')]),
      sh('ls', ['-la', join(machineHome, '.vagrant', 'machines', 'default', 'libvirt')]),
      sh('cat', [join(dir, 'vagrant-home', 'data', 'machine-index', 'index')]),
      sh(join(binDir, 'virsh'), ['-c', 'qemu:///system', 'list', '--all', '--uuid', '--name']),
    ].join('\n');
  };
  return { dir, binDir, machineHome, shares, env, vagrant, machineId, diagnose, dispose };
}
