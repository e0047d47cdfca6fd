import type { Run } from '../../electron/contract/contract.js';
import { makeRun, result } from './make-run.js';

/**
 * One line carrying every kind of identifying text an export must not show: a user's home path (which
 * names the user), an SMB/CIFS path with user and password, one with a user and a server, a Bonjour host
 * name, an IP and a MAC address, mount options with a user, a password and a credentials file, and a URL
 * with tokens in its query string and fragment.
 */
export const SECRET_TEXT =
  '/home/zoltanq/src //zoltanq:CifsPw99@fileserver7q/share //bobq7@nas01.corp.example/share zoltans-mbp.local ' +
  '192.0.2.77 52:54:00:7a:7b:7c -o username=zoltanq,password=Opt5ecret,credentials=/etc/smbcred-7q ' +
  'https://dl.example.com/b?token=Tok3nQ&access_token=AccT0k#token=WebT0k';

/** The same without the IP: version fields keep dotted quads, which there are versions (10.2.3.4), by design. */
export const SECRET_VERSION = SECRET_TEXT.replace('192.0.2.77 ', '');

/** A shorter mix for fields with a length limit (a run's name: 200 characters). */
export const SECRET_SHORT = '//zoltanq:CifsPw99@fileserver7q/share //bobq7@nas01.corp.example/share password=Opt5ecret ?token=Tok3nQ 192.0.2.77';

/** What must appear in no export: every identifying part of SECRET_TEXT. */
export const SECRET_PARTS = [
  'zoltanq',
  'CifsPw99',
  'fileserver7q',
  'bobq7',
  'nas01',
  'corp.example',
  'zoltans-mbp',
  '192.0.2.77',
  '52:54:00:7a:7b:7c',
  'Opt5ecret',
  'smbcred-7q',
  'Tok3nQ',
  'AccT0k',
  'WebT0k',
  'PlainPw42',
  'KeyTok42',
];

/**
 * A stored run with SECRET_TEXT in every free-text field of the run contract (electron/contract/contract.ts `Run`):
 * name, note, app, test names, target id/runtime/label, settings (values, keys, nested), the probe (os,
 * kernel, arch, CPU model, test-folder filesystem, tools, mounts), results (test, metric and sample names,
 * tool name/version/method, parameter names and values, command) and errors (test, place, code, message).
 * The run id holds the IP only (ids are file names: letters, digits, `._:-`).
 */
export function secretRun(id = '2026-11-21T10-00-00-192.0.2.77'): Run {
  const S = SECRET_TEXT;
  const native = result('seq-write', 'native', { write_MBps: [100, 110, 120] });
  const shared = result('seq-write', 'shared', { write_MBps: [50, 55, 60], [S]: [1, 2, 3] });
  for (const r of [native, shared]) {
    r.tool = { name: S, version: SECRET_VERSION, method: S };
    r.params = { sizeMiB: 64, dir: S, [S]: S };
    r.command = `fio --directory=${S}`;
  }
  shared.samples[S] = [1, 2, 3];
  const odd = result('seq-read', 'guest', { [S]: [5, 6, 7] });
  odd.test = S as Run['tests'][number];
  const run = makeRun(id, '2026-11-21T10:00:00.000Z', [native]);
  run.name = SECRET_SHORT;
  run.note = S;
  run.tests = ['seq-write', S as Run['tests'][number]];
  run.app = { version: SECRET_VERSION, platform: S, arch: S };
  run.targets.push({
    id: S,
    runtime: S,
    label: S,
    settings: { mountType: 'smb', share: S, [S]: S, nested: { source: S, list: [S] }, password: 'PlainPw42', accessToken: 'KeyTok42' },
    probe: {
      os: S,
      kernel: SECRET_VERSION,
      arch: S,
      cpus: 2,
      cpuModel: S,
      memMiB: 1024,
      dirFsType: S,
      freeMiB: 100,
      tools: { fio: SECRET_VERSION, [S]: SECRET_VERSION },
      mounts: [
        { path: '/', fstype: 'ext4' },
        { path: S, fstype: 'cifs' },
        { path: '/home/zoltanq/projects', fstype: S },
      ],
    },
    results: [shared, odd],
    errors: [{ test: S as Run['tests'][number], place: S as 'guest', code: S, message: S }],
    status: 'partial',
  });
  return run;
}
