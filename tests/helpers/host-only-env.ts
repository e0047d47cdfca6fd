// What a test's `vmbench` sees of this machine's runtimes: nothing but This machine, unless it asks.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';

/** The HOME of the integration tests' processes (vitest.config.ts): a folder of this checkout, emptied before each run. */
export const INTEGRATION_HOME = join(import.meta.dirname, '..', '..', 'test-results', 'integration-home');

/**
 * Environment for a `vmbench` that must find This machine only, whatever runs on the machine: its own
 * HOME (no Vagrant index, Docker context, Lima, Colima or Docker Desktop settings of the user's), and
 * libvirt and Docker pointed at sockets that do not exist (a developer's guest or the live lane's would
 * otherwise be detected, and a click on "benchmark" could start a run in it). Docker's config and
 * Vagrant's home are named inside that HOME and DOCKER_CONTEXT is emptied (Docker reads empty as unset):
 * any of them set by the caller's shell would lead the CLIs back to the machine's own. Every value is a
 * string: vitest's `env` would turn an undefined one into the word "undefined".
 */
export function hostOnlyEnv(home: string): Record<string, string> {
  return {
    HOME: home,
    VMBENCH_LIBVIRT_URI: `qemu+unix:///system?socket=${join(home, 'no-libvirt.sock')}`,
    DOCKER_HOST: `unix://${join(home, 'no-docker.sock')}`,
    DOCKER_CONFIG: join(home, '.docker'),
    DOCKER_CONTEXT: '',
    VAGRANT_HOME: join(home, '.vagrant.d'),
  };
}

/** One call of a spied runtime CLI: which one, with what HOME, Docker settings and arguments. */
export interface RuntimeCall {
  cli: string;
  home: string;
  dockerHost: string;
  dockerContext: string;
  args: string[];
}

/** Recording stand-ins for the runtimes' CLIs (virsh, docker, vagrant), to put first on PATH as the machine's own. */
export interface RuntimeSpies {
  bin: string;
  /** Every call made so far. */
  calls: () => RuntimeCall[];
  cleanup: () => void;
}

/**
 * Puts a `virsh`, `docker` and `vagrant` in a folder of their own that log how they were called and
 * fail as a CLI without its daemon does, so a test can see whether a `vmbench` would have reached the
 * machine's libvirtd, dockerd or Vagrant index had they been running.
 */
export function spyOnRuntimeClis(): RuntimeSpies {
  const root = mkdtempSync(join(tmpdir(), 'vmbench-spies-'));
  const bin = join(root, 'bin');
  const log = join(root, 'calls.tsv');
  mkdirSync(bin);
  writeFileSync(log, '');
  for (const cli of ['virsh', 'docker', 'vagrant']) {
    const script = [
      '#!/bin/sh',
      `printf '%s\\t%s\\t%s\\t%s' ${cli} "\${HOME-}" "\${DOCKER_HOST-}" "\${DOCKER_CONTEXT-}" >> '${log}'`,
      `for a in "$@"; do printf '\\t%s' "$a" >> '${log}'; done`,
      `echo >> '${log}'`,
      'echo "error: failed to connect (spy)" >&2',
      'exit 1',
      '',
    ].join('\n');
    writeFileSync(join(bin, cli), script, { mode: 0o755 });
  }
  const calls = (): RuntimeCall[] =>
    readFileSync(log, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => {
        const [cli, home, dockerHost, dockerContext, ...args] = line.split('\t');
        return { cli, home, dockerHost, dockerContext, args };
      });
  return { bin, calls, cleanup: () => rmSync(root, { recursive: true, force: true }) };
}

/** The calls that would have reached this machine's own runtimes: its user's HOME, libvirt's default socket, Docker's default socket or context. */
export function machineReaches(calls: RuntimeCall[]): string[] {
  const machineHome = userInfo().homedir;
  const out: string[] = [];
  for (const c of calls) {
    const what = `${c.cli} ${c.args.join(' ')}`;
    if (!c.home || c.home === machineHome) out.push(`${what}: HOME is the user's (${c.home || 'unset'})`);
    // `--version` prints the client's version and connects to nothing.
    const connects = !(c.args.length === 1 && c.args[0] === '--version');
    if (c.cli === 'virsh' && connects) {
      const uri = c.args[c.args.indexOf('-c') + 1] ?? '';
      const socket = /[?&]socket=([^&]+)/.exec(uri)?.[1];
      if (!c.args.includes('-c') || !socket || existsSync(socket)) out.push(`${what}: libvirt at ${uri || 'its default'}`);
    }
    if (c.cli === 'docker' && connects) {
      const socket = c.dockerHost.replace(/^unix:\/\//, '');
      if (!c.dockerHost.startsWith('unix://') || existsSync(socket) || c.dockerContext)
        out.push(`${what}: Docker at ${c.dockerHost || c.dockerContext || 'its default'}`);
    }
  }
  return out;
}
