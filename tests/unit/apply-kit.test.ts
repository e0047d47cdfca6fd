// The apply kit (electron/engine/apply-kit/): the diff a user reviews before confirming a change, where its backup goes
// and who may read it, the refusal of a change whose source moved, and the notes a plan carries. Real files in a temp
// folder; the expected diffs are what GNU `diff -U3` writes for the same texts.
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { backupDirFor, backupDirOf, writeBackup } from '../../electron/engine/apply-kit/backup.js';
import { checkSource, conflictError, sourceHashOf, withNoteRefs } from '../../electron/engine/apply-kit/types.js';
import { unifiedDiff } from '../../electron/engine/apply-kit/unified-diff.js';

const lines = (n: number): string[] => Array.from({ length: n }, (_, i) => `l${i + 1}`);
const A = lines(20);
const edit = (change: Record<string, string>): string => A.map((l) => change[l] ?? l).join('\n');

describe('the diff shown before a change', () => {
  it('changes within six lines of each other share one hunk; seven apart, two hunks, each with three lines of context', () => {
    expect(unifiedDiff('f', A.join('\n'), edit({ l5: 'L5', l12: 'L12' }))).toBe(
      '--- f\n+++ f\n@@ -2,14 +2,14 @@\n l2\n l3\n l4\n-l5\n+L5\n l6\n l7\n l8\n l9\n l10\n l11\n-l12\n+L12\n l13\n l14\n l15\n',
    );
    expect(unifiedDiff('f', A.join('\n'), edit({ l5: 'L5', l13: 'L13' }))).toBe(
      '--- f\n+++ f\n@@ -2,7 +2,7 @@\n l2\n l3\n l4\n-l5\n+L5\n l6\n l7\n l8\n@@ -10,7 +10,7 @@\n l10\n l11\n l12\n-l13\n+L13\n l14\n l15\n l16\n',
    );
  });

  it('counts the lines of each side: an added line, a removed line, several replaced by fewer', () => {
    expect(unifiedDiff('f', A.join('\n'), [...A.slice(0, 10), 'new', ...A.slice(10)].join('\n'))).toBe(
      '--- f\n+++ f\n@@ -8,6 +8,7 @@\n l8\n l9\n l10\n+new\n l11\n l12\n l13\n',
    );
    expect(unifiedDiff('f', A.join('\n'), [...A.slice(0, 10), ...A.slice(11)].join('\n'))).toBe(
      '--- f\n+++ f\n@@ -8,7 +8,6 @@\n l8\n l9\n l10\n-l11\n l12\n l13\n l14\n',
    );
    // Removed lines first, then the added ones (as diff and patch write them).
    expect(unifiedDiff('f', A.join('\n'), [...A.slice(0, 8), 'x', 'y', ...A.slice(11)].join('\n'))).toBe(
      '--- f\n+++ f\n@@ -6,9 +6,8 @@\n l6\n l7\n l8\n-l9\n-l10\n-l11\n+x\n+y\n l12\n l13\n l14\n',
    );
  });

  it('a change at the very start or end of the file has only the context there is', () => {
    expect(unifiedDiff('f', A.join('\n'), ['top', ...A].join('\n'))).toBe('--- f\n+++ f\n@@ -1,3 +1,4 @@\n+top\n l1\n l2\n l3\n');
    expect(unifiedDiff('f', A.join('\n'), A.slice(1).join('\n'))).toBe('--- f\n+++ f\n@@ -1,4 +1,3 @@\n-l1\n l2\n l3\n l4\n');
    expect(unifiedDiff('f', 'a\nb\nc', 'a\nb')).toBe('--- f\n+++ f\n@@ -1,3 +1,2 @@\n a\n b\n-c\n');
    expect(unifiedDiff('f', 'a\nb', 'a\nb\nc')).toBe('--- f\n+++ f\n@@ -1,2 +1,3 @@\n a\n b\n+c\n');
    expect(unifiedDiff('f', 'a', 'b')).toBe('--- f\n+++ f\n@@ -1,1 +1,1 @@\n-a\n+b\n');
  });

  it('without context, a pure insertion or removal names the line it follows (the unified format for an empty side)', () => {
    expect(unifiedDiff('f', A.join('\n'), [...A.slice(0, 10), 'new', ...A.slice(10)].join('\n'), 0)).toBe('--- f\n+++ f\n@@ -10,0 +11,1 @@\n+new\n');
    expect(unifiedDiff('f', A.join('\n'), [...A.slice(0, 10), ...A.slice(11)].join('\n'), 0)).toBe('--- f\n+++ f\n@@ -11,1 +10,0 @@\n-l11\n');
  });

  it('no change is no diff', () => {
    expect(unifiedDiff('f', A.join('\n'), A.join('\n'))).toBe('');
  });
});

