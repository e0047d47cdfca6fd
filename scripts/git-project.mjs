// A generated project for the command test and perf's command section: a git repository of small source files in
// nested folders, committed. Shared by the tests (tests/helpers/git-project.ts) and scripts/perf/perf-command.mjs.
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** Writes `files` small files under DIR/src/d<i % folders>/ and commits them in a new git repository (git runs on this machine). */
export function makeGitProject(dir, files, folders = 10) {
  for (let i = 0; i < files; i++) {
    const sub = join(dir, 'src', `d${i % folders}`);
    mkdirSync(sub, { recursive: true });
    writeFileSync(join(sub, `f${i}.js`), `export const v${i} = ${i};\n`);
  }
  for (const args of [
    ['init', '-q', '.'],
    ['add', '-A'],
    ['commit', '-qm', 'generated'],
  ]) {
    // gc.auto=0: a commit of more than 6,700 loose objects would start `git gc --auto` in the background, packing them while
    // the caller copies the project (perf's 20,000 files: cp found objects gone mid-copy).
    const r = spawnSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.invalid', '-c', 'gc.auto=0', ...args], { cwd: dir, encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`git ${args.join(' ')}: ${r.stderr}`);
  }
}
