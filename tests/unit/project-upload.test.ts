/**
 * The command test's upload of a project into a VM whose shares do not hold it (transports/project-upload.ts and the
 * shell-in-VM transport's uploadProject): the list and the local tar's argv, with the user's --exclude paths left out (.git
 * kept), run by this machine's own tar; the shell-in-VM upload end to end with `env` standing in for a VM's shell CLI (Lima's
 * argument passing: the guest gets exactly our argv), so the guest side is this machine's own sh and tar; a cancel that
 * removes what was unpacked; and the guest sweep that removes an upload of a vmbench that was killed, never one of a live one.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listProject, startTar, tarArgv, UNPACK_STDIN_SNIPPET, UPLOAD_PREFIX } from '../../electron/engine/transports/project-upload.js';
import { createShellTransport } from '../../electron/engine/transports/shell-in-vm/index.js';
import { LIMA_SHELL } from '../../electron/engine/runtimes/lima.js';
import { sweepGuest, tagOf, type GuestShell } from '../../electron/engine/guest/leftovers.js';
import { ownerTag } from '../../electron/engine/util/owner.js';
import { makeGitProject } from '../helpers/git-project.js';

const root = mkdtempSync(join(tmpdir(), 'vmbench-project-upload-'));
const project = join(root, 'my app');
const guest = join(root, 'guest dir');

beforeAll(() => {
  mkdirSync(project);
  makeGitProject(project, 20);
  mkdirSync(join(project, 'node_modules', 'dep'), { recursive: true });
  writeFileSync(join(project, 'node_modules', 'dep', 'index.js'), 'x'.repeat(5000));
  mkdirSync(join(project, 'src', 'node_modules'), { recursive: true });
  writeFileSync(join(project, 'src', 'node_modules', 'kept.js'), 'kept');
  mkdirSync(join(project, 'build', 'cache'), { recursive: true });
  writeFileSync(join(project, 'build', 'cache', 'big'), 'y'.repeat(3000));
  writeFileSync(join(project, 'build', 'keep'), 'k');
  writeFileSync(join(project, '-rf'), 'a name that looks like an option');
  writeFileSync(join(project, 'it\'s "quoted".txt'), 'q');
  symlinkSync('README.md', join(project, 'link'));
  mkdirSync(guest);
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('the list and the local tar', () => {
  it('lists every entry, parents first, without the excluded paths (exact, relative), .git kept; sums the files', async () => {
    const all = await listProject(project);
    const less = await listProject(project, ['node_modules', './build/cache/', 'no/such']);
    expect(all.entries).toContain('./node_modules/dep/index.js');
    expect(less.entries).not.toContain('./node_modules');
    expect(less.entries.filter((e) => e.startsWith('./node_modules'))).toEqual([]);
    expect(less.entries).toContain('./src/node_modules/kept.js');
    expect(less.entries).toContain('./build/keep');
    expect(less.entries).not.toContain('./build/cache');
    expect(less.entries).toContain('./.git');
    expect(less.entries).toContain('./-rf');
    expect(less.entries).toContain('./link');
    expect(less.entries.indexOf('./src')).toBeLessThan(less.entries.indexOf('./src/node_modules'));
    expect(all.bytes - less.bytes).toBe(5000 + 3000);
  });

  it("tar's argv: no recursion, NUL-separated names from a file, every name starting with ./ (never an option)", () => {
    expect(tarArgv('/tmp/l')).toEqual(['-c', '-f', '-', '--no-recursion', '--null', '-T', '/tmp/l']);
    expect(UNPACK_STDIN_SNIPPET).toBe('mkdir -p -- "$1" && exec tar -xf - -C "$1"');
  });

  it('writes a tar that holds exactly the listed entries', async () => {
    const tar = await startTar(project, ['node_modules'], new AbortController().signal);
    const chunks: Buffer[] = [];
    for await (const c of tar.stdout) chunks.push(c as Buffer);
    expect((await tar.done).exitCode).toBe(0);
    const members = spawnSync('tar', ['-tf', '-'], { input: Buffer.concat(chunks), encoding: 'utf8' })
      .stdout.split('\n')
      .filter(Boolean)
      .map((m) => m.replace(/\/$/, ''));
    expect(members.sort()).toEqual((await listProject(project, ['node_modules'])).entries.sort());
  });

  it('keeps the whole tar for a reader that starts late (the libvirt upload opens the guest file first)', async () => {
    const tar = await startTar(project, [], new AbortController().signal);
    await new Promise((r) => setTimeout(r, 1500));
    const chunks: Buffer[] = [];
    for await (const c of tar.stdout) chunks.push(c as Buffer);
    expect((await tar.done).exitCode).toBe(0);
    const listed = spawnSync('tar', ['-tf', '-'], { input: Buffer.concat(chunks), encoding: 'utf8' });
    expect(listed.status, listed.stderr).toBe(0);
    expect(listed.stdout.split('\n').filter(Boolean)).toHaveLength((await listProject(project)).entries.length);
  });
  it('a stop settles even when nothing reads the tar any more (its stdout drained, not left full)', async () => {
    // More than a pipe and the pass-through hold: tar blocks on a full pipe; after the stop its end is drained so that it ends.
    const big = join(root, 'unread');
    mkdirSync(big);
    writeFileSync(join(big, 'f'), Buffer.alloc(8 * 1024 * 1024, 1));
    const ac = new AbortController();
    const tar = await startTar(big, [], ac.signal);
    await new Promise((r) => tar.stdout.once('readable', r));
    ac.abort();
    expect((await tar.done).exitCode).not.toBe(0);
    rmSync(big, { recursive: true, force: true });
  });

  it('stop() ends a tar whose reader went away, and its done settles', async () => {
    const big = join(root, 'gone');
    mkdirSync(big);
    writeFileSync(join(big, 'f'), Buffer.alloc(8 * 1024 * 1024, 2));
    const tar = await startTar(big, [], new AbortController().signal);
    await new Promise((r) => tar.stdout.once('readable', r));
    tar.stop();
    expect((await tar.done).exitCode).not.toBe(0);
    rmSync(big, { recursive: true, force: true });
  });
});

describe("the shell-in-VM transport's upload (env stands in for the VM's shell CLI: this machine is the guest)", () => {
  const transport = () =>
    createShellTransport(LIMA_SHELL, { instance: 'default', places: { guest }, command: ['env'], platform: 'linux', cwd: root }) as ReturnType<
      typeof createShellTransport
    > &
      Required<Pick<ReturnType<typeof createShellTransport>, 'uploadProject'>>;

  it('sees a project under no share in its guest place only, once uploaded', () => {
    const t = transport();
    expect(t.places()).toEqual(['guest']);
    expect(t.projectIn!('guest', project)).toEqual({ upload: true, dir: guest });
  });

  it('streams a tar on the stdin of one CLI call that unpacks it under the guest folder, the excluded paths left out; remove() takes it all away', async () => {
    const t = transport();
    const up = await t.uploadProject(project, { signal: new AbortController().signal, exclude: ['node_modules', 'build/cache'] });
    const folder = readdirSync(guest);
    expect(folder).toHaveLength(1);
    expect(folder[0].startsWith(UPLOAD_PREFIX)).toBe(true);
    // The owner tag in its name: the guest sweep knows whose it is.
    expect(tagOf(join(guest, folder[0]))).toBe(await ownerTag());
    expect(up.source).toBe(join(guest, folder[0], 'project'));
    expect(existsSync(join(up.source, '.git', 'HEAD'))).toBe(true);
    expect(existsSync(join(up.source, 'node_modules'))).toBe(false);
    expect(existsSync(join(up.source, 'build', 'cache'))).toBe(false);
    expect(readFileSync(join(up.source, 'src', 'node_modules', 'kept.js'), 'utf8')).toBe('kept');
    expect(readFileSync(join(up.source, '-rf'), 'utf8')).toBe('a name that looks like an option');
    expect(readFileSync(join(up.source, 'it\'s "quoted".txt'), 'utf8')).toBe('q');
    expect(up.bytes).toBe((await listProject(project, ['node_modules', 'build/cache'])).bytes);
    expect(up.sec).toBeGreaterThan(0);
    await up.remove();
    expect(readdirSync(guest)).toEqual([]);
  });

  it('a cancel stops it and leaves nothing in the guest folder', async () => {
    const big = join(root, 'big');
    mkdirSync(big);
    for (let i = 0; i < 40; i++) writeFileSync(join(big, `f${i}`), Buffer.alloc(4 * 1024 * 1024, i));
    const ac = new AbortController();
    setTimeout(() => ac.abort(), 20);
    await expect(transport().uploadProject(big, { signal: ac.signal })).rejects.toMatchObject({ cancelled: true });
    expect(readdirSync(guest)).toEqual([]);
  });

  it('an unpack that fails in the guest is an error saying so, and nothing is left', async () => {
    const t = createShellTransport(LIMA_SHELL, { instance: 'default', places: { guest: '/proc/vmbench-no' }, command: ['env'], platform: 'linux', cwd: root });
    await expect(t.uploadProject!(project, { signal: new AbortController().signal })).rejects.toThrow(
      /unpacking it in the lima VM failed \(exit code [0-9]+\)/,
    );
  });

  it('an unpack that fails at once on a project larger than a pipe holds is that error too, not a hang (the local tar is stopped)', async () => {
    const big = join(root, 'big-fail');
    mkdirSync(big);
    for (let i = 0; i < 4; i++) writeFileSync(join(big, `f${i}`), Buffer.alloc(4 * 1024 * 1024, i));
    const t = createShellTransport(LIMA_SHELL, { instance: 'default', places: { guest: '/proc/vmbench-no' }, command: ['env'], platform: 'linux', cwd: root });
    await expect(t.uploadProject!(big, { signal: new AbortController().signal })).rejects.toThrow(/unpacking it in the lima VM failed/);
    rmSync(big, { recursive: true, force: true });
  });
});

describe('the guest sweep and uploads', () => {
  const sh: GuestShell = async (snippet, args) => {
    const r = spawnSync('sh', ['-c', snippet, 'vmbench', ...args], { encoding: 'utf8' });
    return { exitCode: r.status, stdout: r.stdout };
  };

  it("removes the upload of a vmbench that was killed, never this one's", async () => {
    const place = join(root, 'sweep');
    const dead = join(place, `${UPLOAD_PREFIX}${spawnSync('true').pid}.0-0a1b2c3d`);
    const live = join(place, `${UPLOAD_PREFIX}${await ownerTag()}-0a1b2c3d`);
    for (const d of [dead, live]) {
      mkdirSync(join(d, 'project'), { recursive: true });
      writeFileSync(join(d, 'project', 'f'), 'x'.repeat(2048));
    }
    const swept = await sweepGuest(sh, { placeDirs: [place] });
    expect(swept.removed.map((r) => r.name)).toEqual([dead.split('/').pop()]);
    expect(existsSync(dead)).toBe(false);
    expect(existsSync(live)).toBe(true);
  });
});
