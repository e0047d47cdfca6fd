import { readFileSync } from 'node:fs';
import { unstableReport } from '../../electron/presentation/unstable.js';
import { parseImportFile } from '../../electron/engine/store/import-runs.js';
import { describe, expect, it } from 'vitest';
import type { Run } from '../../electron/contract/contract.js';
import { compareRuns } from '../../electron/engine/compare.js';
import { formatInterval } from '../../electron/presentation/format.js';
import { scaleMetric } from '../helpers/scale-metric.js';
import {
  CSV_COLUMNS,
  comparisonToMarkdown,
  exportRun,
  redactRun,
  runToCsv,
  runToJson,
  runToMarkdown,
  type RedactContext,
} from '../../electron/engine/report/index.js';

const fixture = (name: string): Run => JSON.parse(readFileSync(new URL(`../fixtures/runs/${name}.json`, import.meta.url), 'utf8')) as Run;
const ctx: RedactContext = { home: '/Users/alice', user: 'alice', host: 'alices-macbook-pro.local' };
const SECRETS = [/alice/i, /bob/i, /192\.0\.2\./, /198\.51\.100\./, /fe80:/i, /52:55:55/i, /TESTSERIAL/];

/** A strict RFC 4180 parser: quoted fields, doubled quotes, CRLF records. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let i = 0;
  let quoted = false;
  while (i < text.length) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i += 2;
      } else {
        if (c === '"') quoted = false;
        else field += c;
        i++;
      }
    } else if (c === '"' && field === '') {
      quoted = true;
      i++;
    } else if (c === ',') {
      row.push(field);
      field = '';
      i++;
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i += 2;
    } else if (c === '"' || c === '\n' || c === '\r') {
      throw new Error(`bare ${JSON.stringify(c)} at ${i}`);
    } else {
      field += c;
      i++;
    }
  }
  if (field !== '' || row.length) throw new Error('last record not terminated by CRLF');
  return rows;
}

/** Cells of a Markdown table row, honouring \| escapes. */
const mdCells = (line: string): string[] => line.slice(2, -2).split(/(?<!\\) \| /);

describe('runToMarkdown', () => {
  const md = runToMarkdown(fixture('quick-multi'), ctx);
  const lines = md.split('\n');

  it('has a header with date, suite, app version and the host system', () => {
    expect(lines[0]).toBe('# vmbench results — 2026-01-15 09:30 UTC');
    expect(md).toContain('- **Suite:** quick (seq-write, seq-read, rand-read, small-files)');
    expect(md).toContain('- **vmbench:** 0.1.0 on darwin/arm64');
    expect(md).toContain('- **Host:** macOS 15.2 · kernel Darwin 24.2.0 · arm64 · 10 CPUs · Apple M2 Pro · 32 GiB RAM');
  });

  it('has one table per target with consistent columns', () => {
    const heads = lines.filter((l) => l.startsWith('| Test | Place |'));
    expect(heads).toHaveLength(3);
    expect(mdCells(heads[0])).toEqual(['Test', 'Place', 'Metric', 'Median', 'Min', 'Max', 'n', 'Unit', '× native', 'Tool']);
    for (const l of lines.filter((x) => x.startsWith('| '))) expect(mdCells(l)).toHaveLength(10);
    expect(lines.filter((l) => l.startsWith('## '))).toEqual([
      '## This Mac (`local`, local)',
      '## Lima default (`lima:default`, lima)',
      '## Docker Desktop (`docker:desktop-linux`, docker-desktop)',
    ]);
  });

  it('gives medians, min, max, n, unit, ratio to native and the tool', () => {
    const row = lines.find((l) => l.startsWith('| Sequential write | shared folder |'));
    expect(mdCells(row!)).toEqual(['Sequential write', 'shared folder', 'Sequential write', '931', '875', '976', '3', 'MB/s', '0.42×', 'fio 3.36']);
    const native = lines.find((l) => l.startsWith('| 4k random read | native | 4k random read |'));
    expect(mdCells(native!).slice(3, 9)).toEqual(['48,213', '45,320', '50,527', '3', 'IOPS', '1.00×']);
  });

  it('lists errors and is redacted', () => {
    expect(md).toContain('- Small files (volume): timeout — small-files did not finish within 120 s on <host> (<ip>)');
    for (const s of SECRETS) expect(md).not.toMatch(s);
  });

  it('escapes pipes and newlines inside cells', () => {
    const run = fixture('quick-multi');
    run.targets[0].results[0].tool.name = 'a | b\nc';
    run.targets[0].results[0].tool.method = 'x | y\nz';
    const out = runToMarkdown(run, ctx).split('\n');
    const row = out.find((l) => l.startsWith('| Sequential write | native |'));
    expect(mdCells(row!)).toHaveLength(10);
    expect(row).toContain('a \\| b c');
    // The method, below the table, stays on its line.
    expect(out).toContain('  - `x | y z`');
  });
});

