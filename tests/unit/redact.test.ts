import { readFileSync } from 'node:fs';
import os from 'node:os';
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import type { Run } from '../../electron/contract/contract.js';
import { projectsOf, redactComparison, redactRun, redactText, type RedactContext } from '../../electron/engine/report/redact.js';
import { compareRuns } from '../../electron/engine/compare.js';

const fixture = (name: string): Run => JSON.parse(readFileSync(new URL(`../fixtures/runs/${name}.json`, import.meta.url), 'utf8')) as Run;
const ctx: RedactContext = { home: '/Users/alice', user: 'alice', host: 'alices-macbook-pro.local' };
/** Everything identifying that the fixtures contain. */
const SECRETS = [/alice/i, /bob/i, /alices-macbook-pro/i, /192\.0\.2\./, /198\.51\.100\./, /fe80:/i, /52:55:55/i, /TESTSERIAL/, /lima-default/];

describe('redactRun with an injected context', () => {
  const run = fixture('quick-multi');
  const red = redactRun(run, ctx);
  const text = JSON.stringify(red);

  it('leaves nothing identifying anywhere in the run', () => {
    for (const s of SECRETS) expect(text).not.toMatch(s);
  });

  it('replaces the home folder in commands and probe mounts by ~', () => {
    expect(red.targets[0].results[0].command).toContain('--directory=~/Library/Caches/vmbench/t-7f3a');
    expect(red.targets[0].probe?.mounts.map((m) => m.path)).toEqual(['/', '~/Library/Caches/vmbench']);
    // Lima mounts the host home at the same path and keeps its own home as /home/<user>.linux.
    expect(red.targets[1].probe?.mounts.map((m) => m.path)).toEqual(['~', '/tmp/lima', '~']);
    expect(red.targets[2].results[0].command).toContain('-v ~/Library/Caches/vmbench:/mnt/host');
  });

  it('replaces addresses in nested settings and free-text errors', () => {
    const s = red.targets[1].settings;
    expect(s.sshAddress).toBe('<ip>');
    expect(s.hostIPv6).toBe('<ip>');
    expect(s.network).toBe('vzNAT <ip>/24 gw <ip> mac <mac>');
    expect(red.targets[2].errors[0].message).toBe('small-files did not finish within 120 s on <host> (<ip>)');
  });

  it('drops keys that identify the machine and keeps the useful settings', () => {
    expect(red.targets[0].settings).toEqual({});
    expect(Object.keys(red.targets[1].settings)).toEqual(['vmType', 'mountType', 'cpus', 'memoryMiB', 'sshAddress', 'hostIPv6', 'network']);
  });

  it('preserves versions, kernels, numbers and ids', () => {
    expect(red.app.version).toBe('0.1.0');
    expect(red.targets[1].probe?.kernel).toBe('6.8.0-49-generic');
    expect(red.targets[1].probe?.tools).toEqual({ fio: '3.36' });
    expect(red.targets[1].results[0].metrics).toEqual(run.targets[1].results[0].metrics);
    expect(red.targets.map((t) => t.id)).toEqual(['local', 'lima:default', 'docker:desktop-linux']);
    expect(red.startedAt).toBe(run.startedAt);
  });

  it('returns a deep copy and leaves the input alone', () => {
    const before = JSON.stringify(run);
    const copy = redactRun(run, ctx);
    copy.targets[0].results[0].metrics.write_MBps.median = 1;
    expect(JSON.stringify(run)).toBe(before);
    expect(copy.targets[0]).not.toBe(run.targets[0]);
  });

  it('keeps dotted quads in version fields but redacts them elsewhere', () => {
    const r = structuredClone(run);
    r.targets[0].results[0].tool.version = '10.2.3.4';
    r.targets[0].probe!.tools = { 'qemu-img': '9.1.0.1' };
    r.targets[0].probe!.kernel = '5.15.0.1';
    r.targets[0].results[0].command = 'iperf3 -c 10.2.3.4';
    const out = redactRun(r, ctx);
    expect(out.targets[0].results[0].tool.version).toBe('10.2.3.4');
    expect(out.targets[0].probe!.tools).toEqual({ 'qemu-img': '9.1.0.1' });
    expect(out.targets[0].probe!.kernel).toBe('5.15.0.1');
    expect(out.targets[0].results[0].command).toBe('iperf3 -c <ip>');
  });

  it('redacts comparisons too', () => {
    const cmp = compareRuns(fixture('libvirt-before'), { ...fixture('libvirt-after'), id: '2026-01-20T14-20-00-alice' });
    expect(redactComparison(cmp, ctx).b.id).toBe('2026-01-20T14-20-00-<user>');
  });
});

