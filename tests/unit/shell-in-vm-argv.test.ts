// The exact command lines of the shell-in-VM transport per runtime kind, and the quoting for CLIs
// whose guest side re-splits a joined command line (podman machine ssh, wsl): checked against a
// real POSIX shell with generated arguments full of shell syntax.
import { execFileSync } from 'node:child_process';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cliArgs, shQuote } from '../../electron/engine/transports/shell-in-vm/argv.js';
import { cliFor, createShellTransport } from '../helpers/shells.js';
import { CONTROL_SCRIPT, SCRIPT_END, controlCommand, runCommand, wrapScript } from '../../electron/engine/transports/shell-in-vm/guest-scripts.js';
import { sshDestination } from '../../electron/engine/transports/libvirt/for-runtime.js';

const DIR = `/Users/me/it's a "dir" $HOME`;
const CTL = '/var/tmp/vmbench/.vmbench-ctl-0a1b2c3d-1';
const SCRIPT_ARGS = ['--dir', DIR, '--trials', '3', '--tool', 'auto'];
const GUEST_RUN = ['sh', '-s', '--', CTL, ...SCRIPT_ARGS];
const QUOTED_DIR = `'/Users/me/it'\\''s a "dir" $HOME'`;

describe('the command each kind runs', () => {
  it('rdctl shell passes the guest argv through (it execs limactl shell 0 ARGS, which quotes each one)', () => {
    const cli = cliFor('rancher-desktop', { platform: 'darwin' });
    expect([cli.file, ...cliArgs(cli, runCommand(CTL, SCRIPT_ARGS))]).toEqual(['rdctl', 'shell', ...GUEST_RUN]);
  });

  it('limactl shell INSTANCE passes the guest argv through', () => {
    const cli = cliFor('lima', { instance: 'my vm' });
    expect([cli.file, ...cliArgs(cli, runCommand(CTL, SCRIPT_ARGS))]).toEqual(['limactl', 'shell', 'my vm', ...GUEST_RUN]);
  });

  it('colima ssh -p PROFILE -- passes the guest argv through (it runs limactl shell)', () => {
    const cli = cliFor('colima', { instance: 'work' });
    expect([cli.file, ...cliArgs(cli, runCommand(CTL, SCRIPT_ARGS))]).toEqual(['colima', 'ssh', '-p', 'work', '--', ...GUEST_RUN]);
  });

  it('podman machine ssh NAME quotes each argument for the guest shell that re-splits the joined line', () => {
    const cli = cliFor('podman', { instance: 'podman-machine-default' });
    expect([cli.file, ...cliArgs(cli, runCommand(CTL, SCRIPT_ARGS))]).toEqual([
      'podman',
      'machine',
      'ssh',
      'podman-machine-default',
      'sh',
      '-s',
      '--',
      CTL,
      '--dir',
      QUOTED_DIR,
      '--trials',
      '3',
      '--tool',
      'auto',
    ]);
  });

  it('rdctl shell on Windows (wsl -d rancher-desktop ARGS) quotes like ssh', () => {
    const cli = cliFor('rancher-desktop', { platform: 'win32' });
    expect(cliArgs(cli, ['mkdir', '-p', '/tmp/a b'])).toEqual(['shell', 'mkdir', '-p', `'/tmp/a b'`]);
  });

  it('the stop call: sh -c with the fixed control script, the run prefix and the folder as arguments', () => {
    const lima = cliFor('lima', { instance: 'default' });
    expect(cliArgs(lima, controlCommand('stop', CTL, [DIR]))).toEqual(['shell', 'default', 'sh', '-c', CONTROL_SCRIPT, 'sh', 'stop', CTL, DIR]);
    const podman = cliFor('podman', { instance: 'm1' });
    expect(cliArgs(podman, controlCommand('stop', CTL, [DIR]))).toEqual([
      'machine',
      'ssh',
      'm1',
      'sh',
      '-c',
      `'${CONTROL_SCRIPT.replace(/'/g, `'\\''`)}'`,
      'sh',
      'stop',
      CTL,
      QUOTED_DIR,
    ]);
  });

  it('defaults: Lima and Colima "default", Podman "podman-machine-default"; cliPath and command override the executable', () => {
    expect(cliFor('lima').prefix).toEqual(['shell', 'default']);
    expect(cliFor('colima').prefix).toEqual(['ssh', '-p', 'default', '--']);
    expect(cliFor('podman').prefix).toEqual(['machine', 'ssh', 'podman-machine-default']);
    expect(cliFor('rancher-desktop', { cliPath: '/opt/rd/bin/rdctl' })).toMatchObject({ file: '/opt/rd/bin/rdctl', prefix: ['shell'] });
    const ssh = cliFor('podman', { command: ['ssh', '-p', '2222', 'root@127.0.0.1'] });
    expect(ssh).toEqual({ file: 'ssh', prefix: ['-p', '2222', 'root@127.0.0.1'], passing: 'joined' });
  });
});

describe('shQuote', () => {
  it('leaves plain words alone and single-quotes the rest', () => {
    expect(shQuote('--size-mib')).toBe('--size-mib');
    expect(shQuote('/var/tmp/vmbench')).toBe('/var/tmp/vmbench');
    expect(shQuote('')).toBe(`''`);
    expect(shQuote(`a b`)).toBe(`'a b'`);
    expect(shQuote(`it's`)).toBe(`'it'\\''s'`);
  });

  it('a joined line of quoted arguments gives the same argv back in a real sh', () => {
    const unit = fc.constantFrom(...`a Z0-_./é'"\\$\`*?[]~#;&|()<>!{}=% \t\n`.split(''));
    fc.assert(
      fc.property(fc.array(fc.string({ unit, maxLength: 12 }), { minLength: 1, maxLength: 5 }), (args) => {
        const out = execFileSync('sh', ['-c', `printf '%s\\0' ${args.map(shQuote).join(' ')}`], { encoding: 'utf8' });
        expect(out.split('\0').slice(0, -1)).toEqual(args);
      }),
      { numRuns: 60 },
    );
  });
});

describe('the wrapper and the places', () => {
  it('puts the script in a quoted here-document and refuses a script holding the end line', () => {
    const text = wrapScript('echo hi\n');
    expect(text).toContain(`<<'${SCRIPT_END}'`);
    expect(text.split('\n').filter((l) => l === SCRIPT_END)).toHaveLength(1);
    expect(() => wrapScript(`echo a\n${SCRIPT_END}\necho b\n`)).toThrow(/here-document/);
  });

  it('offers guest and shared when a shared folder is given, paths as inside the VM', () => {
    const t = createShellTransport('lima', { instance: 'default', places: { guest: '/var/tmp/vmbench/', shared: '/Users/me/vmbench/scratch-shared' } });
    expect(t.places()).toEqual(['shared', 'guest']);
    expect(t.placeDir('guest')).toBe('/var/tmp/vmbench');
    expect(t.placeDir('shared')).toBe('/Users/me/vmbench/scratch-shared');
    const g = createShellTransport('podman', { places: { guest: '/var/tmp/vmbench' } });
    expect(g.places()).toEqual(['guest']);
    expect(() => g.placeDir('shared')).toThrow(/no "shared" place/);
    expect(() => createShellTransport('colima', { places: { guest: 'relative' } })).toThrow(/absolute/);
  });
});

describe('ssh kind (libvirt SSH alternative)', () => {
  it('builds a batch-mode ssh command with port and key, the destination after --', () => {
    expect(cliFor('ssh', { instance: 'dev@vm.local:2222', identity: '/k/id' })).toEqual({
      file: 'ssh',
      prefix: ['-o', 'BatchMode=yes', '-o', 'ConnectTimeout=10', '-p', '2222', '-i', '/k/id', '-o', 'IdentitiesOnly=yes', '--', 'dev@vm.local'],
      passing: 'joined',
    });
    expect(cliFor('ssh', { instance: 'vm' }).prefix.slice(-2)).toEqual(['--', 'vm']);
  });
  it('refuses a destination that could be read as an option or carries shell text', () => {
    for (const bad of ['-oProxyCommand=x', 'a b', 'x;rm', 'u@h:99999999', '']) expect(() => cliFor('ssh', { instance: bad })).toThrow(/not an ssh destination/);
  });
  it('libvirt picks ssh for the domains VMBENCH_LIBVIRT_SSH names, and the guest agent otherwise', () => {
    expect(sshDestination('a=u@h:22, web = root@10.0.2.15', 'web')).toBe('root@10.0.2.15');
    expect(sshDestination('a=u@h:22', 'web')).toBeUndefined();
    expect(sshDestination(undefined, 'web')).toBeUndefined();
  });
});
