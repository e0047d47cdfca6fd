// Helpers of the browser tests: a real `vmbench web` child process and a headless Chromium.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { chromiumPath } from '../../scripts/chromium-path.mjs';
import { hostOnlyEnv } from './host-only-env.js';
import { expect } from 'vitest';

/** The repository root. */
export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** A folder of this checkout for one test file's screenshots (test-results/screens/NAME), made if missing: never a fixed /tmp path that another user's run may own. */
export function shotsDir(name: string): string {
  const dir = join(ROOT, 'test-results', 'screens', name);
  mkdirSync(dir, { recursive: true });
  return dir;
}

/** The Chromium flags that work on the test machines (docs/testing.md). */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
];

/** A running `vmbench web` with its own data folder. */
export interface WebServer {
  /** The address it printed, with its key (#token=…). */
  url: string;
  /** The key alone, for API calls made by the test itself. */
  token: string;
  /** Its data folder (VMBENCH_HOME). */
  home: string;
  child: ChildProcess;
  output: () => string;
  stop: () => Promise<void>;
}

/**
 * Starts `node bin/vmbench.js web --port 0` with a fresh VMBENCH_HOME and waits for the URL it prints.
 * It sees This machine only (hostOnlyEnv: a HOME of its own, no libvirt, no Docker), plus what `env`
 * sets up over that (replayed runtimes on PATH, a HOME with settings files): a test that means the
 * machine's own runtimes has to say so, in `env` or with `machineRuntimes` (a live test whose private
 * dockerd or guest is what the server must find: it inherits the test process's environment as it is).
 */
export async function startServer(opts: { env?: NodeJS.ProcessEnv; machineRuntimes?: boolean } = {}): Promise<WebServer> {
  const home = mkdtempSync(join(tmpdir(), 'vmbench-e2e-'));
  const ownHome = mkdtempSync(join(tmpdir(), 'vmbench-e2e-home-'));
  const env: NodeJS.ProcessEnv = { ...process.env, ...(opts.machineRuntimes ? {} : hostOnlyEnv(ownHome)), ...opts.env, VMBENCH_HOME: home };
  const child = spawn(process.execPath, ['bin/vmbench.js', 'web', '--port', '0'], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout?.on('data', (c: Buffer) => (out += c.toString()));
  child.stderr?.on('data', (c: Buffer) => (out += c.toString()));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`vmbench web printed no URL within 30 s:\n${out}`)), 30_000);
    const check = (): void => {
      const m = /http:\/\/127\.0\.0\.1:\d+\/#token=[A-Za-z0-9_-]+/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve(m[0]);
      }
    };
    child.stdout?.on('data', check);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`vmbench web exited with ${code}:\n${out}`));
    });
  });
  const stop = async (): Promise<void> => {
    if (child.exitCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      const t = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(t);
    }
    rmSync(home, { recursive: true, force: true });
    rmSync(ownHome, { recursive: true, force: true });
  };
  return { url, token: new URL(url).hash.replace(/^#token=/, ''), home, child, output: () => out, stop };
}

/** What a test file opens and closes at its end: a page's context or a browser, a server, a stub environment, or a temp folder's path. */
export type Closable = { close: () => Promise<unknown> } | { stop: () => Promise<unknown> } | { cleanup: () => void } | string | undefined | null;

/**
 * The one teardown of a browser test file: closes each thing in the order given (context, browser,
 * server, then folders), skips what was never opened, goes on past a failure and throws the first.
 */
export async function closeAll(...things: Closable[]): Promise<void> {
  let first: unknown;
  for (const t of things) {
    try {
      if (!t) continue;
      if (typeof t === 'string') rmSync(t, { recursive: true, force: true });
      else if ('close' in t) await t.close();
      else if ('stop' in t) await t.stop();
      else t.cleanup();
    } catch (err) {
      first ??= err;
    }
  }
  if (first !== undefined) throw first;
}

/** Calls the engine API of a running `vmbench web` as the page does (its key in X-Vmbench-Token); throws the engine's message. */
export async function apiCall<T>(server: Pick<WebServer, 'url' | 'token'>, channel: string, ...args: unknown[]): Promise<T> {
  const res = await fetch(new URL(`/api/${channel}`, server.url), {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-vmbench-token': server.token },
    body: JSON.stringify({ args }),
  });
  const env = (await res.json()) as { ok: boolean; value: T; error?: { message: string } };
  if (!env.ok) throw new Error(env.error?.message);
  return env.value;
}

/**
 * Waits until detection has finished (Refresh is enabled again), then unchecks every target but This
 * machine: a test of the host measures only the host, even where the machine also runs guests that
 * the real libvirt, Docker or Vagrant would show (a developer's machine, another test's guest).
 */
export async function onlyThisMachine(page: Page): Promise<void> {
  await page.waitForFunction(() => document.querySelector('[data-testid="refresh-button"]')?.hasAttribute('disabled') === false, undefined, {
    timeout: 120_000,
  });
  const others = await page
    .locator('input[type="checkbox"][data-testid^="target-"]:not([data-testid="target-local"]):checked')
    .evaluateAll((els) => els.map((e) => e.getAttribute('data-testid') ?? ''));
  // Each box by its own test id (a locator of the checked ones no longer finds a box once it is unchecked). A click
  // that did not change a box (seen once on a machine at load average 10) is clicked again; one that stays checked fails.
  for (const id of others) {
    const box = page.getByTestId(id);
    await expect
      .poll(async () => {
        if (await box.isChecked()) await box.click();
        return box.isChecked();
      })
      .toBe(false);
  }
  await page.waitForFunction(() => (document.querySelector('[data-testid="benchmark-button"]') as HTMLButtonElement | null)?.disabled === false);
}

/** Launches the machine's Chromium or Chrome headless (scripts/chromium-path.mjs). */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
}

