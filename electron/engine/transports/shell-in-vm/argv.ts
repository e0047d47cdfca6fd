/**
 * The command line of each VM runtime's "shell in the guest" CLI, and how its arguments reach the
 * guest. Two behaviours exist (read from each CLI's source):
 * - 'argv': the CLI quotes every argument itself, so the guest command gets exactly our argv:
 *   `limactl shell INSTANCE ARGS` (each arg through shellescape.Quote, run by `exec "$SHELL" --login -c`
 *   after cd-ing to the host's cwd), `rdctl shell ARGS` (execs `limactl shell 0 ARGS` on macOS and
 *   Linux) and `colima ssh -p PROFILE -- ARGS` (execs `limactl shell --workdir WD PROFILE ARGS`).
 * - 'joined': the CLI joins the arguments with spaces and the guest's login shell re-splits them, so
 *   each one must be quoted for a POSIX shell: `podman machine ssh NAME ARGS` (ssh, or Go's
 *   x/crypto/ssh session.Run(strings.Join(args, " "))) and `rdctl shell` on Windows (`wsl -d
 *   rancher-desktop ARGS`).
 * - 'command': the CLI takes the whole guest command as ONE argument and hands it to a shell:
 *   `vagrant ssh ID --no-tty -c COMMAND` runs `bash -l -c 'COMMAND'` in the guest (Vagrant's
 *   SSHRun escapes the single quotes itself), so the arguments are quoted and joined into it.
 */
import { engineError } from '../../errors.js';

/** A runtime whose VM is reached through its own CLI's shell command, or plain ssh (a libvirt domain the user configured). */
export type ShellKind = 'rancher-desktop' | 'lima' | 'colima' | 'podman' | 'ssh' | 'vagrant';

/** Whether the CLI passes each argument through ('argv'), joins them for the guest's shell ('joined'), or takes one command string ('command'). */
export type ArgPassing = 'argv' | 'joined' | 'command';

/** The executable to spawn, the arguments before the guest command, and how it passes the rest. */
export interface CliSpec {
  file: string;
  prefix: string[];
  passing: ArgPassing;
}

/** What picks the CLI: the instance (Lima instance, Colima profile, Podman machine) and overrides. */
export interface CliChoice {
  instance?: string;
  /** The CLI's executable (e.g. /Applications/Rancher Desktop.app/.../rdctl) instead of the name on PATH. */
  cliPath?: string;
  /** A whole command to use instead of the kind's (e.g. an ssh command line); the kind's argument passing still applies. */
  command?: string[];
  /** The host platform (rdctl goes through wsl on Windows). */
  platform?: NodeJS.Platform;
  /** ssh only: a private key file (`ssh -i`). */
  identity?: string;
  /** ssh only: a known_hosts file holding the guest's host key (strict checking stays on). */
  knownHosts?: string;
}

const SAFE = /^[A-Za-z0-9_@%+=:,./-]+$/;
/** A plain name (a Vagrant machine id, an ssh config's Host): never an option, never a pattern. */
const PLAIN_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;
/** ssh's options for a script's connection: never a password prompt, a bounded connect. */
const SSH_BATCH = ['-o', 'BatchMode=yes', '-o', 'ConnectTimeout=10'];

