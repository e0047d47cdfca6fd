/**
 * Restarting a Vagrant machine so a Vagrantfile change takes effect (only after the user confirmed
 * the restart itself). Usually `vagrant reload`. One case needs more: vagrant-libvirt (0.11) never
 * changes the memory backing of an existing domain, and a virtiofs synced folder needs shared
 * memory, so `vagrant reload` fails ("'virtiofs' requires shared memory"). For that case the
 * machine is halted, `<memoryBacking>` (memfd, shared) is added to its libvirt domain (the old
 * definition is saved under the data folder's backups first), and `vagrant up` starts it again.
 */
import { mkdir, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { RuntimeInfo } from '../../../contract/contract.js';
import type { ErrorCode, MsgRef } from '../../../contract/contract.js';
import { msg } from '../../../messages/finding-text.js';
import { engineError, whyOf, type EngineError } from '../../util/errors.js';
import { atomicWrite } from '../../util/atomic-write.js';
import { run } from '../../util/exec.js';
import type { DetectContext } from '../support/types.js';
import { machineId, VAGRANT_ENV } from './guest.js';

/** How long halting or bringing up a machine may take (TCG guests boot slowly). */
const STEP_TIMEOUT_MS = 600_000;

/** Whether the machine needs shared memory added before it starts: vagrant-libvirt with a virtiofs synced folder. */
export function needsSharedMemory(rt: RuntimeInfo): boolean {
  const folders = Array.isArray(rt.settings.syncedFolders) ? (rt.settings.syncedFolders as { type?: string; disabled?: boolean }[]) : [];
  return rt.settings.provider === 'libvirt' && folders.some((f) => f && !f.disabled && f.type === 'virtiofs');
}

/** The commands of a restart as shown to the user. */
export function vagrantRestartArgv(rt: RuntimeInfo): string[][] {
  const id = machineId(rt);
  if (rt.settings.provider === 'libvirt')
    return [
      ['vagrant', 'halt', id],
      ['vagrant', 'up', id],
    ];
  return [['vagrant', 'reload', id]];
}

/** A domain definition with shared memfd memory (unchanged when it already has shared access). */
export function withSharedMemory(xml: string): string {
  if (/<memoryBacking>[\s\S]*<access\s+mode=['"]shared['"]/.test(xml)) return xml;
  const backing = "<memoryBacking>\n    <source type='memfd'/>\n    <access mode='shared'/>\n  </memoryBacking>";
  if (/<memoryBacking>[\s\S]*?<\/memoryBacking>/.test(xml)) {
    return xml.replace(/<memoryBacking>([\s\S]*?)<\/memoryBacking>/, (_, inner: string) => {
      const kept = inner.replace(/\s*<(source|access)\b[^>]*\/>/g, '');
      return `<memoryBacking>${kept}\n    <source type='memfd'/>\n    <access mode='shared'/>\n  </memoryBacking>`;
    });
  }
  const current = xml.indexOf('</currentMemory>');
  const at = current >= 0 ? current : xml.indexOf('</memory>');
  if (at < 0) throw engineError('internal', 'errors.vagrant.noMemory');
  const end = xml.indexOf('>', at) + 1;
  return `${xml.slice(0, end)}\n  ${backing}${xml.slice(end)}`;
}

/** Starts a halted Vagrant machine in its own folder (`vagrant up ID`), after the user confirmed it. */
export async function startVagrant(rt: RuntimeInfo, ctx: DetectContext): Promise<void> {
  const home = typeof rt.settings.machineHome === 'string' ? rt.settings.machineHome : undefined;
  await run('vagrant', ['up', machineId(rt)], { timeoutMs: STEP_TIMEOUT_MS, env: { ...ctx.env, ...VAGRANT_ENV }, cwd: home, signal: ctx.signal });
}

/** Restarts a Vagrant machine (see the header). */
export async function restartVagrant(rt: RuntimeInfo, ctx: DetectContext): Promise<void> {
  const id = machineId(rt);
  const home = typeof rt.settings.machineHome === 'string' ? rt.settings.machineHome : undefined;
  const env = { ...ctx.env, ...VAGRANT_ENV };
  const vagrant = (args: string[]): Promise<unknown> => run('vagrant', args, { timeoutMs: STEP_TIMEOUT_MS, env, cwd: home, signal: ctx.signal });
  if (rt.settings.provider !== 'libvirt') {
    await vagrant(['reload', id]);
    return;
  }
  await vagrant(['halt', id]);
  if (needsSharedMemory(rt)) await addSharedMemory(rt, ctx, home);
  await vagrant(['up', id]);
}

/** The libvirt domain uuid vagrant-libvirt recorded for the machine; a restart error saying what to do when there is none. */
export async function libvirtDomainId(rt: RuntimeInfo, home: string | undefined): Promise<string> {
  const name = typeof rt.settings.machineName === 'string' ? rt.settings.machineName : 'default';
  if (!home) throw restartError('invalid-input', rt, msg('errors.vagrant.folderUnknown', { name: rt.name }));
  const idFile = join(home, '.vagrant', 'machines', name, 'libvirt', 'id');
  const uuid = (await readFile(idFile, 'utf8').catch(() => '')).trim();
  if (!/^[0-9a-f-]{36}$/i.test(uuid)) throw restartError('invalid-input', rt, msg('errors.vagrant.noDomainId', { name: rt.name, file: idFile }));
  return uuid;
}

async function addSharedMemory(rt: RuntimeInfo, ctx: DetectContext, home: string | undefined): Promise<void> {
  const uuid = await libvirtDomainId(rt, home);
  const uri = ctx.env.LIBVIRT_DEFAULT_URI || 'qemu:///system';
  const virsh = (args: string[]): Promise<{ stdout: string }> =>
    run('virsh', ['-c', uri, ...args], { timeoutMs: 30_000, env: { ...ctx.env, LC_ALL: 'C' }, signal: ctx.signal });
  const xml = (await virsh(['dumpxml', '--inactive', uuid])).stdout;
  let next: string;
  try {
    next = withSharedMemory(xml);
  } catch (err) {
    throw restartError('internal', rt, whyOf(err));
  }
  if (next === xml) return;
  const dir = join(ctx.dataDir, 'backups', `${new Date().toISOString().replace(/[:.]/g, '-')}-${rt.id.replace(/[^A-Za-z0-9._-]/g, '_')}-memory`);
  await mkdir(dir, { recursive: true });
  await atomicWrite(join(dir, 'domain.xml'), xml, { mode: 0o600 });
  const file = join(dir, 'domain-shared-memory.xml');
  await atomicWrite(file, next, { mode: 0o600 });
  try {
    await virsh(['define', file]);
  } finally {
    await rm(file, { force: true });
  }
}

/** "<name> could not be restarted: <why>" as the restart's own error (the engine keeps an error that has its reference as it is). */
function restartError(code: ErrorCode, rt: RuntimeInfo, detail: string | MsgRef): EngineError {
  return engineError(code, 'errors.restartFailed', { name: rt.name, detail });
}
