/**
 * Detection's look inside a running domain through its QEMU guest agent: does the agent answer
 * guest-ping (the libvirt transport needs it), and where are the host shares really mounted
 * (/proc/mounts read with guest-file-open/read/close). Never throws; every call has a timeout.
 */
import { exitWhy, garbageReason, runCli } from '../support/cli.js';
import { why, type Why } from '../support/why.js';
import type { DetectContext } from '../types.js';

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

const C_LOCALE = { LC_ALL: 'C', LANG: 'C' };
const SHARE_TYPES = new Set(['9p', 'virtiofs']);

function unescapeMount(field: string): string {
  return field.replace(/\\([0-7]{3})/g, (_, oct: string) => String.fromCharCode(parseInt(oct, 8)));
}

/** The 9p and virtiofs mounts of a /proc/mounts text. */
export function parseShareMounts(procMounts: string): GuestShareMount[] {
  const out: GuestShareMount[] = [];
  for (const line of procMounts.split('\n')) {
    const [src, path, fstype] = line.trim().split(/\s+/);
    if (src && path && fstype && SHARE_TYPES.has(fstype)) out.push({ tag: unescapeMount(src), path: unescapeMount(path), fstype });
  }
  return out;
}

async function agentCall<T>(
  ctx: DetectContext,
  uri: string,
  dom: string,
  execute: string,
  args?: Record<string, unknown>,
): Promise<{ ok: true; value: T } | { ok: false; reason: Why }> {
  const cmd = JSON.stringify(args ? { execute, arguments: args } : { execute });
  const timeoutSec = String(Math.max(1, Math.floor(ctx.timeoutMs / 1000) - 1));
  const label = `virsh qemu-agent-command ${execute}`;
  const r = await runCli(ctx, 'virsh', ['-c', uri, 'qemu-agent-command', `--domain=${dom}`, '--timeout', timeoutSec, '--cmd', cmd], { label, env: C_LOCALE });
  if (!r.ok) return { ok: false, reason: r.code === 'failed' ? exitWhy(label, r.exitCode, r.stderr.replace(/\berror: /g, '')) : r.why };
  try {
    const reply = JSON.parse(r.stdout) as { return?: T; error?: { desc?: string } };
    if (reply.error) return { ok: false, reason: why('agent.error', { execute, said: reply.error.desc ?? 'error' }) };
    return { ok: true, value: reply.return as T };
  } catch {
    return { ok: false, reason: garbageReason(label, why('parse.notJson')) };
  }
}

/** Pings a running domain's guest agent and reads its share mounts from /proc/mounts. */
export async function probeGuestAgent(ctx: DetectContext, uri: string, dom: string): Promise<GuestAgentFacts> {
  const ping = await agentCall(ctx, uri, dom, 'guest-ping');
  if (!ping.ok) {
    return { answers: false, reason: why('agent.silent', { why: ping.reason }), mounts: [] };
  }
  const open = await agentCall<number>(ctx, uri, dom, 'guest-file-open', { path: '/proc/mounts', mode: 'r' });
  if (!open.ok) return { answers: true, reason: why('agent.noMounts', { why: open.reason }), mounts: [] };
  const read = await agentCall<{ 'buf-b64': string }>(ctx, uri, dom, 'guest-file-read', { handle: open.value, count: 1024 * 1024 });
  await agentCall(ctx, uri, dom, 'guest-file-close', { handle: open.value });
  if (!read.ok) return { answers: true, reason: why('agent.noMounts', { why: read.reason }), mounts: [] };
  return { answers: true, mounts: parseShareMounts(Buffer.from(read.value['buf-b64'] ?? '', 'base64').toString('utf8')) };
}
