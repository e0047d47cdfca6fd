/**
 * Evaluates the small part of Ruby that Vagrantfiles use for sizes, without executing anything:
 * integer literals, quoted numbers, + - * / and parentheses, `.to_i`, names (CONSTANTS, $globals,
 * locals) assigned exactly one value in the file (by `=` or `||=`), methods without parameters whose
 * body is one expression, and `$a.nil? ? x : y` (a name the file never assigns is nil). Anything else
 * (ENV, hashes, method calls with arguments, names assigned different values on different branches)
 * is not evaluable: the caller reports it as unknown with the expression shown, never as a guessed
 * number. A value the Vagrantfile gives a $global is its value even when the file also loads code
 * (`require CONFIG`) that may set that global again: the reading is "what the Vagrantfile says".
 */

/** The outcome of evaluating one expression; `unlessEnv`: the value is a default that environment variables (named) replace when set. */
export type Evaluated = { ok: true; value: number; unlessEnv?: string[] } | { ok: false; expr: string };

/** `ENV["X"] || default`, `(ENV['X'] || default).to_i`, `ENV.fetch("X", default)`: the variable and the default. */
const ENV_DEFAULT =
  /^\s*\(?\s*(?:ENV\s*\[\s*["']([A-Za-z_]\w*)["']\s*\]\s*(?:\.to_i\s*)?\|\|\s*(.+?)|ENV\.fetch\s*\(\s*["']([A-Za-z_]\w*)["']\s*,\s*(.+?)\s*\))\s*\)?\s*(?:\.to_i)?\s*$/;

/** Names the file assigns, each with every expression assigned to it (in file order). */
export type Bindings = Map<string, string[]>;

/** `name = expr` and `name ||= expr` (a default: Vagrantfiles that load a config.rb write `$vm_memory ||= 2048`). */
const ASSIGN = /^\s*(\$?[A-Za-z_]\w*)\s*(?:\|\|)?=(?![=~>])\s*(.+?)\s*$/;
/** A method without parameters: `def vm_memory`. */
const DEF = /^\s*def\s+([a-z_]\w*)\s*(?:\(\s*\))?\s*$/;

/** Every `NAME = expr`, `$name = expr`, `name = expr` and `||=` statement of the (comment-free) lines, and each `def name` whose body is one expression. */
export function collectBindings(lines: string[]): Bindings {
  const out: Bindings = new Map();
  const bind = (name: string, expr: string): void => {
    const list = out.get(name) ?? [];
    list.push(expr);
    out.set(name, list);
  };
  for (let i = 0; i < lines.length; i++) {
    const def = DEF.exec(lines[i]);
    const body = def
      ? lines
          .slice(i + 1)
          .filter((l) => l.trim())
          .slice(0, 2)
      : [];
    if (def && body.length === 2 && /^\s*end\s*$/.test(body[1]) && !ASSIGN.test(body[0])) bind(def[1], body[0].trim());
    const m = ASSIGN.exec(lines[i]);
    if (m) bind(m[1], m[2]);
  }
  return out;
}

/** `$a.nil? ? x : y` (coreos-vagrant's `$vb_memory.nil? ? $vm_memory : $vb_memory`): the name, and the two branches. */
const NIL_TERNARY = /^\s*(\$?[A-Za-z_]\w*)\.nil\?\s*\?\s*(.+?)\s*:\s*(.+?)\s*$/;

type Token = { t: 'num'; v: number } | { t: 'op'; v: string } | { t: 'name'; v: string };

function tokenize(expr: string): Token[] | undefined {
  const out: Token[] = [];
  const re = /\s*(?:(\d[\d_]*)|"(\d+)"|'(\d+)'|(\$?[A-Za-z_]\w*)|(\.to_i\b)|([-+*/()]))/y;
  let i = 0;
  const s = expr.trim();
  while (i < s.length) {
    re.lastIndex = i;
    const m = re.exec(s);
    if (!m || m[0].length === 0) return undefined;
    i = re.lastIndex;
    if (m[1] !== undefined) out.push({ t: 'num', v: Number(m[1].replace(/_/g, '')) });
    else if (m[2] !== undefined || m[3] !== undefined) out.push({ t: 'num', v: Number(m[2] ?? m[3]) });
    else if (m[4] !== undefined) out.push({ t: 'name', v: m[4] });
    else if (m[5] !== undefined)
      continue; // "4096".to_i and X.to_i are the number itself
    else out.push({ t: 'op', v: m[6] });
  }
  return out;
}

/** Evaluates an expression; names resolve through `bindings` (each must have one value, evaluated the same way). */
export function evalInteger(expr: string, bindings: Bindings, seen: Set<string> = new Set()): Evaluated {
  const fail: Evaluated = { ok: false, expr: expr.trim() };
  const env = ENV_DEFAULT.exec(expr);
  if (env) {
    const v = evalInteger(env[2] ?? env[4], bindings, seen);
    return v.ok ? { ok: true, value: v.value, unlessEnv: [...new Set([env[1] ?? env[3], ...(v.unlessEnv ?? [])])] } : fail;
  }
  const ternary = NIL_TERNARY.exec(expr);
  if (ternary) {
    // A name the file never assigns is nil; one it assigns (to anything) is not, as far as the file says.
    const branch = bindings.has(ternary[1]) ? ternary[3] : ternary[2];
    const v = evalInteger(branch, bindings, seen);
    return v.ok ? v : fail;
  }
  const tokens = tokenize(expr);
  if (!tokens || tokens.length === 0) return fail;
  let pos = 0;
  const envs = new Set<string>();
  const resolve = (name: string): number | undefined => {
    const values = bindings.get(name);
    if (!values || seen.has(name)) return undefined;
    const results = values.map((v) => evalInteger(v, bindings, new Set([...seen, name])));
    const first = results[0];
    if (!first.ok || results.some((r) => !r.ok || r.value !== first.value)) return undefined;
    for (const r of results) if (r.ok) for (const e of r.unlessEnv ?? []) envs.add(e);
    return first.value;
  };
  const primary = (): number | undefined => {
    const tok = tokens[pos++];
    if (!tok) return undefined;
    if (tok.t === 'num') return tok.v;
    if (tok.t === 'name') return resolve(tok.v);
    if (tok.v === '-') {
      const v = primary();
      return v === undefined ? undefined : -v;
    }
    if (tok.v !== '(') return undefined;
    const v = sum();
    return tokens[pos++]?.v === ')' ? v : undefined;
  };
  const product = (): number | undefined => {
    let v = primary();
    while (v !== undefined && tokens[pos]?.t === 'op' && (tokens[pos].v === '*' || tokens[pos].v === '/')) {
      const op = tokens[pos++].v;
      const r = primary();
      if (r === undefined || (op === '/' && r === 0)) return undefined;
      v = op === '*' ? v * r : Math.floor(v / r); // Ruby integer division rounds down
    }
    return v;
  };
  const sum = (): number | undefined => {
    let v = product();
    while (v !== undefined && tokens[pos]?.t === 'op' && (tokens[pos].v === '+' || tokens[pos].v === '-')) {
      const op = tokens[pos++].v;
      const r = product();
      if (r === undefined) return undefined;
      v = op === '+' ? v + r : v - r;
    }
    return v;
  };
  const value = sum();
  if (value === undefined || pos !== tokens.length || !Number.isSafeInteger(value)) return fail;
  return envs.size ? { ok: true, value, unlessEnv: [...envs] } : { ok: true, value };
}

/** A memory size as vagrant-lxc's cgroup limit writes it ("1024M", "2G", "#{MEM}M") in MiB, or not evaluable. */
export function evalSizeMiB(expr: string, bindings: Bindings): Evaluated {
  const s = expr.trim().replace(/^(["'])(.*)\1$/, '$2');
  const m = /^(?:#\{(.+)\}|(\d+))\s*([KMG])?i?B?$/i.exec(s);
  if (!m) return { ok: false, expr: expr.trim() };
  const n = m[1] !== undefined ? evalInteger(m[1], bindings) : { ok: true as const, value: Number(m[2]) };
  if (!n.ok) return { ok: false, expr: expr.trim() };
  const unit = (m[3] ?? '').toUpperCase();
  const mib = unit === 'G' ? n.value * 1024 : unit === 'K' ? n.value / 1024 : unit === 'M' ? n.value : n.value / 1048576;
  return Number.isInteger(mib) ? { ok: true, value: mib } : { ok: false, expr: expr.trim() };
}
