/**
 * Which statements of a Vagrantfile apply to one machine (its name and provider), read from the
 * block structure of the Ruby text (do/end, if/end, ...), as Vagrant 2.3 evaluates them
 * (plugins/kernel_v2/config/vm.rb):
 * - `config.vm.provider :x do |p, override|`: settings on `p` and statements on `override` apply
 *   only when the machine's provider is x;
 * - a statement on the OUTER `config` written inside a provider block applies to every provider:
 *   Vagrant's finalize! calls every provider's blocks, and `config` is the root configuration;
 * - statements on the variable of `config.vm.define "other" do |node|` apply only to that machine
 *   (a name built at run time, e.g. "node#{i}", is assumed to match) and come after the global ones.
 */

/** One do/end (or if/end ...) block of the text, by line numbers, with the parameters of its `do |a, b|`. */
export interface RubyBlock {
  start: number;
  end: number;
  params: string[];
  /** `provider` with the provider's name, `define` with the machine's name (undefined when built at run time). */
  kind: 'provider' | 'define' | 'other';
  name?: string;
}

/** Removes string contents (keeps the quotes) so that keywords inside strings do not count. */
function blankStrings(line: string): string {
  return line.replace(/"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'/g, (s) => `${s[0]}${s[0]}`);
}

const OPENER = /^\s*(?:if|unless|while|until|case|def|class|module|begin|for)\b|=\s*(?:if|unless|case|begin)\b/;
const DO = /\bdo\s*(?:\|([^|]*)\|)?\s*$/;
const PROVIDER = /\b\w+\.vm\.provider\s*\(?\s*(?::(\w+)|["'](\w+)["'])/;
const DEFINE = /\b\w+\.vm\.define\s*\(?\s*(?::([\w-]+)|"([^"#]+)"|'([^']+)')?/;

/** The blocks of the code lines (rubyCodeLines: no comments, no heredoc bodies), outermost first. */
export function rubyBlocks(lines: string[]): RubyBlock[] {
  const out: RubyBlock[] = [];
  const stack: RubyBlock[] = [];
  lines.forEach((raw, i) => {
    const line = blankStrings(raw);
    const doMatch = DO.exec(line);
    const opens = OPENER.test(line) || !!doMatch;
    const closesSameLine = opens && /\bend\s*\)?\s*$/.test(line);
    if (opens && !closesSameLine) {
      const block: RubyBlock = { start: i, end: lines.length - 1, params: (doMatch?.[1] ?? '').split(',').map((p) => p.trim().replace(/^[*&]/, '')).filter(Boolean), kind: 'other' };
      // A provider named at run time (`config.vm.provider vmware do`) is a provider block that matches no machine.
      const p = doMatch && /\b\w+\.vm\.provider\b/.test(raw) ? (PROVIDER.exec(raw) ?? []) : null;
      const d = doMatch && !p ? DEFINE.exec(raw) : null;
      if (p) Object.assign(block, { kind: 'provider', name: p[1] ?? p[2] });
      else if (d) Object.assign(block, { kind: 'define', name: d[1] ?? d[2] ?? d[3] });
      stack.push(block);
      out.push(block);
    } else if (/^\s*end\b/.test(line)) {
      const b = stack.pop();
      if (b) b.end = i;
    }
  });
  return out;
}

/** Provider names that configure the same machine (vagrant-vmware-desktop reads all three). */
function family(name: string): string {
  return /^vmware_(desktop|fusion|workstation)$/.test(name) ? 'vmware' : name;
}

/** Whether a statement on `receiver` at line `line` applies to the machine; and whether it is machine-specific (applied after the global ones). */
export interface Applicability {
  applies: boolean;
  machineScoped: boolean;
  /** The provider block whose configuration variable the receiver is (for provider settings). */
  providerBlock?: RubyBlock;
  /** The receiver is the override variable of a provider block (`|p, override|`). */
  override?: boolean;
}

/** Decides, for a statement on `receiver` at `line`, whether it applies to machine `machine` on `provider`. */
export function applicability(blocks: RubyBlock[], line: number, receiver: string, machine: string | undefined, provider: string | undefined): Applicability {
  const around = blocks.filter((b) => b.start < line && line <= b.end);
  // The innermost block that declares the receiver is where its value comes from.
  const owner = [...around].reverse().find((b) => b.params.includes(receiver));
  if (!owner) return { applies: true, machineScoped: false };
  const defineOf = (b: RubyBlock): RubyBlock | undefined => around.filter((x) => x.kind === 'define' && x.start <= b.start).pop();
  const define = owner.kind === 'define' ? owner : defineOf(owner);
  if (define?.name !== undefined && machine !== undefined && define.name !== machine) return { applies: false, machineScoped: true };
  const machineScoped = !!define;
  if (owner.kind !== 'provider') return { applies: true, machineScoped };
  // No provider given (the apply code checking its own edit): every provider block counts, as written.
  const matches = provider === undefined || (!!owner.name && family(owner.name) === family(provider));
  return { applies: matches, machineScoped, providerBlock: owner.params[0] === receiver ? owner : undefined, override: owner.params[1] === receiver };
}
