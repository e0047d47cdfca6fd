/**
 * Which statements of a Vagrantfile apply to one machine (its name and provider), read from the
 * block structure of the Ruby text (do/end, if/end, ...), as Vagrant 2.3 evaluates them
 * (plugins/kernel_v2/config/vm.rb):
 * - `config.vm.provider :x do |p, override|`: settings on `p` and statements on `override` apply
 *   only when the machine's provider is x;
 * - a statement on the OUTER `config` written inside a provider block applies to every provider:
 *   Vagrant's finalize! calls every provider's blocks, and `config` is the root configuration;
 * - statements on the variable of `config.vm.define "other" do |node|` apply only to that machine
 *   and come after the global ones. A name built at run time ("node0#{i}", or a variable assigned such a
 *   string) matches the names it can produce (`#{…}` stands for anything); a name vmbench cannot read at all
 *   is assumed to match, but what it sets is uncertain for a machine the file also defines by its own name.
 */

/** One do/end (or if/end ...) block of the text, by line numbers, with the parameters of its `do |a, b|`. */
export interface RubyBlock {
  start: number;
  end: number;
  params: string[];
  /** `provider` with the provider's name, `define` with the machine's name (undefined when built at run time). */
  kind: 'provider' | 'define' | 'other';
  name?: string;
  /** A define's name built at run time ("node0#{i}"): the names it can produce. */
  namePattern?: RegExp;
  /** Block parameters that are a loop's integer (`(1..N).each do |i|`, the index of each_with_index). */
  intParams?: string[];
  /** A define whose name vmbench cannot read (a method call, a variable it cannot resolve). */
  nameUnknown?: boolean;
}

/** Removes string contents (keeps the quotes) so that keywords inside strings do not count. */
function blankStrings(line: string): string {
  return line.replace(/"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'/g, (s) => `${s[0]}${s[0]}`);
}

const OPENER = /^\s*(?:if|unless|while|until|case|def|class|module|begin|for)\b|=\s*(?:if|unless|case|begin)\b/;
const DO = /\bdo\s*(?:\|([^|]*)\|)?\s*$/;
const PROVIDER = /\b\w+\.vm\.provider\s*\(?\s*(?::(\w+)|["'](\w+)["'])/;
const DEFINE = /\b\w+\.vm\.define\s*\(?\s*(?::([\w-]+)|"([^"]+)"|'([^']+)'|(\$?[A-Za-z_]\w*)\b(?!\s*=))?/;

/** The integer a loop gives its block: `(1..N).each do |i|`, `N.times do |i|`, the index of `each_with_index do |x, i|`. */
const INT_LOOP = /(?:\.\.\.?[^)]*\)\s*\.each|\.times)\s+do\s*\|\s*(\w+)\s*\||\.each_with_index\s+do\s*\|[^|]*,\s*(\w+)\s*\|/;

/** An interpolation that is a whole number: arithmetic on integer loop variables, maybe through '%02d' % (…). */
function isIntegerExpr(expr: string, ints: Set<string>): boolean {
  const e = expr.trim().replace(/^(["'])%0?\d*d\1\s*%\s*/, '');
  return /^[\w\s+\-*()]+$/.test(e) && (e.match(/[A-Za-z_]\w*/g) ?? []).every((n) => ints.has(n));
}

/**
 * A define's name as a pattern: a literal name, or one with `#{…}` interpolations (a loop's integer stands for
 * digits, anything else for any text). "#{hostname}" alone says nothing of the name.
 */
function definedName(name: string, ints: Set<string>): { name?: string; namePattern?: RegExp } {
  if (!name.includes('#{')) return { name };
  const esc = (t: string): string => t.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  let known = '';
  let source = '';
  let last = 0;
  for (const m of name.matchAll(/#\{([^}]*)\}/g)) {
    known += name.slice(last, m.index);
    source += esc(name.slice(last, m.index)) + (isIntegerExpr(m[1], ints) ? '-?\\d+' : '.*');
    last = m.index + m[0].length;
  }
  known += name.slice(last);
  source += esc(name.slice(last));
  if (!known) return {};
  return { namePattern: new RegExp(`^${source}$`) };
}

/** The string a variable named in `config.vm.define NAME` was last assigned before line i (`NAME = "worker-#{i}"`), if any. */
function assignedString(lines: string[], i: number, name: string): string | undefined {
  const re = new RegExp(`^\\s*${name.replace('$', '\\$')}\\s*=\\s*"([^"]*)"\\s*$`);
  for (let j = i - 1; j >= 0; j--) {
    const m = re.exec(lines[j]);
    if (m) return m[1];
  }
  return undefined;
}

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
      const block: RubyBlock = {
        start: i,
        end: lines.length - 1,
        params: (doMatch?.[1] ?? '')
          .split(',')
          .map((p) => p.trim().replace(/^[*&]/, ''))
          .filter(Boolean),
        kind: 'other',
      };
      const loop = doMatch ? INT_LOOP.exec(raw) : null;
      if (loop) block.intParams = [loop[1] ?? loop[2]];
      // A provider named at run time (`config.vm.provider vmware do`) is a provider block that matches no machine.
      const p = doMatch && /\b\w+\.vm\.provider\b/.test(raw) ? (PROVIDER.exec(raw) ?? []) : null;
      const d = doMatch && !p ? DEFINE.exec(raw) : null;
      if (p) Object.assign(block, { kind: 'provider', name: p[1] ?? p[2] });
      else if (d) {
        const literal = d[1] ?? d[2] ?? d[3] ?? (d[4] !== undefined ? assignedString(lines, i, d[4]) : undefined);
        const named = literal !== undefined ? definedName(literal, new Set(stack.flatMap((b) => b.intParams ?? []))) : {};
        Object.assign(block, { kind: 'define' }, named.name === undefined && !named.namePattern ? { nameUnknown: true } : named);
      }
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
  /** Set in a define whose name vmbench cannot read, while the machine has a define of its own: maybe another machine's. */
  uncertain?: boolean;
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
  if (define?.namePattern && machine !== undefined && !define.namePattern.test(machine)) return { applies: false, machineScoped: true };
  const machineScoped = !!define;
  const uncertain =
    !!define?.nameUnknown && machine !== undefined && blocks.some((b) => b.kind === 'define' && (b.name === machine || !!b.namePattern?.test(machine)));
  if (owner.kind !== 'provider') return { applies: true, machineScoped, ...(uncertain ? { uncertain } : {}) };
  // No provider given (the apply code checking its own edit): every provider block counts, as written.
  const matches = provider === undefined || (!!owner.name && family(owner.name) === family(provider));
  return {
    applies: matches,
    machineScoped,
    providerBlock: owner.params[0] === receiver ? owner : undefined,
    override: owner.params[1] === receiver,
    ...(uncertain ? { uncertain } : {}),
  };
}