describe('backups and the checks before a write', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'vmbench-apply-kit-'));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it("a backup folder is named by the time and a hash of the finding, never by the finding's own text", () => {
    expect(backupDirFor('/data', '../../etc/passwd', new Date('2026-11-29T07:05:09.123Z'))).toBe('/data/backups/2026-11-29T07-05-09-123Z-3754d6cb3a38e118');
  });

  it('a backup is readable by its owner only, in a folder only its owner can open (settings may hold secrets)', async () => {
    const folder = join(dir, 'backups', 'b1');
    const file = await writeBackup(folder, 'settings-store.json', '{"token":"x"}');
    expect(file).toBe(join(folder, 'settings-store.json'));
    expect(await readFile(file, 'utf8')).toBe('{"token":"x"}');
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect((await stat(folder)).mode & 0o777).toBe(0o700);
  });

  it('a backup file name is one plain name of at most 101 characters', async () => {
    const folder = join(dir, 'b');
    for (const ok of ['a', 'colima.yaml', 'x'.repeat(101), 'A0._-z', '0x', 'aB9']) await expect(writeBackup(folder, ok, '')).resolves.toBe(join(folder, ok));
    for (const bad of ['', '.hidden', '-x', '../x', 'a/b', 'a..b', 'x'.repeat(102), 'a b', 'a\nb'])
      await expect(writeBackup(folder, bad, '')).rejects.toThrow(/is not a plain backup file name/);
  });

  it("the plan's backup folder must be one folder directly under <dataDir>/backups (not the data folder itself)", () => {
    const dataDir = join(dir, 'data');
    expect(() => backupDirOf({ dataDir, backupDir: dataDir }, 'f')).toThrow(/not a backup folder/);
    expect(() => backupDirOf({ dataDir, backupDir: join(dataDir, 'backups', '..') }, 'f')).toThrow(/not a backup folder/);
    // A name that merely ends in dots is still one folder there.
    expect(backupDirOf({ dataDir, backupDir: join(dataDir, 'backups', 'plan..') }, 'f')).toBe(join(dataDir, 'backups', 'plan..'));
    expect(backupDirOf({ dataDir, now: new Date('2026-11-29T07:05:09.123Z') }, 'f')).toMatch(/\/backups\/2026-11-29T07-05-09-123Z-[0-9a-f]{16}$/);
  });

  it('a write is refused when what was just read is not what the confirmed plan was computed from, and only then', () => {
    const text = 'mountType: sshfs\n';
    expect(() => checkSource('/home/u/colima.yaml', text, { dataDir: dir })).not.toThrow();
    expect(() => checkSource('/home/u/colima.yaml', text, { dataDir: dir, expectSourceHash: sourceHashOf(text) })).not.toThrow();
    expect(() => checkSource('/home/u/colima.yaml', text, { dataDir: dir, expectSourceHash: sourceHashOf('mountType: 9p\n') })).toThrow(
      expect.objectContaining({
        code: 'conflict',
        message: expect.stringMatching(/^\/home\/u\/colima\.yaml changed since you reviewed this change; nothing was changed/),
      }),
    );
    // Without a file that moved, the change itself differs (the advice changed since the review).
    expect(conflictError().message).toBe(
      'the change vmbench would make now differs from the one you reviewed; nothing was changed. Open the change again, review the new diff and confirm it.',
    );
  });

  it("a source's hash is the sha256 of its UTF-8 text", () => {
    expect(sourceHashOf('é')).toBe('4a99557e4033c3539de2eb65472017cad5f9557f7a0625a09f1c3f6e2ba69c4c');
  });

  it("a plan's notes carry their references (for the UI's language) only when every note has one", () => {
    const ref = { key: 'errors.note.steps' };
    expect(withNoteRefs([])).toEqual({ notes: [] });
    expect(withNoteRefs([{ message: 'a', messageRef: ref }])).toEqual({ notes: ['a'], noteRefs: [ref] });
    expect(withNoteRefs([{ message: 'a', messageRef: ref }, { message: 'b' }])).toEqual({ notes: ['a', 'b'] });
    expect(withNoteRefs([{ message: 'b' }])).toEqual({ notes: ['b'] });
  });
});
