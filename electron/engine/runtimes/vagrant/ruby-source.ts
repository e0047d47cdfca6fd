/**
 * The one scanner of Vagrantfile Ruby text, shared by the reader (vagrantfile.ts) and the editor
 * (advisor/apply/vagrantfile-edit.ts) so that both see the same code: comments (`#` outside strings,
 * `=begin`/`=end`, everything after `__END__`) and heredoc bodies (`<<ID`, `<<-ID`, `<<~ID`, quoted ids,
 * several on one line) are not code. Strings are followed on their line, with `#{…}` interpolation;
 * a quote still open at the end of a line closes there (a construct not parsed here, such as a regex
 * or `%q(…)`, cannot hide the rest of the file).
 */

/** A heredoc opened on a line: its body starts on the next line (after any earlier heredoc's body). */
interface Heredoc {
  id: string;
  /** `<<-` and `<<~` allow the terminator to be indented; `<<ID` wants it at column 0. */
  indented: boolean;
}

/** A heredoc opener at `at`: `<<`, optional `-`/`~`, an identifier or a quoted one, not `a<<b` (an append). */
const HEREDOC = /<<([-~]?)(?:(["'`])([^"'`\r\n]+)\2|([A-Za-z_]\w*))/y;

function heredocAt(line: string, at: number): { doc: Heredoc; length: number } | null {
  if (at > 0 && /[\w)\]}]/.test(line[at - 1])) return null;
  HEREDOC.lastIndex = at;
  const m = HEREDOC.exec(line);
  return m ? { doc: { id: m[3] ?? m[4], indented: m[1] !== '' }, length: m[0].length } : null;
}

function ends(line: string, doc: Heredoc): boolean {
  return (doc.indented ? line.trim() : line.trimEnd()) === doc.id;
}

/** Where the code of one line stops (the start of its comment, or its length), and the heredocs it opens. */
function scanLine(line: string): { cut: number; opened: Heredoc[] } {
  const opened: Heredoc[] = [];
  // A stack of what we are in: code (with the depth of braces of an interpolation) or a string.
  const stack: ({ code: true; braces: number } | { code: false; close: string; interp: boolean })[] = [{ code: true, braces: 0 }];
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    const top = stack[stack.length - 1];
    if (!top.code) {
      if (c === '\\') i++;
      else if (top.interp && c === '#' && line[i + 1] === '{') {
        stack.push({ code: true, braces: 1 });
        i++;
      } else if (c === top.close) stack.pop();
      continue;
    }
    if (c === '#') return { cut: i, opened };
    if (c === '"' || c === "'" || c === '`') stack.push({ code: false, close: c, interp: c !== "'" });
    else if (c === '<' && line[i + 1] === '<') {
      const h = heredocAt(line, i);
      if (h) opened.push(h.doc);
      i += h ? h.length - 1 : 1;
    } else if (stack.length > 1 && c === '{') top.braces++;
    else if (stack.length > 1 && c === '}' && --top.braces === 0) stack.pop();
  }
  return { cut: line.length, opened };
}

/**
 * The lines of a Ruby text as code only: each line keeps its number and is a prefix of the original
 * line (its code before a comment; a line ending's `\r` dropped); comment-only lines, `=begin` blocks,
 * heredoc bodies with their terminators and everything after `__END__` are empty.
 */
export function rubyCodeLines(text: string): string[] {
  const lines = text.split('\n').map((l) => (l.endsWith('\r') ? l.slice(0, -1) : l));
  const out: string[] = [];
  let pending: Heredoc[] = [];
  let inBlockComment = false;
  let atEnd = false;
  for (const line of lines) {
    if (atEnd) out.push('');
    else if (pending.length) {
      if (ends(line, pending[0])) pending = pending.slice(1);
      out.push('');
    } else if (inBlockComment || /^=begin(?:\s|$)/.test(line)) {
      inBlockComment = !/^=end(?:\s|$)/.test(line);
      out.push('');
    } else if (line === '__END__') {
      atEnd = true;
      out.push('');
    } else {
      const { cut, opened } = scanLine(line);
      pending = opened;
      out.push(line.slice(0, cut));
    }
  }
  return out;
}
