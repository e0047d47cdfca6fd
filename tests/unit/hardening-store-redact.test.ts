/** History that is never lost or corrupted, the run lock, and credentials redacted in exports. */
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { redactRun, redactText } from '../../electron/engine/report/redact.js';
import { acquireRunLock, checkDataDir } from '../../electron/engine/store/data-dir.js';
import { RunStore } from '../../electron/engine/store/run-store.js';
import { makeRun, result } from '../helpers/make-run.js';

describe('run history files written by others', () => {
  let dir: string;
  let store: RunStore;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'vmbench-hist-'));
    store = new RunStore(dir);
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));
  const run = makeRun('2026-11-21T10-00-00-local', '2026-11-21T10:00:00.000Z', [result('seq-write', 'native', { write_MBps: [100, 110, 120] })]);

  it('accepts a UTF-8 BOM; skips schemaVersion 0 and an id that is not the file name, naming the file', async () => {
    await store.save(run);
    await writeFile(join(store.dir, '2026-11-21T11-00-00-local.json'), '\uFEFF' + JSON.stringify({ ...run, id: '2026-11-21T11-00-00-local' }));
    await writeFile(join(store.dir, 'zero.json'), JSON.stringify({ ...run, id: 'zero', schemaVersion: 0 }));
    await writeFile(join(store.dir, 'other-name.json'), JSON.stringify({ ...run, id: '2026-11-21T10-00-00-local' }));
    const list = await store.list();
    expect(list.runs.map((r) => r.id)).toEqual(['2026-11-21T11-00-00-local', run.id]);
    expect(list.warnings).toHaveLength(2);
    expect(list.warnings.find((w) => w.includes('zero.json'))).toMatch(/schemaVersion 0/);
    expect(list.warnings.find((w) => w.includes('other-name.json'))).toMatch(/not the id in its file name/);
    expect(await readdir(store.dir)).not.toContain(expect.stringMatching(/\.tmp$/));
  });

  it('the data folder check names the folder and the space a run needs, and leaves no probe file', async () => {
    await expect(checkDataDir(dir, 2 ** 62)).rejects.toThrow(new RegExp(`Not enough space in ${dir}: [\\d.]+ MiB free, a run needs \\d+ MiB`));
    await checkDataDir(dir);
    expect(await readdir(join(dir, 'runs'))).toEqual([]);
    await expect(checkDataDir('/proc/x')).rejects.toThrow(/Cannot store runs in \/proc\/x/);
  });

  it('one run at a time per data folder: the lock refuses a live owner and takes over a dead one', async () => {
    const release = await acquireRunLock(dir);
    await expect(acquireRunLock(dir)).rejects.toThrow(/already running in this vmbench/);
    await release();
    // Another live process (this test's parent) owns it.
    await writeFile(join(dir, 'run.lock'), `${process.ppid}\n`);
    await expect(acquireRunLock(dir)).rejects.toThrow(new RegExp(`Another vmbench run \\(pid ${process.ppid}\\) is using`));
    await writeFile(join(dir, 'run.lock'), '999999999\n');
    const again = await acquireRunLock(dir);
    await again();
    expect(await readdir(dir)).not.toContain('run.lock');
  });
});

describe('exports redact credentials in URLs and remote hosts', () => {
  const ctx = { home: '/home/alice', user: 'alice', host: 'alices-laptop' };
  it.each([
    ['tcp://admin:s3cr3t@docker.example.com:2376', 'tcp://<credentials>@<host>:2376'],
    ['ssh://deploy@build-box', 'ssh://<credentials>@<host>'],
    ['qemu+ssh://root@kvm-host/system', 'qemu+ssh://<credentials>@<host>/system'],
    ['https://ci:token@git.example.com/org/repo.git', 'https://<credentials>@<host>/org/repo.git'],
    ['mounted from //fileserver/share/data', 'mounted from //<host>/share/data'],
    ['\\\\fileserver\\share', '\\\\<host>\\share'],
    ['//alice:CifsPw99@fileserver/share', '//<credentials>@<host>/share'],
    ['mount -t cifs //bob@nas01.corp.example/share /mnt', 'mount -t cifs //<credentials>@<host>/share /mnt'],
    ['smb://alice:CifsPw99@fileserver/share', 'smb://<credentials>@<host>/share'],
    ['-o username=alice,password=CifsPw99,uid=1000', '-o username=<user>,password=<credentials>,uid=1000'],
    ['credentials=/etc/smb-cred vers=3.0', 'credentials=<credentials> vers=3.0'],
    ['https://dl.example.com/box?token=T0k&v=2&access_token=A1#x', 'https://dl.example.com/box?token=<credentials>&v=2&access_token=<credentials>#x'],
    ['http://127.0.0.1:7317/#token=abc123', 'http://127.0.0.1:7317/#token=<credentials>'],
    ['--api-key=k3y --bypass=1 max_tokens_per_s=5', '--api-key=<credentials> --bypass=1 max_tokens_per_s=5'],
    ['unix:///var/run/docker.sock', 'unix:///var/run/docker.sock'],
    ['qemu:///system', 'qemu:///system'],
    ['tcp://127.0.0.1:2375', 'tcp://127.0.0.1:2375'],
    ['https://docs.docker.com/desktop/', 'https://docs.docker.com/desktop/'],
  ])('%s', (input, want) => {
    expect(redactText(input, ctx)).toBe(want);
  });

  it('a docker context endpoint with a password appears nowhere in a redacted run', () => {
    const run = makeRun('r1', '2026-11-21T10:00:00.000Z', [result('seq-write', 'native', { write_MBps: [1, 2, 3] })]);
    const withEndpoint = { ...run, targets: run.targets.map((t) => ({ ...t, settings: { ...t.settings, endpoint: 'tcp://admin:s3cr3t@10.1.2.3:2376' } })) };
    const text = JSON.stringify(redactRun(withEndpoint, ctx));
    expect(text).not.toMatch(/s3cr3t|admin:/);
    expect(text).toContain('tcp://<credentials>@<host>:2376');
  });
});
