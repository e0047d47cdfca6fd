/**
 * Test doubles for runtime CLIs that cannot exist on Linux (rdctl, orb, Docker Desktop's docker,
 * colima, limactl, podman machine): small sh scripts on PATH that only replay REAL captures from
 * tests/fixtures/captures or tests/fixtures/runtimes (cat, or a truncated copy for the garbage case), or
 * hang (exec sleep) for the time-out case. An unmatched command exits 1 saying no capture exists.
 */
import { chmodSync, copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
/** Real captures of runtime CLIs and settings files copied from public sources (provenance in SOURCES.txt / *.source.txt beside them). */
export const CAPTURES = resolve(repoRoot, 'tests', 'fixtures', 'captures');
/** Real captures made for these tests (provenance in SOURCES.txt / *.source.txt beside them). */
export const LOCAL_FIXTURES = resolve(repoRoot, 'tests', 'fixtures', 'runtimes');

/** Absolute path of a public capture ("docker-desktop/settings-store.marslo-v40.json"). */
export function captured(rel: string): string {
  return join(CAPTURES, rel);
}

/** Absolute path of a local fixture ("orbstack/orb-version.2.0.5.txt"). */
export function local(rel: string): string {
  return join(LOCAL_FIXTURES, rel);
}

/** Text of a fixture file. */
export function text(path: string): string {
  return readFileSync(path, 'utf8');
}

/** What one stubbed command line does. `args` is a sh case pattern matched against "$*". */
export interface StubRule {
  args: string;
  stdout?: string;
  stderr?: string;
  /** Replay only the first N bytes of `stdout` (the garbage case). */
  truncate?: number;
  /** Replay only line N of `stdout` (a file holding several real samples). */
  line?: number;
  exit?: number;
  hang?: boolean;
  /** Answer only after this many seconds (a slow CLI on a busy machine). */
  delayS?: number;
  /** Hang in a child process that keeps the output open after the stub itself is killed (5 s). */
  hangInChild?: boolean;
}

/** A prepared HOME + PATH for detection. */
export interface StubEnv {
  root: string;
  home: string;
  bin: string;
  env: NodeJS.ProcessEnv;
  cleanup(): void;
}

const q = (s: string): string => `'${s.replace(/'/g, `'\\''`)}'`;

function script(name: string, rules: StubRule[]): string {
  const lines = ['#!/bin/sh', 'case "$*" in'];
  for (const r of rules) {
    const body: string[] = [];
    if (r.hang) body.push('exec /bin/sleep 30');
    if (r.delayS) body.push(`/bin/sleep ${r.delayS}`);
    if (r.hangInChild) body.push('/bin/sleep 5');
    if (r.stdout) {
      if (r.truncate !== undefined) body.push(`/usr/bin/head -c ${r.truncate} ${q(r.stdout)}`);
      else if (r.line !== undefined) body.push(`/bin/sed -n ${r.line}p ${q(r.stdout)}`);
      else body.push(`/bin/cat ${q(r.stdout)}`);
    }
    if (r.stderr) body.push(`/bin/cat ${q(r.stderr)} >&2`);
    body.push(`exit ${r.exit ?? 0}`);
    lines.push(`  ${r.args}) ${body.join('; ')};;`);
  }
  lines.push(`  *) echo "stub ${name}: no real capture for: $*" >&2; exit 1;;`, 'esac', '');
  return lines.join('\n');
}

/**
 * Creates a temp HOME holding copies of fixture files (relative HOME path -> fixture path) and a bin
 * folder of stub CLIs; PATH is that folder only, so no real CLI of this machine is found.
 */
export function makeStubEnv(stubs: Record<string, StubRule[]>, homeFiles: Record<string, string> = {}): StubEnv {
  const root = mkdtempSync(join(tmpdir(), 'vmbench-rt-'));
  const home = join(root, 'home');
  const bin = join(root, 'bin');
  mkdirSync(home, { recursive: true });
  mkdirSync(bin, { recursive: true });
  for (const [rel, src] of Object.entries(homeFiles)) {
    const dest = join(home, rel);
    mkdirSync(dirname(dest), { recursive: true });
    copyFileSync(src, dest);
  }
  for (const [name, rules] of Object.entries(stubs)) {
    const p = join(bin, name);
    writeFileSync(p, script(name, rules));
    chmodSync(p, 0o755);
  }
  const env: NodeJS.ProcessEnv = { HOME: home, PATH: bin, LANG: 'C', DOCKER_HOST: `unix://${join(root, 'no-docker.sock')}` };
  return { root, home, bin, env, cleanup: () => rmSync(root, { recursive: true, force: true }) };
}

/** The Docker Desktop settings-store.json location under HOME on macOS. */
/**
 * The docker CLI's rules for a context "vmbench-test" whose daemon does not answer: `context ls` lists it, and its
 * `info` and `version` fail as docker 28.2.2 did against a stopped daemon (tests/fixtures/runtimes/docker-engine/).
 */
export function unreachableDockerContext(): StubRule[] {
  const cap = (f: string): string => local(`docker-engine/${f}`);
  return [
    { args: '"context ls --format {{json .}}"', stdout: cap('context-ls.docker-28.2.2.ndjson') },
    {
      args: '*"--context vmbench-test info"*',
      stdout: cap('info-unreachable.docker-28.2.2.json'),
      stderr: cap('info-unreachable.docker-28.2.2.stderr.txt'),
      exit: 1,
    },
    {
      args: '*"--context vmbench-test version"*',
      stdout: cap('version-unreachable.docker-28.2.2.json'),
      stderr: cap('version-unreachable.docker-28.2.2.stderr.txt'),
      exit: 1,
    },
  ];
}

export const MAC_DD_STORE = 'Library/Group Containers/group.com.docker/settings-store.json';
