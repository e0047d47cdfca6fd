/** The built CLI's help and usage errors, from its command catalogue (electron/cli/command-catalogue.ts). */
import { mkdtemp, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMANDS, usageLine, type CommandName } from '../../electron/cli/command-catalogue.js';
import { runCli, type CliOut } from '../helpers/cli.js';

describe('vmbench help and usage errors (built bundle)', () => {
  let home: string;
  const cli = (args: string[]): CliOut => runCli(args, { ...process.env, VMBENCH_HOME: home, LC_ALL: '', LC_MESSAGES: '', LANG: 'C.UTF-8' }, 60_000);
  beforeAll(async () => {
    home = await mkdtemp(join(process.cwd(), '.vmbench-tmp-usage-'));
  });
  afterAll(() => rm(home, { recursive: true, force: true }));

  it('--help prints every command (exit 0); no command prints the same and exits 2', () => {
    const help = cli(['--help']);
    expect(help.status).toBe(0);
    for (const c of Object.keys(COMMANDS)) expect(help.stdout).toMatch(new RegExp(`^ {2}vmbench ${c} `, 'm'));
    const none = cli([]);
    expect(none.status).toBe(2);
    expect(none.stdout).toBe(help.stdout);
    expect(cli(['runs', '-h']).stdout).toBe(help.stdout);
  });

  it('an unknown flag is a usage error (exit 2) that names it, then the help', () => {
    const r = cli(['detect', '--bogus']);
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/^vmbench: Unknown option '--bogus'\. To specify a positional argument starting with a '-'/);
    expect(r.stderr).toContain('\n\nvmbench — benchmark your local VM and container runtimes\n');
    expect(r.stdout).toBe('');
  });

  it('a command without its arguments says its usage from the catalogue (exit 2); an unknown command says so, then the help', () => {
    for (const [c, args] of [
      ['compare', ['a']],
      ['card', ['r']],
      ['import', []],
      ['apply', []],
    ] as [CommandName, string[]][]) {
      const r = cli([c, ...args]);
      expect(r.status, c).toBe(2);
      expect(r.stderr, c).toBe(`vmbench: usage: vmbench ${usageLine(c)}\n`);
    }
    const unknown = cli(['frobnicate', '--json']);
    expect(unknown.status).toBe(2);
    expect(unknown.stderr).toMatch(/^vmbench: unknown command "frobnicate"\n\nvmbench — /);
  });
});
