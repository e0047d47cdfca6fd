/** The renderer's own Content-Security-Policy (the <meta> in index.html, the only CSP an Electron file:// page gets). */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

function directives(html: string): Map<string, string[]> {
  const meta = /<meta\s+http-equiv="Content-Security-Policy"\s+content="([^"]+)"/.exec(html);
  if (!meta) throw new Error('no CSP <meta> in index.html');
  return new Map(
    meta[1]
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((d) => d[0])
      .map(([name, ...values]) => [name, values]),
  );
}

describe('renderer CSP', () => {
  it("connects only to the page's own origin: no ws:/wss: to any host", () => {
    const csp = directives(readFileSync(join(process.cwd(), 'src', 'index.html'), 'utf8'));
    expect(csp.get('connect-src')).toEqual(["'self'"]);
    expect(csp.get('default-src')).toEqual(["'none'"]);
    expect(csp.get('script-src')).toEqual(["'self'"]);
    for (const [name, values] of csp) expect(values.join(' '), name).not.toMatch(/(^|\s)(\*|ws:|wss:|https?:|'unsafe-inline'|'unsafe-eval')(\s|$)/);
  });
});
