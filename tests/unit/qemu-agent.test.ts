// The one QEMU guest-agent client (electron/engine/guest/qemu-agent.ts): the virsh command line it builds and
// how it reads a finished guest-exec. Against a real guest (detection's probe, the transport's guest-exec and
// guest-file-*, a restart's wait for guest-ping): tests/live/libvirt-transport.test.ts.
import { describe, expect, it } from 'vitest';
import { agentCommandArgv, exitCodeOf, fromBase64 } from '../../electron/engine/guest/qemu-agent.js';

describe('the virsh call of an agent command', () => {
  it('passes the command as one JSON argument, the domain as --domain=, and gives the agent a second less than the call', () => {
    expect(agentCommandArgv('qemu:///system', 'web 1', 'guest-exec', { path: '/bin/sh', arg: ['-c', 'echo "$1"', 'x; rm -rf /'] }, 30_000)).toEqual([
      '-c',
      'qemu:///system',
      'qemu-agent-command',
      '--domain=web 1',
      '--timeout',
      '29',
      '--cmd',
      '{"execute":"guest-exec","arguments":{"path":"/bin/sh","arg":["-c","echo \\"$1\\"","x; rm -rf /"]}}',
    ]);
  });

  it('sends a command without arguments bare, and never a time-out under one second', () => {
    expect(agentCommandArgv('qemu:///session', 'web', 'guest-ping', undefined, 1500).slice(-3)).toEqual(['1', '--cmd', '{"execute":"guest-ping"}']);
    expect(agentCommandArgv('qemu:///session', 'web', 'guest-ping', undefined, 6000)[5]).toBe('5');
  });
});

describe('a finished guest-exec', () => {
  it('exits with its own code, else 128 + the signal that ended it, else unknown', () => {
    expect(exitCodeOf({ exited: true, exitcode: 3 })).toBe(3);
    expect(exitCodeOf({ exited: true, signal: 15 })).toBe(143);
    expect(exitCodeOf({ exited: true })).toBeNull();
  });

  it('decodes its base64 output, and none as empty', () => {
    expect(fromBase64(Buffer.from('ä\n').toString('base64')).toString('utf8')).toBe('ä\n');
    expect(fromBase64(undefined).length).toBe(0);
  });
});
