/** A unified diff replacing (or, with `before` empty, adding) lines of one file, anchored by text because the advisor never reads the file. */
export function lineDiff(path: string, before: string[], after: string[], anchor = ''): string {
  const head = `--- ${path}\n+++ ${path}\n@@ -1,${before.length} +1,${after.length} @@${anchor ? ` ${anchor}` : ''}\n`;
  return head + before.map((l) => `-${l}\n`).join('') + after.map((l) => `+${l}\n`).join('');
}
