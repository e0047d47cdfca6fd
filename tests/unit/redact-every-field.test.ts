/** Every free-text field of a stored run, filled with identifying text, reaches no export and no card. */
import { describe, expect, it } from 'vitest';
import { compareRuns } from '../../electron/engine/compare.js';
import { comparisonToMarkdown, exportRun, renderCardSvg, type RedactContext } from '../../electron/engine/report/index.js';
import { makeRun, result } from '../helpers/make-run.js';
import { SECRET_PARTS, SECRET_TEXT, secretRun } from '../helpers/secret-run.js';

// A context naming someone else: what is found here is found by the patterns, as on any machine.
const ctx: RedactContext = { home: '/home/someone', user: 'someone', host: 'elsewhere' };
const leaks = (text: string): string[] => SECRET_PARTS.filter((p) => text.toLowerCase().includes(p.toLowerCase()));

describe('a run with identifying text in every free-text field', () => {
  const run = secretRun();

  it.each(['md', 'csv', 'json'] as const)('the %s export shows none of it', (format) => {
    const file = exportRun(run, format, ctx);
    expect(leaks(file.content)).toEqual([]);
    expect(leaks(file.filename)).toEqual([]);
  });

  it('the JSON export keeps the useful part of each: share, options, URL path, placeholders', () => {
    const json = exportRun(run, 'json', ctx).content;
    expect(json).toContain('//<credentials>@<host>/share //<credentials>@<host>/share');
    expect(json).toContain('-o username=<user>,password=<credentials>,credentials=<credentials>');
    expect(json).toContain('https://dl.example.com/b?token=<credentials>&access_token=<credentials>#token=<credentials>');
    expect(json).toContain('"password": "<credentials>"');
    expect(json).toContain('"accessToken": "<credentials>"');
  });

  it('the share card (run and before/after) shows none of it', () => {
    expect(leaks(renderCardSvg(run, { redact: ctx }))).toEqual([]);
    const cmp = compareRuns(run, secretRun('2026-11-21T11-00-00-local'));
    expect(leaks(renderCardSvg(run, { redact: ctx, compare: cmp }))).toEqual([]);
    expect(leaks(comparisonToMarkdown(cmp, ctx))).toEqual([]);
  });

  // The card shortens long names to fit, so each part is also tried alone as a target's name.
  it.each(SECRET_TEXT.split(' ').filter((x) => x !== '-o'))('a target named %s: the card does not show it', (label) => {
    const r = makeRun('2026-11-21T10-00-00-local', '2026-11-21T10:00:00.000Z', [result('seq-write', 'native', { write_MBps: [100, 110, 120] })]);
    r.targets.push({ ...r.targets[0], id: 'vagrant:1a2b', runtime: 'vagrant', label, results: [result('seq-write', 'shared', { write_MBps: [50, 55, 60] })] });
    const svg = renderCardSvg(r, { redact: ctx });
    expect(svg).toContain('>shared folder<');
    expect(leaks(svg)).toEqual([]);
  });

  it('the Markdown "Mounts:" line names filesystems, not paths', () => {
    const r = secretRun();
    r.targets[1].probe!.mounts = [
      { path: '/', fstype: 'ext4' },
      { path: '/Volumes/ClientProject', fstype: 'virtiofs' },
      { path: '/srv/acme-payroll', fstype: 'virtiofs' },
      { path: '/vagrant', fstype: 'vboxsf' },
    ];
    const md = exportRun(r, 'md', ctx).content;
    expect(md).toContain('- **Mounts:** ext4 (/), virtiofs ×2, vboxsf\n');
    expect(md).not.toMatch(/ClientProject|acme-payroll|\/vagrant/);
  });
});