describe('comparisonToMarkdown', () => {
  // The guest's random reads made 2× faster by construction: a real change among noise.
  const cmp = compareRuns(
    fixture('libvirt-before'),
    scaleMetric(fixture('libvirt-after'), { target: 'libvirt:web', place: 'guest', test: 'rand-read', metric: 'read_iops' }, 2),
  );
  const md = comparisonToMarkdown(cmp, ctx);
  const row = (test: string, place: string, metric: string): string[] => {
    const l = md.split('\n').find((x) => x.startsWith('| ') && x.includes(` ${test} | ${place} | ${metric} |`));
    return mdCells(l!);
  };

  it('names both runs', () => {
    expect(md).toContain('- **Before:** `2026-01-20T14-00-00-test-before` — 2026-01-20 14:00 UTC, standard suite');
    expect(md).toContain('- **After:** `2026-01-20T14-20-00-test-after` — 2026-01-20 14:20 UTC, standard suite');
  });

  it('shows before, after, one change (the ratio with its interval) and a verdict', () => {
    const iops = cmp.rows.find((r) => r.target === 'libvirt:web' && r.metric === 'read_iops')!;
    expect(row('4k random read', 'guest disk', '4k random read')).toEqual([
      'libvirt:web',
      '4k random read',
      'guest disk',
      '4k random read',
      // The geometric means of the trials (the medians are 1,312 and 3,014): the figures the ratio is of.
      '1,305 IOPS',
      '2,999 IOPS',
      formatInterval(iops.ratio, iops.ci, 'en'),
      'better',
    ]);
    // A 1.7% drop inside the trials' spread is noise, not "worse" (it was, under the old 1% rule).
    expect(row('Sequential read', 'guest disk', 'Sequential read').slice(6)).toEqual([expect.stringMatching(/^0\.98× \[/), 'within noise']);
    expect(row('Sequential write', 'native', 'Sequential write').slice(7)).toEqual(['within noise']);
    // The same fio job's MB/s is shown with its ratio but does not vote.
    expect(row('4k random read', 'guest disk', '4k random read throughput').slice(6)).toEqual([expect.stringMatching(/^1\.14× \[/), 'shown, not voting']);
    expect(md).toMatch(/\*\*1 better, 0 worse, \d+ within noise/);
    expect(md).toContain("Welch's t-test on the log of each trial");
    expect(md).toMatch(/\d+ voting metrics; each interval is a 99\.\d+% interval\./);
  });

  it('has one column of change per row: no difference or % beside the ratio', () => {
    const head = mdCells(md.split('\n').find((l) => l.startsWith('| Target'))!);
    expect(head).toEqual(['Target', 'Test', 'Place', 'Metric', 'Before', 'After', 'After/before [interval]', '']);
    expect(md).not.toMatch(/[+-]\d+(\.\d)?%/);
  });
});

describe('runToCsv', () => {
  const run = fixture('quick-multi');
  const csv = runToCsv(run, ctx);
  const rows = parseCsv(csv);

  it('parses back as RFC 4180 with the documented header and one row per metric', () => {
    expect(rows[0]).toEqual([...CSV_COLUMNS]);
    const metrics = run.targets.flatMap((t) => t.results.flatMap((r) => Object.keys(r.metrics)));
    expect(rows).toHaveLength(metrics.length + 1);
    for (const r of rows) expect(r).toHaveLength(CSV_COLUMNS.length);
  });

  it('carries raw values, tool, method and the redacted command', () => {
    const rec = (r: string[]): Record<string, string> => Object.fromEntries(CSV_COLUMNS.map((c, i) => [c, r[i]]));
    const lima = rows.map(rec).find((r) => r.target === 'lima:default' && r.place === 'shared' && r.metric === 'write_MBps')!;
    expect(lima).toMatchObject({
      runtime: 'lima',
      test: 'seq-write',
      median: '931.2',
      min: '875.3',
      max: '975.9',
      n: '3',
      unit: 'MB/s',
      tool: 'fio',
      tool_version: '3.36',
      method: 'fio psync direct=1 end_fsync=1',
    });
    expect(Number(lima.ratio_to_native)).toBeCloseTo(931.2 / 2210.4, 3);
    expect(lima.command).toBe(
      'limactl shell default -- fio --name=seq-write --directory=~/Library/Caches/vmbench/t-91bc --rw=write --bs=1M --size=512M --direct=1 --end_fsync=1 --ioengine=psync --output-format=json',
    );
    const shFiles = rows.map(rec).find((r) => r.test === 'small-files' && r.place === 'native' && r.metric === 'create_per_s')!;
    expect(shFiles.tool_version).toBe('');
    for (const s of SECRETS) expect(csv).not.toMatch(s);
  });

  it('quotes commas, quotes and newlines and round-trips them', () => {
    const r = fixture('quick-multi');
    r.targets[0].results[0].tool.method = 'fio, "psync"\nline two';
    r.targets[0].results[0].command = 'sh -c "echo a,b"\r\nnext';
    r.targets[0].label = ' padded ';
    const out = runToCsv(r, ctx);
    const first = parseCsv(out)[1];
    expect(first[CSV_COLUMNS.indexOf('method')]).toBe('fio, "psync"\nline two');
    expect(first[CSV_COLUMNS.indexOf('command')]).toBe('sh -c "echo a,b"\r\nnext');
    expect(out).toContain(',"fio, ""psync""\nline two",');
    expect(out.endsWith('\r\n')).toBe(true);
  });
});

describe('runToJson and exportRun', () => {
  const run = fixture('quick-multi');

  it('writes pretty redacted JSON that parses back to the redacted run', () => {
    const json = runToJson(run, ctx);
    expect(json.startsWith('{\n  "schemaVersion": 1,')).toBe(true);
    // The stored run's format, with the unstable numbers stated beside it (derived: import drops the field).
    const { unstable, ...stored } = JSON.parse(json) as Record<string, unknown>;
    expect(stored).toEqual(redactRun(run, ctx));
    expect(unstable).toEqual(unstableReport(redactRun(run, ctx)));
    expect(parseImportFile({ name: 'run.json', content: json })[0].run).not.toHaveProperty('unstable');
    for (const s of SECRETS) expect(json).not.toMatch(s);
  });

  it('gives file name, MIME type and the same content as the format functions', () => {
    const md = exportRun(run, 'md', ctx);
    expect(md).toEqual({ filename: 'vmbench-2026-01-15T09-30-00-test-multi.md', mime: 'text/markdown; charset=utf-8', content: runToMarkdown(run, ctx) });
    expect(exportRun(run, 'csv', ctx)).toMatchObject({
      filename: 'vmbench-2026-01-15T09-30-00-test-multi.csv',
      mime: 'text/csv; charset=utf-8',
      content: runToCsv(run, ctx),
    });
    expect(exportRun(run, 'json', ctx)).toMatchObject({
      filename: 'vmbench-2026-01-15T09-30-00-test-multi.json',
      mime: 'application/json',
      content: runToJson(run, ctx),
    });
    expect(exportRun({ ...run, id: '2026-01-15T09-30-00-lima:alice' }, 'md', ctx).filename).toBe('vmbench-2026-01-15T09-30-00-lima-user.md');
    expect(() => exportRun(run, 'xml' as never, ctx)).toThrow(/unknown export format/);
  });
});
