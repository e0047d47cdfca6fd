/**
 * Evaluates the small part of Ruby that Vagrantfiles use for sizes, without executing anything:
 * integer literals, quoted numbers, + - * / and parentheses, `.to_i`, and names (CONSTANTS,
 * $globals, locals) assigned exactly one value in the file. Anything else (ENV, hashes, method
 * calls, names assigned different values on different branches) is not evaluable: the caller
 * reports it as unknown with the expression shown, never as a guessed number.
 */

/** The outcome of evaluating one expression. */
export type Evaluated = { ok: true; value: number } | { ok: false; expr: string };

/** Names the file assigns, each with every expression assigned to it (in file order). */
export type Bindings = Map<string, string[]>;

const ASSIGN = /^\s*(\$?[A-Za-z_]\w*)\s*=(?![=~>])\s*(.+?)\s*$/;

/** Code the Vagrantfile loads from elsewhere (`require CONFIG`, `require_relative`, `load`, `eval`): it may set $globals and CONSTANTS. */
const LOADS = /^\s*(?:if\b.*\bthen\s+)?(?:require_relative|load|eval|instance_eval)\b|\brequire\b\s*\(?\s*(?!["'][\w-]+["'])[^\s)]/;
/** Stands for "assigned by loaded code too": never evaluates, so such a name is not evaluable. */
const ELSEWHERE = '(may be set by a file the Vagrantfile loads)';

/** Every `NAME = expr`, `$name = expr` and `name = expr` statement of the (comment-free) lines. */
export function collectBindings(lines: string[]): Bindings {
  const out: Bindings = new Map();
  for (const line of lines) {
    const m = ASSIGN.exec(line);
    if (!m) continue;
    const list = out.get(m[1]) ?? [];
    list.push(m[2]);
    out.set(m[1], list);
  }
  if (lines.some((l) => LOADS.test(l))) {
    for (const [name, list] of out) if (/^(?:\$|[A-Z])/.test(name)) list.push(ELSEWHERE);
  }
  return out;
}

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
    else if (m[5] !== undefined) continue; // "4096".to_i and X.to_i are the number itself
    else out.push({ t: 'op', v: m[6] });
  }
  return out;
}

/** Evaluates an expression; names resolve through `bindings` (each must have one value, evaluated the same way). */
export function evalInteger(expr: string, bindings: Bindings, seen: Set<string> = new Set()): Evaluated {
  const fail: Evaluated = { ok: false, expr: expr.trim() };
  const tokens = tokenize(expr);
  if (!tokens || tokens.length === 0) return fail;
  let pos = 0;
  const resolve = (name: string): number | undefined => {
    const values = bindings.get(name);
    if (!values || seen.has(name)) return undefined;
    const results = values.map((v) => evalInteger(v, bindings, new Set([...seen, name])));
    const first = results[0];
    if (!first.ok || results.some((r) => !r.ok || r.value !== first.value)) return undefined;
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
  return { ok: true, value };
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
