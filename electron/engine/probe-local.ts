import type { ProbeInfo } from '../contract/contract.js';
import { runProbe } from './bench/run-step.js';
import { localTarget } from './targets.js';

/** Runs the probe script on the host: CPU, memory, filesystem of the test folder, tool versions. */
export async function probeLocal(dataDir: string, timeoutMs = 15_000): Promise<ProbeInfo | null> {
  return runProbe(await localTarget(dataDir), new AbortController().signal, timeoutMs);
}
