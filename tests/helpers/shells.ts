/**
 * The shell-in-VM tests name a VM's shell by its runtime kind ('lima') or 'ssh'; the shell itself is
 * declared by the kind (RuntimeKind.shell in its file) or is plain ssh (SSH_SHELL).
 */
import { findKind } from '../../electron/engine/runtimes/registry.js';
import { SSH_SHELL, cliFor as cliOfShell, type CliChoice, type CliSpec, type ShellSpec } from '../../electron/engine/transports/shell-in-vm/argv.js';
import { createShellTransport as shellTransport, type ShellTransportOptions } from '../../electron/engine/transports/shell-in-vm/index.js';
import type { Transport } from '../../electron/engine/transports/types.js';

/** The kinds whose VM a shell reaches, and plain ssh. */
export type ShellKind = 'rancher-desktop' | 'lima' | 'colima' | 'podman' | 'vagrant' | 'ssh';

/** The ShellSpec of a kind (from the registry) or plain ssh. */
export function shellOf(kind: ShellKind): ShellSpec {
  if (kind === 'ssh') return SSH_SHELL;
  const shell = findKind(kind)?.shell;
  if (!shell) throw new Error(`the ${kind} kind declares no shell`);
  return shell;
}

/** cliFor by kind name. */
export function cliFor(kind: ShellKind, choice: CliChoice = {}): CliSpec {
  return cliOfShell(shellOf(kind), choice);
}

/** createShellTransport by kind name. */
export function createShellTransport(kind: ShellKind, opts: ShellTransportOptions): Transport {
  return shellTransport(shellOf(kind), opts);
}
