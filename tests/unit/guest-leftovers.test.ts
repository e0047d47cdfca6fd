/**
 * guest/leftovers.ts: the sweep of what a killed vmbench left in a guest, its two sh snippets run by this
 * machine's own sh (the guests' shells are POSIX sh too: dash, BusyBox ash) on folders laid out as the
 * transports and bench scripts leave them, with real processes standing in for a killed run's scripts.
 */
import { execFileSync, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guestSweptMessage, sweepGuest, tagOf, type GuestShell } from '../../electron/engine/guest/leftovers.js';
import { ownerAlive, ownerTag, processStart } from '../../electron/engine/util/owner.js';
import { englishOf } from '../../electron/messages/message-english.js';

const root = mkdtempSync(join(tmpdir(), 'vmbench-guest-leftovers-'));
const tmp = join(root, 'tmp');
const guest = join(root, 'guest');
const shared = join(root, 'shared');
const outside = join(root, 'outside');
const calls: string[][] = [];
const sh: GuestShell = async (snippet, args) => {
  calls.push(args);
  const r = spawnSync('sh', ['-c', snippet, 'vmbench', ...args], { encoding: 'utf8' });
  return { exitCode: r.status, stdout: r.stdout };
};
const procs: ChildProcess[] = [];
/** A stand-in for a bench script: a sleep leading a process group of its own (as setsid starts the scripts). */
const script = (): ChildProcess => {
  const p = spawn('sleep', ['300'], { detached: true, stdio: 'ignore' });
  procs.push(p);
  return p;
};
const running = (pid: number): boolean => {
  const st = spawnSync('sh', ['-c', 'sed "s/.*) //" "/proc/$1/stat" 2>/dev/null | cut -d" " -f1', 'x', String(pid)], { encoding: 'utf8' }).stdout.trim();
  return st !== '' && st !== 'Z';
};
const deadPid = (): number => spawnSync('true').pid!;
const dir = (path: string, files: Record<string, string> = {}): string => {
  mkdirSync(path, { recursive: true });
  for (const [name, text] of Object.entries(files)) writeFileSync(join(path, name), text);
  return path;
};

let mine = '';
let killedRun: ChildProcess;
let liveRun: ChildProcess;
let killedCtl: ChildProcess;
let reusedPidOwner: ChildProcess;

beforeAll(async () => {
  mine = await ownerTag();
  for (const d of [tmp, guest, shared, outside]) mkdirSync(d, { recursive: true });
  killedRun = script();
  liveRun = script();
  killedCtl = script();
  reusedPidOwner = script();
  const deadTag = `${deadPid()}.0`;
  // The libvirt transport's private folders: a killed vmbench's (its script still running), this one's, an
  // older vmbench's without a tag, one whose tag's pid now belongs to another process (reused), and another program's.
  dir(join(tmp, `vmbench-${deadTag}-0a1b2c3d4e5f6a7b`), { pid: `${killedRun.pid}\n`, out: 'x'.repeat(4096) });
  dir(join(tmp, `vmbench-${mine}-1111111111111111`), { pid: `${liveRun.pid}\n` });
  dir(join(tmp, 'vmbench-0123456789abcdef'), { pid: '1\n' });
  dir(join(tmp, `vmbench-${reusedPidOwner.pid}.deadbeef-2222222222222222`), {});
  dir(join(tmp, 'vmbenchmark-data'), {});
  // The killed run's work folder, of its (still running) script, in the shared place.
  dir(join(shared, `.vmbench-${killedRun.pid}-77`), { '.vmbench-owner': `${await processStart(killedRun.pid!)}\n`, 'fio.dat': 'y'.repeat(8192) });
  // Work folders on the guest disk: a dead script's, a live script's with its start recorded, a live pid whose
  // start differs from the record (reused), a live pid without a record (just made), and a symlink named like one.
  dir(join(guest, `.vmbench-${deadPid()}-1`), { 'f.dat': 'z' });
  dir(join(guest, `.vmbench-${liveRun.pid}-2`), { '.vmbench-owner': `${await processStart(liveRun.pid!)}\n` });
  dir(join(guest, `.vmbench-${liveRun.pid}-3`), { '.vmbench-owner': '12345\n' });
  dir(join(guest, `.vmbench-${liveRun.pid}-4`), {});
  dir(join(outside, 'keep'), { 'precious.txt': 'mine' });
  symlinkSync(join(outside, 'keep'), join(guest, `.vmbench-${deadPid()}-5`));
  // The shell-in-VM transport's control files: a killed vmbench's (its script's group still running) and this one's.
  // As the wrapper writes it: "-PGID WRAPPER_PID" (the wrapper died with the killed vmbench's session: a dead PID).
  writeFileSync(join(guest, `.vmbench-ctl-${deadTag}-abcd1234-1.pgid`), `-${killedCtl.pid} ${deadPid()}\n`);
  writeFileSync(join(guest, `.vmbench-ctl-${deadTag}-abcd1234-1.sh`), 'sleep 300\n');
  writeFileSync(join(guest, `.vmbench-ctl-${mine}-beef0001-1.pgid`), `-${liveRun.pid}\n`);
  writeFileSync(join(guest, `.vmbench-ctl-${mine}-beef0001-1.sh`), 'sleep 300\n');
});

