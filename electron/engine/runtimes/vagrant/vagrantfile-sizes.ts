/**
 * CPUs and memory as a Vagrantfile's provider block sets them: `p.memory = ...`, `p.cpus = ...`,
 * VirtualBox `customize ["modifyvm", :id, "--memory", N, "--cpus", N]`, Parallels
 * `customize ["set", :id, "--memsize", N]`, VMware `vmx["memsize"]`/`vmx["numvcpus"]` and
 * vagrant-lxc `customize 'cgroup.memory.limit_in_bytes', '1024M'`. The last statement Vagrant
 * applies wins (VirtualBox's memory= is itself a customize call, so both share one order).
 */
import type { Applicability } from './provider-scope.js';
import { evalInteger, evalSizeMiB, type Bindings, type Evaluated } from './ruby-eval.js';
import { rubyValue, topLevelSpans } from './ruby-literals.js';

type SizeKey = 'cpus' | 'memoryMiB';

/** The sizes a Vagrantfile gives: numbers, expressions it could not evaluate, and the environment variables that replace a default. */
export interface SizeFacts {
  cpus?: number;
  memoryMiB?: number;
  unevaluated: { cpus?: string; memoryMiB?: string };
  /** A value that is `ENV["X"] || default`: the default is shown, and applies unless X is set. */
  unlessEnv: { cpus?: string[]; memoryMiB?: string[] };
}

/** Sorts statements as Vagrant applies them: by scope order, then by line. */
export function byOrder(a: { order: number; line: number }, b: { order: number; line: number }): number {
  return a.order - b.order || a.line - b.line;
}

/** Collects the size settings of the statements that apply, and answers the last one per setting. */
export class SizeReader {
  private readonly found: { key: SizeKey; value: Evaluated; order: number; line: number }[] = [];

  constructor(private readonly bindings: Bindings) {}

  /** Reads one statement (already known to be on the machine's provider configuration). */
  read(stmt: string, provider: string | undefined, at: Applicability & { order: number; line: number }): void {
    // In a define whose name vmbench cannot read, beside the machine's own define: never shown as this machine's value.
    const add = (key: SizeKey, value: Evaluated): void =>
      void this.found.push({
        key,
        value: at.uncertain ? { ok: false, expr: `${stmt.trim()} (in a machine definition whose name vmbench cannot read)` } : value,
        order: at.order,
        line: at.line,
      });
    const assign = /\b\w+\.(memory|cpus)\s*=(?!=)\s*(.+?)\s*$/.exec(stmt);
    if (assign) return add(assign[1] === 'cpus' ? 'cpus' : 'memoryMiB', evalInteger(assign[2], this.bindings));
    const vmx = /\b\w+\.vmx\[\s*["'](memsize|numvcpus)["']\s*\]\s*=\s*(.+?)\s*$/i.exec(stmt);
    if (vmx) return add(/memsize/i.test(vmx[1]) ? 'memoryMiB' : 'cpus', evalInteger(vmx[2], this.bindings));
    const cust = /\b\w+\.customize\s*\(?\s*([\s\S]+?)\)?\s*$/.exec(stmt);
    if (!cust) return;
    const args = topLevelSpans(cust[1]).map((a) => a.text);
    if (provider === 'lxc') {
      const key = rubyValue(args[0] ?? '');
      if (key === 'cgroup.memory.limit_in_bytes' && args[1]) add('memoryMiB', evalSizeMiB(args[1], this.bindings));
      return;
    }
    // customize "pre-boot", [...] names an event first: the command is the array argument.
    const list = args.find((a) => a.startsWith('['));
    if (!list) return;
    const items = topLevelSpans(list.slice(1, list.lastIndexOf(']'))).map((a) => a.text);
    items.forEach((item, i) => {
      const flag = rubyValue(item);
      const key: SizeKey | undefined = flag === '--memory' || flag === '--memsize' ? 'memoryMiB' : flag === '--cpus' ? 'cpus' : undefined;
      if (key && items[i + 1] !== undefined) add(key, evalInteger(items[i + 1], this.bindings));
    });
  }

  /** The value each setting ends with: a number, or the expression that could not be evaluated. */
  result(): SizeFacts {
    const out: SizeFacts = { unevaluated: {}, unlessEnv: {} };
    for (const f of [...this.found].sort(byOrder)) {
      delete out.unlessEnv[f.key];
      if (f.value.ok) {
        out[f.key] = f.value.value;
        delete out.unevaluated[f.key];
        if (f.value.unlessEnv?.length) out.unlessEnv[f.key] = f.value.unlessEnv;
      } else {
        out.unevaluated[f.key] = f.value.expr;
        delete out[f.key];
      }
    }
    return out;
  }
}
