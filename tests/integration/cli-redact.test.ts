/**
 * Redaction through the real CLI (built bundle): a stored run with identifying text in every free-text
 * field (tests/helpers/secret-run.ts) is exported as Markdown, CSV and JSON and drawn as a share card;
 * none of it comes out. The card is a PNG: it must be byte for byte the rasterisation of the card SVG,
 * which is checked for the text.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderCardSvg, svgToPng } from '../../electron/engine/report/index.js';
import { RunStore } from '../../electron/engine/store/run-store.js';
import { SECRET_PARTS, secretRun } from '../helpers/secret-run.js';
import { runCli } from '../helpers/cli.js';

const leaks = (text: string): string[] => SECRET_PARTS.filter((p) => text.toLowerCase().includes(p.toLowerCase()));

describe('vmbench export and card redact every free-text field (built bundle)', () => {
  let home: string;
  const run = secretRun();
  const cli = (args: string[]): { status: number | null; stdout: string; stderr: string } => {
    return runCli(args, { ...process.env, VMBENCH_HOME: home, LANG: 'C.UTF-8', LC_ALL: '' }, 60_000);
  };
  beforeAll(async () => {
    home = await mkdtemp(join(process.cwd(), '.vmbench-tmp-cli-redact-'));
    await new RunStore(home).save(run);
  });
  afterAll(() => rm(home, { recursive: true, force: true }));

  it.each(['md', 'csv', 'json'] as const)('export --format %s shows none of it', (format) => {
    const r = cli(['export', run.id, '--format', format]);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout.length).toBeGreaterThan(200);
    expect(leaks(r.stdout)).toEqual([]);
    if (format === 'json') expect(r.stdout).toContain('//<credentials>@<host>/share');
    if (format === 'md') expect(r.stdout.split('\n').find((l) => l.includes('**Mounts:** ext4 (/), cifs, '))).not.toMatch(/projects/);
  });

  it('card writes the PNG of a card SVG that shows none of it', async () => {
    const out = join(home, 'card.png');
    const r = cli(['card', run.id, '--out', out]);
    expect(r.status, r.stderr).toBe(0);
    // The run as the CLI reads it from history, drawn by the engine's own renderer in this process.
    const svg = renderCardSvg(await new RunStore(home).get(run.id));
    expect(svg).toContain('&lt;credentials&gt;');
    expect(leaks(svg)).toEqual([]);
    expect((await readFile(out)).equals(svgToPng(svg))).toBe(true);
  });
});
