// The built `vmbench` CLI as a subprocess, for the tests that drive it as a user would.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

/** bin/vmbench.js of this checkout (the lanes build dist/ before the tests run). */
export const BIN = join(import.meta.dirname, '..', '..', 'bin', 'vmbench.js');

/** What a finished CLI call left: its exit, and its output as text. */
export interface CliOut {
  status: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

/** Runs `vmbench ARGS` with exactly this environment and waits for it (killed after timeoutMs). */
export function runCli(args: string[], env: NodeJS.ProcessEnv, timeoutMs = 240_000): CliOut {
  const r = spawnSync(process.execPath, [BIN, ...args], { env, encoding: 'utf8', timeout: timeoutMs });
  return { status: r.status, signal: r.signal, stdout: r.stdout, stderr: r.stderr };
}
