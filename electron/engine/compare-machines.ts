/** What differs between two machines' runs: their labels and the settings listed first in a cross-machine comparison. */
import type { Run, SettingChange } from '../contract/contract.js';

/** The machine a run was measured on: an imported run's label, null for this machine. */
export function machineOf(run: Run): string | null {
  return run.origin?.machine ?? null;
}

/** A target's facts that matter between machines besides its settings: OS, kernel, CPUs and memory seen inside, and each tool's version. */
function facts(t: Run['targets'][number]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (t.probe) {
    for (const k of ['os', 'kernel', 'cpus', 'memMiB'] as const) if (t.probe[k] !== undefined) out[`probe.${k}`] = t.probe[k];
  }
  for (const r of t.results) if (r.tool?.name && out[`tool.${r.tool.name}`] === undefined) out[`tool.${r.tool.name}`] = r.tool.version;
  return out;
}

/** The settings that differ (vmType, mountType, CPUs, memory, …, as compare.ts lists them), then the versions and probe facts that differ between two machines' runs, per target in both. */
export function crossSettingChanges(a: Run, b: Run, settings: SettingChange[]): SettingChange[] {
  const out = [...settings];
  for (const tb of b.targets) {
    const ta = a.targets.find((t) => t.id === tb.id);
    if (!ta) continue;
    const [fa, fb] = [facts(ta), facts(tb)];
    for (const k of [...new Set([...Object.keys(fa), ...Object.keys(fb)])]) {
      if (JSON.stringify(fa[k]) !== JSON.stringify(fb[k])) out.push({ target: tb.id, setting: k, a: fa[k] ?? null, b: fb[k] ?? null });
    }
  }
  if (a.app.version !== b.app.version) out.push({ target: '', setting: 'vmbench', a: a.app.version, b: b.app.version });
  return out;
}
