/**
 * The CLI's command catalogue (electron/cli/command-catalogue.ts): the help text lists every command and flag
 * of it in both languages, the parser accepts exactly its flags, the checks of a command line follow it, and
 * the README's CLI reference lists every command and flag.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { describe, expect, it } from 'vitest';
import {
  COMMANDS,
  EXIT_CODES,
  GLOBAL_FLAGS,
  checkCommand,
  helpText,
  parseOptions,
  switchesGiven,
  usageLine,
  withDefaults,
  type CommandName,
  type CommandSpec,
} from '../../electron/cli/command-catalogue.js';

const NAMES = Object.keys(COMMANDS) as CommandName[];
const flagNames = (c: CommandName): string[] => Object.keys((COMMANDS[c] as CommandSpec).flags);
const parse = (command: CommandName, words: string[]): ReturnType<typeof parseArgs> =>
  parseArgs({ args: switchesGiven(command, words), options: parseOptions(), allowPositionals: true, strict: true });

describe('the CLI command catalogue', () => {
  it('the help lists every command with its usage and every flag, in English and Japanese', () => {
    for (const lang of ['en', 'ja'] as const) {
      const help = helpText(lang);
      // The usage of a command may wrap: compare with the spaces folded.
      const folded = help.replace(/\s+/g, ' ');
      for (const c of NAMES) {
        expect(folded, `${lang} ${c}`).toContain(`vmbench ${usageLine(c)}`);
        for (const f of flagNames(c)) expect(help, `${lang} ${c} --${f}`).toContain(`--${f}`);
      }
      for (const f of Object.keys(GLOBAL_FLAGS)) expect(help, `${lang} --${f}`).toMatch(new RegExp(`^  --${f}\\b`, 'm'));
      for (const code of EXIT_CODES) expect(help, `${lang} exit ${code}`).toMatch(new RegExp(`^  ${code} +\\S`, 'm'));
      // Every text came from the catalogue (a missing key would show as the key itself).
      expect(help).not.toMatch(/cli:|command\.|global\.|exit\.\d/);
      expect(help.split('\n').every((l) => l.length <= 120)).toBe(true);
    }
    expect(helpText('en')).toMatch(/^ {2}vmbench detect \[--json\] {2,}runtimes on this machine and their settings$/m);
    expect(helpText('ja')).toMatch(/^ {2}vmbench detect \[--json\] {2,}このマシンのランタイムとその設定$/m);
  });

  it('writes each usage as before', () => {
    expect(usageLine('card')).toBe('card RUN [--compare RUN_B] --out FILE');
    expect(usageLine('export')).toBe('export RUN --format md|csv|json [--label NAME] [--out FILE]');
    expect(usageLine('import')).toBe('import FILE... [--label NAME] [--json]');
    expect(usageLine('team')).toBe('team RUN... [--format md|csv] [--json] [--out FILE]');
    expect(usageLine('apply')).toBe('apply FINDING_ID [--yes] [--restart]');
    expect(usageLine('run')).toMatch(
      /^run \[--target ID \.\.\.\] \[--suite quick\|standard\|thorough\] \[--tests a,b\] \[--places native,shared,guest,volume\]/,
    );
  });

  it('parses exactly the flags of the catalogue; --json is a switch for every command but run, where it takes FILE', () => {
    const every = new Set([...NAMES.flatMap(flagNames), ...Object.keys(GLOBAL_FLAGS)]);
    expect(new Set(Object.keys(parseOptions()))).toEqual(every);
    expect(() => parse('detect', ['--bogus'])).toThrow(/Unknown option '--bogus'/);
    expect(parse('runs', ['--json', 'x']).values.json).toBe('1');
    expect(parse('runs', ['--json', 'x']).positionals).toEqual(['x']);
    expect(parse('run', ['--json', 'out.json']).values.json).toBe('out.json');
    expect(parse('run', ['--target', 'a', '--target', 'b']).values.target).toEqual(['a', 'b']);
    expect(parse('detect', ['-h']).values.help).toBe(true);
  });

  it('checks the arguments, the required flags and the choices as the catalogue says, and fills in defaults', () => {
    const usage = (c: CommandName): { key: string; params: Record<string, unknown> } => ({ key: 'cli:usage', params: { usage: usageLine(c) } });
    expect(checkCommand('compare', ['a'], {})).toEqual(usage('compare'));
    expect(checkCommand('compare', ['a', 'b'], {})).toBeNull();
    expect(checkCommand('import', [], {})).toEqual(usage('import'));
    expect(checkCommand('import', ['a', 'b', 'c'], {})).toBeNull();
    expect(checkCommand('card', ['r'], {})).toEqual(usage('card'));
    expect(checkCommand('export', ['r'], { format: 'xml' })).toEqual(usage('export'));
    expect(checkCommand('team', ['r'], { format: 'json' })).toEqual(usage('team'));
    expect(checkCommand('run', [], { suite: 'fast' })).toEqual({ key: 'cli:error.unknownSuite', params: { value: 'fast' } });
    expect(withDefaults('run', {})).toEqual({ suite: 'quick' });
    expect(withDefaults('team', { format: 'csv' })).toEqual({ format: 'csv' });
  });

  it("the README's CLI reference lists every command and its flags", () => {
    const readme = readFileSync(join(import.meta.dirname, '..', '..', 'README.md'), 'utf8');
    const reference = /## CLI reference\n+```\n([\s\S]*?)```/.exec(readme)?.[1] ?? '';
    for (const c of NAMES) {
      // A command may have more than one form (`run` and `run --command`): its flags are in one of them.
      const block = reference
        .split(/\n(?=vmbench )/)
        .filter((l) => l.startsWith(`vmbench ${c} `))
        .join('\n');
      expect(block, c).not.toBe('');
      for (const f of flagNames(c)) expect(block, `${c} --${f}`).toContain(`--${f}`);
    }
    expect(reference).toContain('--lang en|ja');
  });
});
