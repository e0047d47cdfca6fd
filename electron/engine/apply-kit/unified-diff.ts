/** A real unified diff (3 lines of context) between two texts, computed line by line (LCS). */
export function unifiedDiff(path: string, before: string, after: string, context = 3): string {
  const a = before.split('\n');
  const b = after.split('\n');
  const ops = lcsOps(a, b);
  const hunks: string[] = [];
  let i = 0;
  while (i < ops.length) {
    if (ops[i].op === ' ') {
      i++;
      continue;
    }
    // The previous hunk ended more than `context` lines before: its context never overlaps this one's.
    const start = Math.max(0, i - context);
    let end = i;
    // Extend the hunk while changes are within 2*context lines of each other.
    for (let j = i; j < ops.length; j++) {
      if (ops[j].op !== ' ') end = j;
      else if (j - end > 2 * context) break;
    }
    // Stryker disable next-line ArithmeticOperator: ops.length + 1 gives the same hunk (slice stops at the end) and the same next i (past the end).
    end = Math.min(ops.length - 1, end + context);
    const slice = ops.slice(start, end + 1);
    const aStart = slice[0].ai + 1;
    const bStart = slice[0].bi + 1;
    const aLen = slice.filter((o) => o.op !== '+').length;
    const bLen = slice.filter((o) => o.op !== '-').length;
    hunks.push(`@@ -${aLen ? aStart : aStart - 1},${aLen} +${bLen ? bStart : bStart - 1},${bLen} @@\n` + slice.map((o) => `${o.op}${o.line}\n`).join(''));
    i = end + 1;
  }
  return hunks.length ? `--- ${path}\n+++ ${path}\n${hunks.join('')}` : '';
}

interface Op {
  op: ' ' | '-' | '+';
  line: string;
  ai: number;
  bi: number;
}

function lcsOps(a: string[], b: string[]): Op[] {
  const n = a.length;
  const m = b.length;
  const dp: Uint32Array[] = Array.from({ length: n + 1 }, () => new Uint32Array(m + 1));
  for (let x = n - 1; x >= 0; x--) {
    // Stryker disable next-line ArithmeticOperator: from m + 1 the loop only writes past the row's end (a typed array ignores it) and 0 at y = m (max of 0 and undefined is NaN, stored as 0), the value that cell has.
    for (let y = m - 1; y >= 0; y--) {
      dp[x][y] = a[x] === b[y] ? dp[x + 1][y + 1] + 1 : Math.max(dp[x + 1][y], dp[x][y + 1]);
    }
  }
  const out: Op[] = [];
  let x = 0;
  let y = 0;
  while (x < n || y < m) {
    // Past the end of one side its line is undefined, never equal to a line of the other (both ended stops the loop).
    if (a[x] === b[y]) out.push({ op: ' ', line: a[x], ai: x++, bi: y++ });
    else if (x < n && (y >= m || dp[x + 1][y] >= dp[x][y + 1])) out.push({ op: '-', line: a[x], ai: x++, bi: y });
    else out.push({ op: '+', line: b[y], ai: x, bi: y++ });
  }
  return out;
}