describe('redactText', () => {
  const r = (s: string, c: RedactContext = ctx): string => redactText(s, c);

  it('replaces generic home folders of any user', () => {
    expect(r('/home/carol/src and /Users/dave/x')).toBe('~/src and ~/x');
    expect(r('C:\\Users\\Erin\\AppData and C:/Users/erin/x')).toBe('~\\AppData and ~/x');
    expect(r('/home/carol.linux/.cache')).toBe('~/.cache');
    // A home folder deeper in a path (a host path mirrored into a guest) keeps its prefix, not the name.
    expect(r('/mnt/host/home/carol/x')).toBe('/mnt/host/home/<user>/x');
    // Names learned from a path are redacted wherever else they appear in the same text.
    expect(r('owner carol of /home/carol')).toBe('owner <user> of ~');
    expect(r('/Users/Shared/vmbench')).toBe('/Users/Shared/vmbench');
  });

  it('matches the home folder exactly, not a longer sibling', () => {
    expect(r('/Users/alice2/x /Users/alice/x /Users/alice', { home: '/Users/alice', user: 'zed', host: 'zzz' })).toBe('~/x ~/x ~');
    expect(r('/root/x /rootfs /root', { home: '/root', user: 'root', host: 'vm' })).toBe('~/x /rootfs ~');
  });

  it('replaces user and host names as words, including short forms and user@host', () => {
    expect(r("alice@alices-macbook-pro.local, Alice's files on alices-macbook-pro")).toBe("<user>@<host>, <user>'s files on <host>");
    expect(r('malice aliceberg')).toBe('malice aliceberg');
    // Short or common names are only replaced where they are unambiguous.
    const c = { home: '/root', user: 'root', host: 'vm' };
    expect(r('ssh root@vm; vmbench on a vm as root', c)).toBe('ssh <user>@<host>; vmbench on a vm as root');
    expect(r('build on bobs-imac.local')).toBe('build on <host>');
  });

  it('replaces IPv4, IPv6 and MAC addresses but keeps loopback, versions with a v, and timestamps', () => {
    expect(r('a 192.0.2.15:22 b 10.0.2.2/24 c 255.255.255.0')).toBe('a <ip>:22 b <ip>/24 c <ip>');
    expect(r('fe80::1c2b:3dff:fe4e:5f60%en0 [2001:db8::1]:80 ::ffff:192.0.2.1')).toBe('<ip> [<ip>]:80 <ip>');
    expect(r('2001:0db8:0000:0000:0000:ff00:0042:8329')).toBe('<ip>');
    expect(r('52:55:55:12:34:56 52-55-55-AB-CD-EF 5255.55ab.cdef')).toBe('<mac> <mac> <mac>');
    const keep = 'loop 127.0.0.1 ::1 0.0.0.0 v1.2.3.4 999.1.1.1 1.2.3.4.5 at 2026-01-15T09:30:00.000Z 10:00:00 std::vector sha256:abcdef';
    expect(r(keep)).toBe(keep);
  });

  it('never lets a random IPv4 or IPv6 address through', () => {
    const loop = (ip: string): boolean => /^127\.|^0\.0\.0\.0$|^(0{0,4}:){0,7}:?0{0,3}1$|^::$/i.test(ip) || /^[0:]+$/.test(ip);
    fc.assert(
      fc.property(fc.oneof(fc.ipV4(), fc.ipV6()), fc.constantFrom(' ', '=', '(', '"', '['), (ip, pre) => {
        fc.pre(!loop(ip));
        const out = r(`host${pre}${ip}, next`);
        expect(out).not.toContain(ip);
        expect(out).toContain('<ip>');
      }),
      { numRuns: 300 },
    );
  });
});

