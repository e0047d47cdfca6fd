import type { RuntimeInfo } from '../../../contract/contract.js';
import { engineError } from '../../util/errors.js';
import { GuestAgent } from '../../guest/qemu-agent.js';
import { run } from '../../util/exec.js';

/** How long a restart may take: a clean shutdown plus a boot until the guest agent answers (TCG is slow). */
const RESTART_TIMEOUT_MS = 300_000;
/** How long a clean shutdown may take before the domain is powered off (as `vagrant reload` does after its graceful halt). */
const GRACEFUL_MS = 60_000;

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

/**
 * Restarts a domain so a changed definition takes effect: a clean shutdown through the guest
 * agent (ACPI as fallback), powered off if it has not stopped after GRACEFUL_MS, then started
 * again; resolves once its agent answers.
 * Only ever called after the user confirmed the restart itself.
 */
export async function restartDomain(rt: RuntimeInfo, opts: { signal?: AbortSignal; timeoutMs?: number } = {}): Promise<void> {
  const uri = typeof rt.settings.libvirtUri === 'string' ? rt.settings.libvirtUri : 'qemu:///system';
  const dom = rt.id.replace(/^libvirt:/, '');
  const deadline = Date.now() + (opts.timeoutMs ?? RESTART_TIMEOUT_MS);
  const virsh = (args: string[], allowFailure = false): Promise<{ stdout: string; exitCode: number }> =>
    run('virsh', ['-c', uri, ...args], { timeoutMs: 30_000, signal: opts.signal, allowFailure, env: { ...process.env, LC_ALL: 'C' } });
  const state = async (): Promise<string> => (await virsh(['domstate', dom], true)).stdout.trim();
  const waitFor = async (key: 'errors.shutdownTimeout' | 'errors.agentTimeout', done: () => Promise<boolean>): Promise<void> => {
    while (!(await done())) {
      if (Date.now() > deadline) throw engineError('timeout', key, { name: rt.name, command: `virsh -c ${uri} domstate ${dom}` });
      await sleep(1000);
    }
  };
  if ((await state()) === 'running') {
    if ((await virsh(['shutdown', dom, '--mode', 'agent'], true)).exitCode !== 0) await virsh(['shutdown', dom]);
    const graceful = Date.now() + GRACEFUL_MS;
    while ((await state()) !== 'shut off' && Date.now() < graceful) await sleep(1000);
    if ((await state()) !== 'shut off') await virsh(['destroy', dom], true);
    await waitFor('errors.shutdownTimeout', async () => (await state()) === 'shut off');
  }
  await virsh(['start', dom]);
  // guest-ping with the agent's own time-out of 5 s (the virsh call one more).
  const agent = new GuestAgent({ uri, domain: dom, signal: opts.signal });
  await waitFor('errors.agentTimeout', () => agent.ping(6000));
}