afterAll(() => {
  for (const p of procs) if (p.pid && running(p.pid)) process.kill(-p.pid, 'SIGKILL');
  rmSync(root, { recursive: true, force: true });
});

describe('sweepGuest', () => {
  let removed: string[] = [];
  let message = '';

  beforeAll(async () => {
    const swept = await sweepGuest(sh, { privateParent: tmp, ctlDir: guest, placeDirs: [guest, shared] });
    removed = swept.removed.map((r) => r.name).sort();
    message = englishOf(guestSweptMessage(swept, 'debian-test')!);
  });

  it("kills a killed vmbench's scripts (its private folder's pid, its control file's process group) and removes their files", () => {
    expect(running(killedRun.pid!)).toBe(false);
    expect(running(killedCtl.pid!)).toBe(false);
    expect(removed).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^vmbench-[0-9]+\.0-0a1b2c3d4e5f6a7b$/),
        `.vmbench-${killedRun.pid}-77`,
        expect.stringMatching(/^\.vmbench-ctl-[0-9]+\.0-abcd1234-1\.pgid$/),
        expect.stringMatching(/^\.vmbench-ctl-[0-9]+\.0-abcd1234-1\.sh$/),
      ]),
    );
    expect(existsSync(join(shared, `.vmbench-${killedRun.pid}-77`))).toBe(false);
  });

  it('removes a folder whose tag names a pid that now belongs to another process (started at another time)', () => {
    expect(removed).toContain(`vmbench-${reusedPidOwner.pid}.deadbeef-2222222222222222`);
    expect(running(reusedPidOwner.pid!)).toBe(true); // its pid file named nobody: the unrelated process lives on
  });

  it('removes work folders whose script is gone or whose pid was reused, and keeps those of live scripts', () => {
    expect(removed).toEqual(expect.arrayContaining([expect.stringMatching(/^\.vmbench-[0-9]+-1$/), `.vmbench-${liveRun.pid}-3`]));
    expect(existsSync(join(guest, `.vmbench-${liveRun.pid}-2`))).toBe(true);
    expect(existsSync(join(guest, `.vmbench-${liveRun.pid}-4`))).toBe(true);
  });

  it("never touches this vmbench's own things, an older vmbench's untagged folder, another program's, or what a symlink points to", () => {
    expect(running(liveRun.pid!)).toBe(true);
    expect(existsSync(join(tmp, `vmbench-${mine}-1111111111111111`))).toBe(true);
    expect(existsSync(join(guest, `.vmbench-ctl-${mine}-beef0001-1.pgid`))).toBe(true);
    expect(existsSync(join(tmp, 'vmbench-0123456789abcdef'))).toBe(true);
    expect(existsSync(join(tmp, 'vmbenchmark-data'))).toBe(true);
    expect(readFileSync(join(outside, 'keep', 'precious.txt'), 'utf8')).toBe('mine');
    expect(removed).toHaveLength(7);
  });

  it('says what it removed, how much, and where', () => {
    expect(message).toMatch(/^Removed 7 items \([0-9]+ KiB\) that an earlier run left in debian-test when it was stopped: /);
    expect(message).toContain(`.vmbench-${killedRun.pid}-77`);
  });

  it('leaves nothing more on a second pass, and says nothing', async () => {
    const again = await sweepGuest(sh, { privateParent: tmp, ctlDir: guest, placeDirs: [guest, shared] });
    expect(again.removed).toEqual([]);
    expect(guestSweptMessage(again, 'debian-test')).toBeNull();
  });
});

describe('owner tags', () => {
  it('reads the tag in the names the transports give, and nothing in other names', () => {
    expect(tagOf('/tmp/vmbench-4242.0a1b2c3d-00ff00ff00ff00ff')).toBe('4242.0a1b2c3d');
    expect(tagOf('/var/tmp/vmbench/.vmbench-ctl-17.0-abcd1234-3.pgid')).toBe('17.0');
    expect(tagOf('/tmp/vmbench-00ff00ff00ff00ff')).toBeUndefined();
    expect(tagOf('/tmp/vmbench-1.2.3-ab')).toBeUndefined();
    expect(tagOf('/tmp/vmbench-0.0a1b2c3d-ab')).toBeUndefined();
  });

  it('tells this process (alive), a dead pid (gone), and a live pid with another start time (reused) apart; anything else is never swept', async () => {
    expect(await ownerAlive(await ownerTag())).toBe(true);
    expect(await ownerAlive(`${deadPid()}.0a1b2c3d`)).toBe(false);
    expect(await ownerAlive(`${liveRun.pid}.00000000`)).toBe(false);
    const start = execFileSync('sh', ['-c', 'sed "s/.*) //" /proc/$1/stat | cut -d" " -f20', 'x', String(liveRun.pid)], { encoding: 'utf8' }).trim();
    const { createHash } = await import('node:crypto');
    expect(await ownerAlive(`${liveRun.pid}.${createHash('sha256').update(start).digest('hex').slice(0, 8)}`)).toBe(true);
    expect(await ownerAlive('not-a-tag')).toBe(true);
  });
});
