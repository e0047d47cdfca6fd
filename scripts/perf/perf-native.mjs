// `npm run perf`, section 1: the numbers the app reports on this machine against the same fio job run by hand in the
// same folder (rand-read IOPS, seq-write MB/s), in counterbalanced pairs (scripts/perf/perf-abab.mjs), each pair kept in
// perf's ledger (scripts/perf/perf-ledger.mjs), which prints each test's ratio pooled across rounds.
//
//   node scripts/perf/perf-native.mjs [--pairs N]    this section alone (needs the built CLI: npm run build:engine)
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { pathToFileURL } from 'node:url';
import { DEFAULT_PAIRS, GOAL_TEXT, ORDER_TEXT, abab, byHandFolder, ownSession, settle } from './perf-abab.mjs';
import { recordRound } from './perf-ledger.mjs';

const repo = join(import.meta.dirname, '../..');
const bin = join(repo, 'bin', 'vmbench.js');

/**
 * Section 1 of perf: native rand-read IOPS and seq-write MB/s, app run (`vmbench run` with VMBENCH_HOME=home, so its
 * test folder is home's) and fio by hand alternating in counterbalanced pairs in the same folder; the pairs go to the
 * ledger, which prints each test's figure pooled across rounds.
 */
export async function nativeAbab({ home, env, pairs = DEFAULT_PAIRS, say }) {
  const scratch = join(home, 'scratch');
  mkdirSync(scratch, { recursive: true });
  for (const [test, metric, valueOf] of [
    ['rand-read', 'read_iops', (j) => j.jobs.reduce((s, job) => s + job.read.iops, 0)],
    ['seq-write', 'write_MBps', (j) => j.jobs.reduce((s, job) => s + (job.write.bw_bytes ?? job.write.bw * 1024), 0) / 1e6],
  ]) {
    let job = null;
    let fio = 'unknown';
    const place = `native ${test}`;
    const app = () => {
      const file = join(home, `abab-${test}.json`);
      const r = spawnSync(process.execPath, [bin, 'run', '--suite', 'quick', '--tests', test, '--json', file], { env, encoding: 'utf8' });
      if (r.status !== 0) throw new Error(`vmbench run --tests ${test} failed: ${r.stderr}`);
      const target = JSON.parse(readFileSync(file, 'utf8')).targets[0];
      const res = target.results.find((x) => x.test === test);
      if (!job) fio = target.probe?.tools?.fio ?? fio;
      job ??= res;
      return { [place]: res.samples[metric] };
    };
    const byHand = () => {
      if (!job || job.tool.name !== 'fio') return [];
      const direct = byHandFolder(scratch);
      mkdirSync(direct);
      const file = join(direct, `${test}.dat`);
      const jsonOut = join(direct, 'out.json');
      const fioJson = () => {
        const text = readFileSync(jsonOut, 'utf8');
        return JSON.parse(text.slice(text.indexOf('{')));
      };
      const argv = job.command
        .split(' ')
        .slice(1)
        .map((w) => (w.startsWith('--filename=') ? `--filename=${file}` : w.startsWith('--output=') ? `--output=${jsonOut}` : w));
      if (test === 'rand-read') {
        execFileSync(
          ...ownSession('fio', [
            '--name=prepare',
            '--thread',
            `--filename=${file}`,
            '--rw=write',
            '--bs=1m',
            `--size=${job.params.sizeMiB}m`,
            '--ioengine=psync',
            `--direct=${job.params.direct === false ? 0 : 1}`,
            '--end_fsync=1',
            '--refill_buffers',
            '--randrepeat=0',
            '--output-format=json',
            `--output=${jsonOut}`,
          ]),
        );
        settle(); // as the script does between its prepare and its first trial
      } else {
        // seq-write: one discarded warm-up pass, then the settle, as the script does
        execFileSync(...ownSession('fio', argv), { stdio: ['ignore', 'ignore', 'inherit'] });
        rmSync(file, { force: true });
        settle();
      }
      const values = [];
      for (let i = 0; i < Number(job.params.trials ?? 3); i++) {
        execFileSync(...ownSession('fio', argv), { stdio: ['ignore', 'ignore', 'inherit'] });
        values.push(valueOf(fioJson()));
        if (test === 'seq-write') rmSync(file, { force: true });
      }
      rmSync(direct, { recursive: true, force: true });
      return values;
    };
    const results = await abab({ places: [place], pairs, app, byHand, say });
    if (job) say(`job: ${job.command.replace(/\/\.vmbench-[^/]+\//g, '/…/')}`);
    await recordRound({ results, places: { [place]: { place: 'native', test, metric, transport: 'local', emulated: false, fio } }, say });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { values } = parseArgs({ options: { pairs: { type: 'string' } } });
  // Inside the checkout, as perf.mjs does: the test folder on this disk.
  const home = mkdtempSync(join(repo, '.vmbench-tmp-perf-native-'));
  const say = (s) => process.stdout.write(`${s}\n`);
  try {
    say(
      `native: app-reported vs fio run by hand (same job, same folder), ${ORDER_TEXT}, each after a write-back settle; load average ${loadavg()
        .map((x) => x.toFixed(2))
        .join(' ')}; goal: ${GOAL_TEXT}`,
    );
    await nativeAbab({ home, env: { ...process.env, VMBENCH_HOME: home }, pairs: values.pairs ? Number(values.pairs) : undefined, say: (s) => say(`   ${s}`) });
  } catch (err) {
    process.stderr.write(`perf-native: ${err.message}\n`);
    process.exitCode = 1;
  } finally {
    rmSync(home, { recursive: true, force: true });
  }
}
