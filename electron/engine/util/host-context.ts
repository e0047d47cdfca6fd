/**
 * What runtimes (detection) and transports (running scripts) both use, so that runtimes import
 * transports and never the other way round: the host side's context (environment, data folder, a CLI
 * runner), the host folder of the shared place, the time-out scale of an emulated guest and the
 * socket of a Podman machine.
 */
import { join } from 'node:path';
import type { ExecOptions, ExecResult } from './exec.js';

/** The host side a transport is opened from: the environment (HOME, PATH), vmbench's data folder and a CLI runner with a time-out. */
export interface HostContext {
  env: NodeJS.ProcessEnv;
  /** Per-call timeout for CLIs. */
  timeoutMs: number;
  exec(file: string, args: string[], opts?: Partial<ExecOptions>): Promise<ExecResult>;
  dataDir: string;
}

/** The host folder of the shared place: $VMBENCH_SHARED_DIR, else <dataDir>/scratch-shared (under the home folder by default, which Docker Desktop shares). */
export function sharedDirFor(ctx: Pick<HostContext, 'env' | 'dataDir'>): string {
  return ctx.env.VMBENCH_SHARED_DIR || join(ctx.dataDir, 'scratch-shared');
}

/** How much longer than on a native disk a script may take in a guest of type 'qemu' (TCG: software emulation), a libvirt domain or a Vagrant machine. */
export const EMULATION_TIMEOUT_SCALE = 10;

/** The path of a Podman machine's docker-compatible API socket (`podman machine inspect`), or undefined when it does not say. */
export async function podmanMachineSocket(ctx: Pick<HostContext, 'exec' | 'timeoutMs'>, machine: string): Promise<string | undefined> {
  const r = await ctx
    .exec('podman', ['machine', 'inspect', machine, '--format', '{{.ConnectionInfo.PodmanSocket.Path}}'], { timeoutMs: ctx.timeoutMs })
    .catch(() => undefined);
  const path = r?.stdout.trim();
  return path && path !== '<no value>' ? path : undefined;
}
