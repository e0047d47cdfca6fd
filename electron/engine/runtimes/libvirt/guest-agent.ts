/**
 * Detection's look inside a running domain through its QEMU guest agent: does the agent answer
 * guest-ping (the libvirt transport needs it), and where are the host shares really mounted
 * (/proc/mounts read with guest-file-open/read/close), through the one guest agent client
 * (engine/guest/qemu-agent.ts). Never throws; every call has a timeout.
 */
import { AgentError, GuestAgent, type VirshRunner } from '../../guest/qemu-agent.js';
import { parseMounts } from '../../guest/mounts.js';
import { exitWhy, garbageReason, runCli } from '../support/cli.js';
import { commandText, why, whyEn, withDetail, type Why } from '../support/why.js';
import type { DetectContext } from '../support/types.js';
import { C_LOCALE } from './virsh-batch.js';

/** A host share as mounted inside the guest. */
export interface GuestShareMount {
  /** The 9p mount tag or virtiofs tag (the domain XML's <filesystem><target dir=...>). */
  tag: string;
  path: string;
  fstype: string;
}

/** What the guest agent of a domain told detection. */
export interface GuestAgentFacts {
  answers: boolean;
  /** Why it does not answer, in words a user understands. */
  reason?: Why;
  mounts: GuestShareMount[];
}

const SHARE_TYPES = new Set(['9p', 'virtiofs']);

/** The 9p and virtiofs mounts of a /proc/mounts text. */
export function parseShareMounts(procMounts: string): GuestShareMount[] {
  return parseMounts(procMounts)
    .filter((m) => SHARE_TYPES.has(m.fstype))
    .map((m) => ({ tag: m.source, path: m.path, fstype: m.fstype }));
}

/** A virsh call detection could not make, with the reason in words (runCli's). */
class VirshFailed extends Error {
  constructor(readonly reason: Why) {
    super(whyEn(reason));
  }
}

const label = (execute: string): string => `virsh qemu-agent-command ${execute}`;

/** The guest agent client with detection's CLI runner: ctx.exec under the kind's deadline, each failure a reason. */
function detectionAgent(ctx: DetectContext, uri: string, dom: string): GuestAgent {
  const virsh: VirshRunner = async (argv, { execute }) => {
    const r = await runCli(ctx, 'virsh', argv, { label: label(execute), env: C_LOCALE });
    if (!r.ok) throw new VirshFailed(r.code === 'failed' ? exitWhy(label(execute), r.exitCode, r.stderr, commandText('virsh', argv)) : r.why);
    return r.stdout;
  };
  return new GuestAgent({ uri, domain: dom, callTimeoutMs: ctx.timeoutMs, virsh });
}

/** Why an agent call failed, in words a user understands. */
function reasonOf(err: unknown, execute: string): Why {
  if (err instanceof VirshFailed) return err.reason;
  if (err instanceof AgentError && err.failure === 'error') return withDetail(why('agent.error', { execute: err.command }), err.said);
  if (err instanceof AgentError && err.failure === 'not-json') return garbageReason(label(err.command), why('parse.notJson'));
  return withDetail(why('cli.notRun', { label: label(execute) }), err instanceof Error ? err.message : String(err));
}

/** Pings a running domain's guest agent and reads its share mounts from /proc/mounts. */
export async function probeGuestAgent(ctx: DetectContext, uri: string, dom: string): Promise<GuestAgentFacts> {
  const agent = detectionAgent(ctx, uri, dom);
  try {
    await agent.command('guest-ping');
  } catch (err) {
    return { answers: false, reason: why('agent.silent', { why: reasonOf(err, 'guest-ping') }), mounts: [] };
  }
  try {
    return { answers: true, mounts: parseShareMounts((await agent.readFile('/proc/mounts')).toString('utf8')) };
  } catch (err) {
    return { answers: true, reason: why('agent.noMounts', { why: reasonOf(err, 'guest-file-read') }), mounts: [] };
  }
}
