// `npm run perf`, fidelity pooled across rounds: one round's few pairs cannot pin app ÷ by hand within ±5% at this
// machine's noise, so every round appends its app/by-hand pairs (scripts/perf/perf-abab.mjs) to a ledger outside the
// checkout, and perf prints each place's pooled pair-level ratio with a 90% interval and the number of pairs.
//
// The ledger: $VMBENCH_PERF_LEDGER (off: no ledger), else /var/cache/vmbench-test/perf-ledger.ndjson as root (beside the test
// images), else ${XDG_CACHE_HOME:-~/.cache}/vmbench-perf/ledger.ndjson. One JSON object a line, one line a pair:
// { v, round, at, commit, dirty, place, test, metric, transport, emulated, fio, [tool, workload,] fingerprint, pair, app, byHand }.
// `fio` is the by-hand tool's version; `tool` names that tool when it is not fio (the command section's hyperfine, or
// the clock of its loop in a container) and `workload` what the pairs timed (its command and project); a line without
// them is fio's. A place's pairs are pooled by its key (place, test, metric, transport, emulated, fio version, tool,
// workload) and only while
// the fingerprint matches: the sha256 of the transport's source files and the bench scripts the test runs, so a
// change to either starts that place afresh (older pairs stay in the file, set aside and counted in the output).
// A line that does not parse (a manual edit, a torn write) is skipped with a warning; appending keeps every
// line as it was (the project's atomicWrite under a lock file, never a rewrite of what is there).
//
//   node scripts/perf/perf-ledger.mjs    prints every key's pooled figures (current fingerprints) without measuring
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { closeSync, existsSync, lstatSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { files, hashFiles, isBuilt } from '../build/ensure-built.mjs';
import { compareStats, pairSpread } from './perf-abab.mjs';

const repo = join(import.meta.dirname, '../..');

/** The ledger's format version (a line of another version is skipped). */
export const LEDGER_VERSION = 1;
/** The pooled interval's confidence level. */
export const POOL_LEVEL = 0.9;
/** Pairs needed before the goal is judged. */
export const MIN_PAIRS = 12;
/** The goal on the pooled interval: within 0.95–1.05 natively and in Docker, within 0.90–1.10 under emulation (TCG). */
export const FIDELITY_GOAL = { native: { lo: 0.95, hi: 1.05 }, emulated: { lo: 0.9, hi: 1.1 } };

/** Where the ledger lives: $VMBENCH_PERF_LEDGER ("off": nowhere), else under /var/cache/vmbench-test as root, else the user's cache folder. */
export function ledgerPath(env = process.env, uid = process.getuid?.()) {
  if (env.VMBENCH_PERF_LEDGER) return env.VMBENCH_PERF_LEDGER;
  if (uid === 0) return '/var/cache/vmbench-test/perf-ledger.ndjson';
  return join(env.XDG_CACHE_HOME || join(env.HOME || homedir(), '.cache'), 'vmbench-perf', 'ledger.ndjson');
}

/**
 * The files a place's measurement depends on, relative to the checkout: the transport's sources, the test's bench scripts and
 * how the by-hand side runs (scripts/perf/perf-abab.mjs: its settle, its session).
 */
export function fingerprintFiles({ transport, test }, root = repo) {
  const dir = join(root, 'electron', 'engine', 'transports');
  const transportFiles = [join(dir, 'types.ts'), ...files(join(dir, transport))];
  const scripts = ['lib.sh', `${test}.sh`].map((f) => join(root, 'bench-scripts', f));
  return [...transportFiles, ...scripts, join(root, 'scripts', 'perf', 'perf-abab.mjs')].filter((f) => existsSync(f));
}

/** The fingerprint of a place: the first 16 hex digits of hashFiles(fingerprintFiles(...)). */
export function placeFingerprint(place, root = repo) {
  return hashFiles(fingerprintFiles(place, root)).slice(0, 16);
}

/** The commit of the checkout and whether its tree differs from it (null when git cannot say). */
export function checkoutCommit(root = repo) {
  try {
    const commit = execFileSync('git', ['rev-parse', 'HEAD'], { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
    const dirty =
      execFileSync('git', ['status', '--porcelain', '--untracked-files=no'], { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim() !==
      '';
    return { commit, dirty };
  } catch {
    return { commit: null, dirty: null };
  }
}

/** The checkout's commit when perf started (a round takes minutes; a commit made meanwhile is not what ran). */
const commitAtStart = checkoutCommit();

const KEY_FIELDS = ['place', 'test', 'metric', 'transport', 'emulated', 'fio', 'tool', 'workload'];
const positive = (xs) => Array.isArray(xs) && xs.length >= 2 && xs.every((x) => typeof x === 'number' && Number.isFinite(x) && x > 0);

/** Why a parsed line is not a pair of the ledger, or null when it is one. */
function invalid(e) {
  if (typeof e !== 'object' || e === null || Array.isArray(e)) return 'not an object';
  if (e.v !== LEDGER_VERSION) return `format version ${JSON.stringify(e.v)}, not ${LEDGER_VERSION}`;
  for (const k of ['place', 'test', 'metric', 'transport', 'fio', 'fingerprint', 'round']) if (typeof e[k] !== 'string' || !e[k]) return `no ${k}`;
  if (typeof e.emulated !== 'boolean') return 'no emulated';
  if (!positive(e.app) || !positive(e.byHand)) return 'app or byHand is not two or more positive numbers';
  return null;
}

/** The pairs in a ledger's text; a line that is not one (torn, edited, another version) is skipped and reported through warn. */
export function parseLedger(text, warn = () => undefined) {
  const entries = [];
  text.split('\n').forEach((line, i) => {
    if (!line.trim()) return;
    let e;
    try {
      e = JSON.parse(line);
    } catch {
      warn(`ledger line ${i + 1} skipped: not JSON (${line.length > 60 ? `${line.slice(0, 60)}…` : line})`);
      return;
    }
    const why = invalid(e);
    if (why) warn(`ledger line ${i + 1} skipped: ${why}`);
    else entries.push(e);
  });
  return entries;
}

/** The pairs of the ledger file (none when it does not exist yet, or cannot be read: then a warning). */
export function readLedger(file, warn = () => undefined) {
  if (!existsSync(file)) return [];
  try {
    return parseLedger(readFileSync(file, 'utf8'), warn);
  } catch (err) {
    warn(`ledger ${file} unreadable: ${err.message}`);
    return [];
  }
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const alive = (pid) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return err.code === 'EPERM';
  }
};

/** Holds `${file}.lock` (its writer's pid inside) while fn runs; a lock whose writer is gone is taken over. */
async function withLock(file, fn, timeoutMs = 60_000) {
  const lock = `${file}.lock`;
  const until = Date.now() + timeoutMs;
  for (;;) {
    try {
      const fd = openSync(lock, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      break;
    } catch (err) {
      if (err.code !== 'EEXIST') throw err;
      // Empty while its writer is between creating and writing it; gone when its writer just finished.
      const pid = Number(existsSync(lock) ? readFileSync(lock, 'utf8').trim() : '');
      if (Number.isInteger(pid) && pid > 0 && !alive(pid)) rmSync(lock, { force: true });
      else if (Date.now() > until) throw new Error(`the ledger is locked by pid ${pid} (${lock})`, { cause: err });
      else await sleep(200);
    }
  }
  try {
    return await fn();
  } finally {
    rmSync(lock, { force: true });
  }
}

/**
 * Appends lines to the ledger, keeping every byte already there: the old text (a torn last line ended by a
 * newline, so a new line never joins it) plus the new lines, written by atomicWrite under the lock.
 */
export async function appendLedger(file, entries) {
  if (entries.length === 0) return;
  const { atomicWrite } = await compareStats();
  // atomicWrite renames over the path: never over a device, a link or a folder (VMBENCH_PERF_LEDGER=/dev/null as root).
  if (existsSync(file) && !lstatSync(file).isFile()) throw new Error(`${file} is not a regular file`);
  mkdirSync(dirname(file), { recursive: true });
  await withLock(file, async () => {
    const old = existsSync(file) ? readFileSync(file, 'utf8') : '';
    const text = `${old}${old && !old.endsWith('\n') ? '\n' : ''}${entries.map((e) => JSON.stringify(e)).join('\n')}\n`;
    await atomicWrite(file, text);
  });
}

/** A place's key as text, to group by. */
export const keyOf = (e) => KEY_FIELDS.map((k) => String(e[k])).join('\u0000');

/**
 * The pooled figures of one key: the pairs with this fingerprint (each pair's ratio app ÷ by hand of the
 * geometric means of its trials), their geometric mean with a 90% t interval on the logs (logMeanInterval, the
 * verdicts' one-sample interval), the rounds and commits they came from, and how many pairs of the key were set
 * aside for another fingerprint.
 */
export async function poolPlace(entries, key, fingerprint) {
  const { welchLogRatio, logMeanInterval } = await compareStats();
  const same = entries.filter((e) => keyOf(e) === keyOf(key));
  const pooled = same.filter((e) => e.fingerprint === fingerprint);
  const ratios = pooled.map((e) => welchLogRatio(e.byHand, e.app)?.ratio).filter((r) => r !== undefined);
  const interval = logMeanInterval(ratios, 1 - POOL_LEVEL);
  return {
    n: ratios.length,
    interval,
    spread: pairSpread(ratios),
    rounds: new Set(pooled.map((e) => e.round)).size,
    commits: [...new Set(pooled.map((e) => e.commit).filter(Boolean))],
    setAside: same.length - pooled.length,
    setAsideFingerprints: [...new Set(same.filter((e) => e.fingerprint !== fingerprint).map((e) => e.fingerprint))],
  };
}

/** The goal's bounds for a place: 0.95–1.05 natively and in Docker, 0.90–1.10 under emulation. */
export const goalFor = (emulated) => (emulated ? FIDELITY_GOAL.emulated : FIDELITY_GOAL.native);

/** The goal check on a pooled place: not enough pairs yet, meets the goal, or misses it (and how). */
export function fidelityGoalText(p, emulated) {
  const g = goalFor(emulated);
  const bounds = `${g.lo.toFixed(2)}–${g.hi.toFixed(2)}`;
  if (p.n < MIN_PAIRS || !p.interval) return `not enough pairs yet (n=${p.n} of ${MIN_PAIRS})`;
  const { lo, hi } = p.interval;
  if (lo >= g.lo && hi <= g.hi) return `meets the goal (90% interval within ${bounds})`;
  if (lo > 1 || hi < 1) return `misses the goal (90% interval within ${bounds}): the interval excludes 1, app and by hand differ`;
  return `misses the goal (90% interval within ${bounds}): the interval includes 1 but is wider than the goal; more rounds will narrow it`;
}

/** The line perf prints for a pooled place. */
export function pooledLine(label, p, emulated) {
  const fig = p.interval
    ? `${p.interval.center.toFixed(3)} [${p.interval.lo.toFixed(3)}–${p.interval.hi.toFixed(3)}] (90%)`
    : `n/a (${p.n === 1 ? 'one pair' : 'no pairs'}: an interval needs two)`;
  const spread = p.spread === null ? '' : `, pairs spread ±${(p.spread * 100).toFixed(1)}%`;
  const aside = p.setAside
    ? `; ${p.setAside} older pair(s) with another fingerprint (${p.setAsideFingerprints.join(', ')}: the transport, a bench script or the by-hand side changed since) not pooled`
    : '';
  return `${label}: pooled app / by hand ${fig} over ${p.n} pair(s) from ${p.rounds} round(s)${spread}: ${fidelityGoalText(p, emulated)}${aside}`;
}

/**
 * Appends one round's pairs of the given places to the ledger and prints each place's pooled figures.
 * `results`: abab's return; `places`: { [abab place]: { place, test, metric, transport, emulated, fio } }.
 * Never throws: a ledger that cannot be read or written is reported through say, the round's own figures stand.
 */
export async function recordRound({ results, places, say, file = ledgerPath(), root = repo, round = roundId(), at = new Date().toISOString() }) {
  const warn = (s) => say(`warning: ${s}`);
  if (file === 'off') return say('ledger off (VMBENCH_PERF_LEDGER=off): this round is not kept');
  try {
    const { commit, dirty } = root === repo ? commitAtStart : checkoutCommit(root);
    const keys = Object.entries(places).map(([name, meta]) => ({ name, meta, fingerprint: placeFingerprint(meta, root) }));
    const entries = keys.flatMap(({ name, meta, fingerprint }) =>
      (results[name]?.pairTrials ?? []).map((p) => ({
        v: LEDGER_VERSION,
        round,
        at,
        commit,
        dirty,
        ...Object.fromEntries(KEY_FIELDS.map((k) => [k, meta[k]])),
        fingerprint,
        pair: p.pair,
        app: p.app,
        byHand: p.byHand,
      })),
    );
    // The fingerprint describes the sources; the app ran dist/ (npm run perf builds it first, the sections run alone do not).
    if (root === repo && !isBuilt()) warn("dist/ is not built from this checkout's sources (npm run build): the fingerprint may not describe what ran");
    try {
      await appendLedger(file, entries);
      say(`ledger ${file}: this round added ${entries.length} pair(s) (commit ${commit?.slice(0, 12) ?? 'unknown'}${dirty ? ', uncommitted changes' : ''})`);
    } catch (err) {
      say(`ledger ${file}: this round's ${entries.length} pair(s) NOT added: ${err.message}`);
    }
    const all = readLedger(file, warn);
    const width = Math.max(...keys.map((k) => k.name.length));
    for (const { name, meta, fingerprint } of keys) {
      const p = await poolPlace(all, meta, fingerprint);
      say(pooledLine(`${name.padEnd(width)} (${meta.tool ?? 'fio'} ${meta.fio}, ${meta.transport}, fingerprint ${fingerprint})`, p, meta.emulated));
    }
  } catch (err) {
    say(`ledger n/a: ${err.message}`);
  }
}

/** A round's id: its start time and a random suffix. */
export const roundId = () => `${new Date().toISOString()}-${randomBytes(3).toString('hex')}`;

/** Every key in the ledger, pooled with the checkout's current fingerprints (`node scripts/perf/perf-ledger.mjs`). */
export async function ledgerSummary({ file = ledgerPath(), say = (s) => process.stdout.write(`${s}\n`), root = repo } = {}) {
  const all = readLedger(file, (s) => say(`warning: ${s}`));
  say(`ledger ${file}: ${all.length} pair(s)`);
  const keys = new Map();
  for (const e of all) if (!keys.has(keyOf(e))) keys.set(keyOf(e), e);
  for (const meta of keys.values()) {
    const fingerprint = placeFingerprint(meta, root);
    const p = await poolPlace(all, meta, fingerprint);
    const where = meta.transport === 'local' ? meta.place : `${meta.transport} ${meta.place}`;
    say(
      pooledLine(
        `${where} ${meta.test} ${meta.metric}${meta.workload ? ` [${meta.workload}]` : ''} (${meta.tool ?? 'fio'} ${meta.fio}, ${meta.transport}${meta.emulated ? ', TCG' : ''}, fingerprint ${fingerprint})`,
        p,
        meta.emulated,
      ),
    );
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await ledgerSummary();
}
