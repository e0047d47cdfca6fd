/**
 * Changes the `type:` of one synced_folder statement in a Vagrantfile's text, touching nothing else:
 * statements over several lines, the file's own quoting (single quotes stay single, so no Ruby
 * interpolation appears) and every other option are kept. A statement it cannot read safely is refused
 * with the manual edit to make instead.
 */
import type { MsgRef } from '../../../contract/contract.js';
import { msg } from '../../../messages/finding-text.js';
import { EngineError, engineMessage } from '../../util/errors.js';
import { rubyCodeLines } from '../../runtimes/vagrant/ruby-source.js';
import { statementEnd, topLevelSpans, type Span as Arg } from '../../runtimes/vagrant/ruby-literals.js';

/** A refusal: the Vagrantfile is left alone and the message says how to make the change by hand. */
export class VagrantfileEditRefused extends EngineError {}

const SYNCED = /^(\s*)\w+\.vm\.synced_folder\b\s*(\(?)/;
/** A Ruby literal with no interpolation: a single-quoted string or a double-quoted one without #{…}. */
const PLAIN_STRING = /^(?:'(?:[^'\\]|\\.)*'|"(?:[^"\\#]|\\.|#(?!\{))*")$/;

/** The value of a plain Ruby string literal (escapes of its quote and backslash undone). */
function literalValue(lit: string): string {
  return lit.slice(1, -1).replace(/\\(.)/g, '$1');
}

/** A Ruby single-quoted literal of any text: nothing in it is interpolated or executed. */
export function rubySingleQuoted(s: string): string {
  return `'${s.replace(/[\\']/g, (c) => `\\${c}`)}'`;
}

function howTo(guest: string, type: string, why: MsgRef): VagrantfileEditRefused {
  const { message, messageRef } = engineMessage('errors.vagrantfileManual', { why, guest, type });
  return new VagrantfileEditRefused('invalid-input', message, messageRef);
}

/** Where the synced_folder statements are: first and last line, with the code of those lines (no comments; none in heredocs). */
function statements(lines: string[]): { first: number; last: number; text: string }[] {
  const bare = rubyCodeLines(lines.join('\n'));
  const found: { first: number; last: number; text: string }[] = [];
  // Stryker disable next-line EqualityOperator: i <= bare.length reads one line past the end, undefined, which is no synced_folder
  for (let i = 0; i < bare.length; i++) {
    if (!SYNCED.test(bare[i])) continue;
    const last = statementEnd(bare, i);
    found.push({ first: i, last, text: bare.slice(i, last + 1).join('\n') });
    i = last;
  }
  return found;
}

/**
 * Sets `type:` of the synced_folder for `guest` to `type`, or adds a new single-quoted statement after
 * `Vagrant.configure` when none is declared. Returns the new text; throws VagrantfileEditRefused where the
 * statement is not one it can rewrite exactly.
 */
export function setSyncedFolderType(current: string, guest: string, host: string, type: string): string {
  if (!/^[a-z0-9_]+$/.test(type)) throw new Error(`"${type}" is not a synced folder type`);
  const lines = current.split('\n');
  const mine: { first: number; last: number; text: string; args: Arg[]; open: number }[] = [];
  for (const st of statements(lines)) {
    const m = SYNCED.exec(st.text)!;
    const from = m[0].length;
    let to = st.text.length;
    if (m[2]) {
      to = st.text.trimEnd().length - 1;
      if (st.text[to] !== ')') throw howTo(guest, type, msg('errors.vfContinues'));
    }
    const a = topLevelSpans(st.text, from, to);
    if (a.length < 2) continue;
    if (!PLAIN_STRING.test(a[1].text)) {
      // A computed guest path might be this folder: refuse rather than guess.
      throw howTo(guest, type, msg('errors.vfComputedGuest', { expr: a[1].text }));
    }
    if (literalValue(a[1].text).replace(/\/+$/, '') === guest.replace(/\/+$/, '')) mine.push({ ...st, args: a, open: from });
  }
  if (mine.length > 1) throw howTo(guest, type, msg('errors.vfDeclaredTwice', { guest, count: mine.length, lines: mine.map((s) => s.first + 1).join(', ') }));
  if (mine.length === 0) return insertStatement(lines, guest, host, type);

  const st = mine[0];
  const options = st.args.slice(2);
  for (const o of options) {
    if (!/^(?::\w+\s*=>|\w+:)/.test(o.text)) throw howTo(guest, type, msg('errors.vfOptions', { line: st.first + 1, text: o.text }));
  }
  const last = st.args[st.args.length - 1];
  // Each string becomes a space: a condition written straight after one ("me"if x) still follows a space.
  if (/\s(?:if|unless|do)\b|\{\s*\|/.test(last.text.replace(/"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'/g, ' '))) {
    throw howTo(guest, type, msg('errors.vfCondition', { line: st.first + 1 }));
  }
  const typeArg = options.find((o) => /^(?::type\s*=>|type:)/.test(o.text));
  let edited: string;
  if (typeArg) {
    // Stryker disable next-line Regex: typeArg's text starts with this prefix (the find above), so the anchor changes nothing
    const v = /^(?::type\s*=>|type:)\s*/.exec(typeArg.text)!;
    const value = typeArg.text.slice(v[0].length);
    let lit: string;
    if (/^'[^'\\]*'$/.test(value)) lit = `'${type}'`;
    else if (/^"[^"\\#]*"$/.test(value)) lit = `"${type}"`;
    else if (/^:\w+$/.test(value)) lit = `:${type}`;
    else throw howTo(guest, type, msg('errors.vfTypeExpr', { line: st.first + 1, value }));
    const at = typeArg.start + v[0].length;
    edited = st.text.slice(0, at) + lit + st.text.slice(typeArg.end);
  } else {
    const quote = /^'/.test(st.args[1].text) ? "'" : '"';
    const hashStyle = options.some((o) => o.text.startsWith(':'));
    edited = st.text.slice(0, last.end) + (hashStyle ? `, :type => ${quote}${type}${quote}` : `, type: ${quote}${type}${quote}`) + st.text.slice(last.end);
  }
  // The comment-free text was edited; put back each line's comment (it follows the code of the line).
  const editedLines = edited.split('\n');
  const bare = st.text.split('\n');
  for (let k = 0; k < editedLines.length; k++) {
    const orig = lines[st.first + k];
    lines[st.first + k] = editedLines[k] + orig.slice(bare[k].length);
  }
  return lines.join('\n');
}

/** The opening of a Vagrantfile's configuration block: version "2", '2' or 2 (older files: rgl's, mav96's), in parentheses or not. */
export const CONFIGURE = /Vagrant\.configure\s*(?:\(\s*(?:"2"|'2'|2)\s*\)|\s(?:"2"|'2'|2))\s*do\s*\|\s*config\s*\|/;

function insertStatement(lines: string[], guest: string, host: string, type: string): string {
  const open = rubyCodeLines(lines.join('\n')).findIndex((l) => CONFIGURE.test(l));
  if (open < 0) throw howTo(guest, type, msg('errors.vfNoConfigure'));
  lines.splice(open + 1, 0, `  config.vm.synced_folder ${rubySingleQuoted(host)}, ${rubySingleQuoted(guest)}, type: '${type}'`);
  return lines.join('\n');
}