/** A `vmbench web`, Chromium and one page in Japanese (ja-JP, 1440×900, light, reduced motion) for the Japanese views' tests. */
export interface JaSession {
  server: WebServer;
  browser: Browser;
  context: BrowserContext;
  page: Page;
  /** Closes the page's context and the browser, and stops the server. */
  close: () => Promise<void>;
}

/** Starts the server (with `env` over the test's environment), the browser and a Japanese page; makes `shots` for its screenshots. */
export async function startJaSession(shots: string, env?: NodeJS.ProcessEnv): Promise<JaSession> {
  const server = await startServer({ env });
  const browser = await launchBrowser();
  mkdirSync(shots, { recursive: true });
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'ja-JP', colorScheme: 'light', reducedMotion: 'reduce' });
  const page = await context.newPage();
  const close = (): Promise<void> => closeAll(context, browser, server);
  return { server, browser, context, page, close };
}

/** Entries the bench scripts create in a scratch folder (`.vmbench-*`). */
export function leftovers(scratch: string): string[] {
  try {
    return readdirSync(scratch).filter((n) => n.startsWith('.vmbench-'));
  } catch {
    return [];
  }
}

function procInfo(pid: string): { ppid: number; state: string; comm: string; cmd: string; cwd: string } | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const comm = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
    const [state, ppid] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const cmd = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ');
    let cwd = '';
    try {
      cwd = readlinkSync(`/proc/${pid}/cwd`);
    } catch {
      // Not ours to read.
    }
    return { ppid: Number(ppid), state, comm, cmd, cwd };
  } catch {
    return null;
  }
}

/** Every process now, and whether one descends from a given pid. */
function processTable(): { procs: Map<number, NonNullable<ReturnType<typeof procInfo>>>; descends: (pid: number, ancestor: number) => boolean } {
  const procs = new Map<number, NonNullable<ReturnType<typeof procInfo>>>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const info = procInfo(name);
    if (info) procs.set(Number(name), info);
  }
  const descends = (pid: number, ancestor: number): boolean => {
    for (let p = procs.get(pid)?.ppid, hops = 0; p && hops < 64; p = procs.get(p)?.ppid, hops++) if (p === ancestor) return true;
    return false;
  };
  return { procs, descends };
}

/** fio processes that belong to this test: descendants of the server, or touching its data folder. */
export function ourFioProcesses(serverPid: number, home: string): string[] {
  const { procs, descends } = processTable();
  const found: string[] = [];
  for (const [pid, info] of procs) {
    if (info.comm !== 'fio' && !/(^|\/)fio\s/.test(info.cmd)) continue;
    if (descends(pid, serverPid) || info.cmd.includes(home) || info.cwd.startsWith(home)) found.push(`${pid} ${info.cmd}`);
  }
  return found;
}

/**
 * Live (not zombie) processes whose command line matches `cmd` and that descend from `ancestor` (a test's
 * own process when its engine runs in it): "pid cmdline" each. Another live stream's servers are not
 * counted (the live lane runs two files at a time, docs/architecture.md).
 */
export function processesUnder(ancestor: number, cmd: RegExp): string[] {
  const { procs, descends } = processTable();
  return [...procs].filter(([pid, i]) => i.state !== 'Z' && cmd.test(i.cmd.trim()) && descends(pid, ancestor)).map(([pid, i]) => `${pid} ${i.cmd.trim()}`);
}

/** Reads width and height from a PNG's IHDR after checking its signature. */
export function pngSize(buf: Buffer): { width: number; height: number } {
  const sig = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  if (!buf.subarray(0, 8).equals(sig)) throw new Error('not a PNG (bad signature)');
  if (buf.subarray(12, 16).toString('ascii') !== 'IHDR') throw new Error('PNG without IHDR first');
  return { width: buf.readUInt32BE(16), height: buf.readUInt32BE(20) };
}