describe('redaction with the real os values', () => {
  const home = os.homedir();
  const user = os.userInfo().username;
  const host = os.hostname();

  it('uses os.homedir, os.userInfo and os.hostname when no context is given', () => {
    const run = fixture('quick-multi');
    run.targets[0].results[0].command = `fio --directory=${home}/vmbench-test --name=x`;
    run.targets[0].errors = [{ test: 'seq-read', place: 'native', code: 'x', message: `ssh ${user}@${host} failed` }];
    run.targets[0].probe!.mounts = [{ path: `${home}/Library`, fstype: 'apfs' }];
    const red = redactRun(run);
    expect(red.targets[0].results[0].command).toBe('fio --directory=~/vmbench-test --name=x');
    expect(red.targets[0].errors[0].message).toBe('ssh <user>@<host> failed');
    expect(red.targets[0].probe!.mounts[0].path).toBe('~/Library');
    expect(JSON.stringify(red)).not.toContain(`${home}/`);
  });
});

describe('what an export shows of each kind of field', () => {
  const CTX: RedactContext = { home: '/Users/alice/', user: 'alice', host: 'alices-mbp.example.com' };
  /** Any run-shaped value through the export's redaction. */
  const red = (value: unknown, c: RedactContext = CTX): Record<string, unknown> => redactRun(value as Run, c) as unknown as Record<string, unknown>;

  it('drops the keys that identify the machine, whatever their value', () => {
    expect(red({ hostname: 'x1', machine_id: 'c0ffee', serialNumber: 'SN123', macAddress: 'z', kept: 'k' })).toEqual({ kept: 'k' });
  });

  it('a secret by its name: every value goes but a flag or nothing', () => {
    expect(red({ password: 'hunter2', apiKey: 42, token: null, secret: true, access_token: false, credentials: { a: 1 } })).toEqual({
      password: '<credentials>',
      apiKey: '<credentials>',
      token: null,
      secret: true,
      access_token: false,
      credentials: '<credentials>',
    });
    expect(red({ sessionToken: undefined })).toEqual({ sessionToken: undefined });
  });

  it("a setting change's a and b are read by the setting's name", () => {
    expect(red({ changes: [{ setting: 'db_password', a: 'old-pass', b: 'new-pass' }] })).toEqual({
      changes: [{ setting: 'db_password', a: '<credentials>', b: '<credentials>' }],
    });
    expect(red({ changes: [{ setting: 'remoteHost', a: 'build.corp.example', b: 'ci.corp.example' }] })).toEqual({
      changes: [{ setting: 'remoteHost', a: '<host>', b: '<host>' }],
    });
    // Without both sides it is no setting change, and a key named a or b is only a key.
    expect(red({ setting: 'password', a: 'shown', other: 'x' })).toEqual({ setting: 'password', a: 'shown', other: 'x' });
    expect(red({ setting: 'password', b: 'shown' })).toEqual({ setting: 'password', b: 'shown' });
    expect(red({ note: 'password', a: 'shown', b: 'shown' })).toEqual({ note: 'password', a: 'shown', b: 'shown' });
    expect(red({ setting: 'password', a: 'x', b: 'y', c: 'shown' })).toMatchObject({ c: 'shown' });
  });

  it('a fully qualified host name goes where the key names a host, and stays in other text', () => {
    expect(red({ remoteHost: 'build.corp.example', endpoints: ['api.corp.example'], docker_host: 'host.docker.internal' })).toEqual({
      remoteHost: '<host>',
      endpoints: ['<host>'],
      docker_host: 'host.docker.internal',
    });
    expect(red({ note: 'see fio.readthedocs.io', results: [{ detail: 'docs.example.org' }] })).toEqual({
      note: 'see fio.readthedocs.io',
      results: [{ detail: 'docs.example.org' }],
    });
  });

  it('keeps loopback and unspecified addresses, in any spelling, and hides the others', () => {
    for (const kept of ['127.0.0.1', '0.0.0.0', '::1', '::', '0:0:0:0:0:0:0:1', '::1%lo0']) expect(redactText(`on ${kept} now`, CTX)).toBe(`on ${kept} now`);
    for (const ip of ['192.0.2.7', 'fe80::1', '2001:DB8::1', 'FE80::1%en0']) expect(redactText(`on ${ip} now`, CTX)).toBe('on <ip> now');
  });

  it('a Bearer token goes only when it looks like one', () => {
    expect(redactText('Bearer abcdef123456', CTX)).toBe('Bearer <credentials>');
    expect(redactText('Bearer abcdefghijklmnop', CTX)).toBe('Bearer abcdefghijklmnop');
    expect(redactText('Bearer abc12', CTX)).toBe('Bearer abc12');
    expect(redactText('Authorization: Token abc', CTX)).toBe('Authorization: Token <credentials>');
    expect(redactText('Authorization: abc', CTX)).toBe('Authorization: <credentials>');
  });

  it('credentials in a URL go, and so does a remote host; a local one stays', () => {
    expect(redactText('ssh://bob:pw@build.example/x', CTX)).toBe('ssh://<credentials>@<host>/x');
    expect(redactText('tcp://localhost:2375', CTX)).toBe('tcp://localhost:2375');
    expect(redactText('https://example.org/x', CTX)).toBe('https://example.org/x');
  });

  it('names of three letters are names; shorter ones are replaced only where they cannot be a word', () => {
    expect(redactText('by bob today', { ...CTX, user: 'bob' })).toBe('by <user> today');
    expect(redactText('by al today, al@box', { ...CTX, user: 'al' })).toBe('by al today, <user>@box');
    // An empty name in the context replaces nothing.
    expect(redactText('by al today', { home: [], user: ['', 'x'], host: [''] })).toBe('by al today');
  });

  it("another user's home folder goes, and the name with it elsewhere (a Lima home's .linux too)", () => {
    expect(redactText('/home/carol.linux/x and carol', { home: [], user: [], host: [] })).toBe('~/x and <user>');
    expect(redactText('/mnt/h/home/dave/x, dave', { home: [], user: [], host: [] })).toBe('/mnt/h/home/<user>/x, <user>');
    expect(redactText('/mnt/h/home/ubuntu/x', { home: [], user: [], host: [] })).toBe('/mnt/h/home/ubuntu/x');
  });

  it("the run's test folders become <work>, longest first, but a folder under the home shows as ~/…", () => {
    const run = { results: [{ command: 'fio --directory=/srv/bench/ --filename=/srv/bench/t/f' }], note: 'wrote /srv/bench/t/f and /srv/bench' };
    expect(red(run)).toEqual({ results: [{ command: 'fio --directory=<work>/ --filename=<work>/f' }], note: 'wrote <work>/f and <work>' });
    const home = { results: [{ command: 'fio --directory=/Users/alice/cache/ --size=1g' }] };
    expect(red(home)).toEqual({ results: [{ command: 'fio --directory=~/cache/ --size=1g' }] });
    expect(red({ note: '/x and /srv' }, { ...CTX, dirs: ['/', '/srv/', ''] })).toEqual({ note: '/x and <work>' });
  });

  it("a command's project folder goes whole, also written under ~", () => {
    const run = { command: { project: '/Users/alice/code/app/', text: 'cd ~/code/app && make; ls /Users/alice/code/app/src; ls /Users/alice/code/apple' } };
    expect(red(run)).toEqual({
      command: { project: '<project>/', text: 'cd <project> && make; ls <project>/src; ls ~/code/apple' },
    });
    expect(red({ note: '/o/p and /o' }, { ...CTX, projects: ['/o', '/o/p', '<x>', '/'] })).toEqual({ note: '<project> and <project>' });
    expect(projectsOf({ command: { project: '/p' } } as Run, {} as Run)).toEqual(['/p']);
  });

  it('a host name and its short form go, the longer first', () => {
    expect(redactText('alices-mbp.example.com and alices-mbp', CTX)).toBe('<host> and <host>');
    expect(redactText('ssh bob@alices-mbp', CTX)).toBe('ssh bob@<host>');
    expect(redactText('alice@box', CTX)).toBe('<user>@box');
  });
});