/** One argument quoted for a POSIX shell: as it is when it needs no quoting, else in single quotes ('\'' for a quote). */
export function shQuote(arg: string): string {
  if (SAFE.test(arg)) return arg;
  return `'${arg.replace(/'/g, `'\\''`)}'`;
}

/** The CLI that opens a shell in the kind's VM. */
export function cliFor(kind: ShellKind, choice: CliChoice = {}): CliSpec {
  const platform = choice.platform ?? process.platform;
  let spec: CliSpec;
  switch (kind) {
    case 'rancher-desktop':
      spec = { file: 'rdctl', prefix: ['shell'], passing: platform === 'win32' ? 'joined' : 'argv' };
      break;
    case 'lima':
      spec = { file: 'limactl', prefix: ['shell', choice.instance ?? 'default'], passing: 'argv' };
      break;
    case 'colima':
      spec = { file: 'colima', prefix: ['ssh', '-p', choice.instance ?? 'default', '--'], passing: 'argv' };
      break;
    case 'podman':
      spec = { file: 'podman', prefix: ['machine', 'ssh', choice.instance ?? 'podman-machine-default'], passing: 'joined' };
      break;
    case 'vagrant':
      // --no-tty: without it Vagrant asks ssh for a tty (-t), which mangles the event stream.
      spec = { file: 'vagrant', prefix: ['ssh', vagrantId(choice.instance), '--no-tty', '-c'], passing: 'command' };
      break;
    case 'ssh':
      spec = { file: 'ssh', prefix: sshPrefix(choice.instance ?? '', choice.identity, choice.knownHosts), passing: 'joined' };
      break;
    default:
      throw new Error(`no shell transport for the runtime kind "${String(kind)}"`);
  }
  if (choice.command && choice.command.length > 0) return { ...spec, file: choice.command[0], prefix: choice.command.slice(1) };
  if (choice.cliPath) return { ...spec, file: choice.cliPath };
  return spec;
}

/**
 * Plain ssh with the config the runtime's own CLI printed for the guest (`vagrant ssh-config`): the
 * same host, user, port, key and options `vagrant ssh` uses, without its seconds of start-up per call.
 * -F alone (no ~/.ssh/config, no /etc/ssh/ssh_config), no tty, never a password prompt. Undefined for a
 * Host that is not a plain name.
 */
export function sshConfigCli(configFile: string, host: string): CliSpec | undefined {
  if (!PLAIN_NAME.test(host)) return undefined;
  return { file: 'ssh', prefix: ['-F', configFile, '-T', ...SSH_BATCH, '--', host], passing: 'joined' };
}

/** The arguments of the CLI (after its executable) that run `guest` in the VM with exactly that argv. */
export function cliArgs(cli: CliSpec, guest: string[]): string[] {
  if (cli.passing === 'command') return [...cli.prefix, guest.map(shQuote).join(' ')];
  return [...cli.prefix, ...(cli.passing === 'joined' ? guest.map(shQuote) : guest)];
}

/** A Vagrant machine id or name as `vagrant ssh` takes it; never an option. */
function vagrantId(id: string | undefined): string {
  if (!id || !PLAIN_NAME.test(id)) throw new Error(`"${id ?? ''}" is not a Vagrant machine id`);
  return id;
}

/** The command line as text, for messages (never executed). */
export function describeCommand(cli: CliSpec, args: string[]): string {
  return [cli.file, ...args].map((a) => (a.length > 80 ? `${a.slice(0, 40)}...` : a)).join(' ');
}

/** An ssh destination as configured: [user@]host[:port]; never an option (no leading "-"). */
const SSH_DEST = /^(?:([A-Za-z0-9._][A-Za-z0-9._-]*)@)?([A-Za-z0-9][A-Za-z0-9.-]*|\[[0-9A-Fa-f:.]+\])(?::(\d{1,5}))?$/;

/** ssh's arguments before the remote command: batch mode (never a password prompt), port, key, then `--` and the host. */
export function sshPrefix(destination: string, identity?: string, knownHosts?: string): string[] {
  const m = SSH_DEST.exec(destination);
  if (!m) throw engineError('invalid-input', 'errors.sshDestination', { destination });
  const [, user, host, port] = m;
  return [
    ...SSH_BATCH,
    ...(port ? ['-p', port] : []),
    ...(identity ? ['-i', identity, '-o', 'IdentitiesOnly=yes'] : []),
    ...(knownHosts ? ['-o', `UserKnownHostsFile=${knownHosts}`] : []),
    '--',
    user ? `${user}@${host.replace(/^\[|\]$/g, '')}` : host.replace(/^\[|\]$/g, ''),
  ];
}
