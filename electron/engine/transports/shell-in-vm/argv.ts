/**
 * How a VM runtime's "shell in the guest" CLI is called, and how its arguments reach the guest. Each
 * runtime kind declares its own CLI (`RuntimeKind.shell`, a ShellSpec in the kind's file); plain ssh
 * (a libvirt domain the user configured) is SSH_SHELL here. Three behaviours exist (read from each CLI's source):
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
import { engineError } from '../../util/errors.js';

/** Whether the CLI passes each argument through ('argv'), joins them for the guest's shell ('joined'), or takes one command string ('command'). */
export type ArgPassing = 'argv' | 'joined' | 'command';

/** The executable to spawn, the arguments before the guest command, and how it passes the rest. */
export interface CliSpec {
  file: string;
  prefix: string[];
  passing: ArgPassing;
}

/**
 * A VM's shell command: a runtime kind's own (declared in its file as `RuntimeKind.shell`), or plain
 * ssh (SSH_SHELL). The transport adds the overrides of CliChoice (cliPath, command) itself.
 */
export interface ShellSpec {
  /** Whose VM it is, in messages ("the lima VM"): the runtime kind's id, or "ssh". */
  kind: string;
  /** The CLI for an instance (the kind's default instance when none is given); `choice.platform` is always set. */
  cli(choice: CliChoice & { platform: NodeJS.Platform }): CliSpec;
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

/** Plain ssh to a configured destination ([user@]host[:port]), with an optional key and known_hosts file. */
export const SSH_SHELL: ShellSpec = {
  kind: 'ssh',
  cli: (choice) => ({ file: 'ssh', prefix: sshPrefix(choice.instance ?? '', choice.identity, choice.knownHosts), passing: 'joined' }),
};

/** The CLI that opens a shell in the VM, with the choice's overrides (a whole command, or the CLI's path). */
export function cliFor(shell: ShellSpec, choice: CliChoice = {}): CliSpec {
  const spec = shell.cli({ ...choice, platform: choice.platform ?? process.platform });
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

/** Whether a name (a Vagrant machine id, an ssh config's Host) is plain: never an option, never a pattern. */
export function isPlainName(name: string): boolean {
  return PLAIN_NAME.test(name);
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