describe('the edges of a redaction context', () => {
  const none: RedactContext = { home: [], user: [], host: [] };

  it('a user without a name (os.userInfo throws, as for a uid with no passwd entry) replaces nothing, and @ stays', () => {
    const spy = vi.spyOn(os, 'userInfo').mockImplementation(() => {
      throw new Error('ENOENT: no such user');
    });
    try {
      expect(redactText('mail me @ noon, a@b', { home: [], host: [] })).toBe('mail me @ noon, a@b');
    } finally {
      spy.mockRestore();
    }
    expect(redactText('mail me @ noon, a@b', { ...none, user: '' })).toBe('mail me @ noon, a@b');
  });

  it('a home of / alone (root in a container) replaces nothing; one written with trailing slashes still goes', () => {
    expect(redactText('cd / && ls /tmp', { ...none, home: '/' })).toBe('cd / && ls /tmp');
    expect(redactText('wrote /srv/homes/zq7/notes', { ...none, home: '/srv/homes/zq7//' })).toBe('wrote ~/notes');
  });

  it('user@host goes even for common names (root, dev), every time and in any case; so does a host name before @', () => {
    expect(redactText('ssh root@dev; scp a ROOT@DEV:/b', { ...none, user: 'root', host: 'dev' })).toBe('ssh <user>@<host>; scp a <user>@<host>:/b');
    expect(redactText('mail dev@corp.example', { ...none, host: 'dev' })).toBe('mail <host>@corp.example');
  });

  it('an object with a setting that is not a name, beside a and b, is redacted as any other', () => {
    const c: RedactContext = { ...none, user: 'zq7' };
    expect(redactRun({ setting: 3, a: 'by zq7', b: 'x' } as unknown as Run, c)).toEqual({ setting: 3, a: 'by <user>', b: 'x' });
  });

  it('of two homes, one inside the other, the longer goes first', () => {
    expect(redactText('/srv/u/zq7/vm-home/data', { ...none, home: ['/srv/u/zq7', '/srv/u/zq7/vm-home'] })).toBe('~/data');
  });

  it('a Windows home outside C:\\Users matches in any case, every time', () => {
    expect(redactText('D:\\Profiles\\zq7\\a and d:\\profiles\\ZQ7\\b', { ...none, home: 'D:\\Profiles\\zq7' })).toBe('~\\a and ~\\b');
  });

  it('a host name given before its longer form: the longer still goes whole', () => {
    expect(redactText('on zq7box.corp.example and zq7box', { ...none, host: ['zq7box', 'zq7box.corp.example'] })).toBe('on <host> and <host>');
  });

  it('a test folder under a home that is not /home or /Users shows as ~/…; the others go wherever they appear', () => {
    const c: RedactContext = { ...none, home: '/srv/homes/zq7', dirs: ['/srv/homes/zq7/bench', '/data/run//', '.'] };
    expect(redactText('wrote /srv/homes/zq7/bench/f', c)).toBe('wrote ~/bench/f');
    expect(redactText('in /data/run, then /data/run again; cd . && ls', c)).toBe('in <work>, then <work> again; cd . && ls');
  });

  it('a project folder goes every time it appears, with trailing slashes, and not a one-character one', () => {
    const c: RedactContext = { ...none, home: '/home/zq7', projects: ['/srv/acme//', '.', '/q'] };
    expect(redactText('cd /srv/acme && ls /srv/acme; cd . && ls ~/notes', c)).toBe('cd <project> && ls <project>; cd . && ls ~/notes');
  });

  it("a Lima home's name (zq7.linuxfan is a name, not zq7 + .linux) goes elsewhere too; a common one (admin.linux) is a home but admin stays", () => {
    expect(redactText('/home/zq7.linuxfan/a by zq7.linuxfan', none)).toBe('~/a by <user>');
    expect(redactText('/home/admin.linux/a by admin', none)).toBe('~/a by admin');
  });

  it('the loopback address written in full, with its leading zeros, stays', () => {
    for (const kept of ['0000:0000:0000:0000:0000:0000:0000:0001', '00:0:0:0:0:0:0:1', '::1'])
      expect(redactText(`on ${kept} now`, none)).toBe(`on ${kept} now`);
  });
});
