/**
 * Every command of the `vmbench` CLI, each once: its arguments, its flags (type, value, choices, default,
 * whether required) and the message keys of its texts. The flags the parser accepts, the checks of the
 * arguments, the `usage:` line of each command and the help text derive from it (docs/architecture.md,
 * "How to add a CLI command"); electron/cli/main.ts maps each command to its handler.
 */
import { PLACES, SUITES } from '../contract/contract.js';
import { translator, type Lang } from '../messages/i18n.js';

/** One flag (`--name`). */
export interface FlagSpec {
  type: 'boolean' | 'string';
  /** What the value is, as the usage writes it (FILE, N, ID); the choices when it has them. */
  value?: string;
  /** The only values it takes (the usage lists them); another is a usage error, or the message badChoice names. */
  choices?: readonly string[];
  /** A message key (its parameter: value) for a value not among the choices, when a usage error does not say enough. */
  badChoice?: string;
  /** Its value when left out. */
  default?: string;
  /** The command needs it (a usage error without it). */
  required?: true;
  /** It may be given more than once (`--target a --target b`). */
  multiple?: true;
  /** A one-letter alias (`-h`). */
  short?: string;
  /** A message key of a line of help for it, under its command's summary. */
  help?: string;
}

/** One command (`vmbench <name>`). */
export interface CommandSpec {
  /** Its positional arguments as the usage names them; the last may end in `...` (one or more). */
  args: readonly string[];
  flags: Readonly<Record<string, FlagSpec>>;
}

const json: FlagSpec = { type: 'boolean' };
const out: FlagSpec = { type: 'string', value: 'FILE' };
const label: FlagSpec = { type: 'string', value: 'NAME' };

/** The commands, in the order the help lists them; the summary of each is the message `cli:command.<name>`. */
export const COMMANDS = {
  detect: { args: [], flags: { json } },
  run: {
    args: [],
    flags: {
      target: { type: 'string', value: 'ID', multiple: true },
      suite: { type: 'string', choices: SUITES, default: 'quick', badChoice: 'cli:error.unknownSuite' },
      tests: { type: 'string', value: 'a,b' },
      places: { type: 'string', value: PLACES.join(',') },
      image: { type: 'string', value: 'IMAGE' },
      'max-trials': { type: 'string', value: 'N' },
      'headlines-only': { type: 'boolean', help: 'cli:flag.headlinesOnly' },
      command: { type: 'string', value: 'CMD', help: 'cli:flag.runCommand' },
      project: { type: 'string', value: 'DIR' },
      prepare: { type: 'string', value: 'CMD' },
      cleanup: { type: 'string', value: 'CMD' },
      warmup: { type: 'string', value: 'N' },
      runs: { type: 'string', value: 'N' },
      'in-place': { type: 'boolean' },
      exclude: { type: 'string', value: 'PATH', multiple: true },
      json: { type: 'string', value: 'FILE' },
      card: { type: 'string', value: 'FILE' },
    },
  },
  runs: { args: [], flags: { json } },
  compare: { args: ['RUN_A', 'RUN_B'], flags: { json } },
  card: { args: ['RUN'], flags: { compare: { type: 'string', value: 'RUN_B' }, out: { ...out, required: true } } },
  export: {
    args: ['RUN'],
    flags: { format: { type: 'string', choices: ['md', 'csv', 'json'], required: true }, label: { ...label, help: 'cli:flag.exportLabel' }, out },
  },
  import: { args: ['FILE...'], flags: { label, json } },
  team: { args: ['RUN...'], flags: { format: { type: 'string', choices: ['md', 'csv'], default: 'md' }, json, out } },
  advise: { args: [], flags: { json } },
  apply: { args: ['FINDING_ID'], flags: { yes: { type: 'boolean' }, restart: { type: 'boolean', help: 'cli:flag.applyRestart' } } },
  web: { args: [], flags: { port: { type: 'string', value: 'N' } } },
} as const satisfies Record<string, CommandSpec>;

/** A command's name. */
export type CommandName = keyof typeof COMMANDS;

/** Whether a word is a command of the catalogue. */
export function isCommand(s: string | undefined): s is CommandName {
  return s !== undefined && Object.prototype.hasOwnProperty.call(COMMANDS, s);
}

/**
 * The flags of every command; the help text is `cli:global.<name>`. `--lang` is read before the command
 * line is parsed (cli.ts pickLang); `--help` and `--version` also work as the first word.
 */
export const GLOBAL_FLAGS = {
  lang: { type: 'string', choices: ['en', 'ja'] },
  'data-dir': { type: 'string', value: 'DIR' },
  help: { type: 'boolean', short: 'h' },
  version: { type: 'boolean' },
} as const satisfies Record<string, FlagSpec>;

/** Exit codes of every command, in the order the help lists them; the meaning of each is `cli:exit.<code>`. */
export const EXIT_CODES = [0, 1, 2, 3, 130] as const;

const flagsOf = (spec: CommandSpec): [string, FlagSpec][] => Object.entries(spec.flags);
const everyFlag = (): [string, FlagSpec][] => [...Object.values(COMMANDS).flatMap(flagsOf), ...Object.entries(GLOBAL_FLAGS)];

/** The options node:util parseArgs takes: every flag of any command (a flag that takes a value anywhere is a string). */
export function parseOptions(): Record<string, { type: 'boolean' | 'string'; multiple?: boolean; short?: string }> {
  const options: Record<string, { type: 'boolean' | 'string'; multiple?: boolean; short?: string }> = {};
  for (const [name, f] of everyFlag()) {
    const o = options[name] ?? { type: f.type };
    if (f.type === 'string') o.type = 'string';
    if (f.multiple) o.multiple = true;
    if (f.short) o.short = f.short;
    options[name] = o;
  }
  return options;
}

/**
 * The command's words ready for parseOptions: a flag that is a switch for this command but takes a value for
 * another (`--json`, FILE for `run`) is given a value so the parser does not take the next word for it. For a
 * word that is no command, every flag that is a switch somewhere is taken as one (the command is refused after).
 */
export function switchesGiven(command: string, words: string[]): string[] {
  const options = parseOptions();
  const flags = isCommand(command) ? flagsOf(COMMANDS[command]) : Object.values(COMMANDS).flatMap(flagsOf);
  const switches = flags.filter(([name, f]) => f.type === 'boolean' && options[name].type === 'string').map(([name]) => `--${name}`);
  return words.map((w) => (switches.includes(w) ? `${w}=1` : w));
}

/** How the usage writes a flag: `--out FILE`, `[--json]`, `[--suite quick|standard|thorough]`, `[--target ID ...]`. */
function flagUsage(name: string, f: FlagSpec): string {
  const value = f.choices ? f.choices.join('|') : f.value;
  const text = `--${name}${value ? ` ${value}` : ''}${f.multiple ? ' ...' : ''}`;
  return f.required ? text : `[${text}]`;
}

/** The words of a command's usage after `vmbench`: its name, its arguments, its flags. */
function usageWords(command: CommandName): string[] {
  const spec: CommandSpec = COMMANDS[command];
  return [command, ...spec.args, ...flagsOf(spec).map(([name, f]) => flagUsage(name, f))];
}

/** A command's usage after `vmbench` on one line ("card RUN [--compare RUN_B] --out FILE"). */
export function usageLine(command: CommandName): string {
  return usageWords(command).join(' ');
}

/** Checks a parsed command line against the command's spec: its arguments' count, its required flags and their choices. Returns the first problem as a message key and its parameters, or null. */
export function checkCommand(
  command: CommandName,
  positionals: readonly string[],
  values: Record<string, unknown>,
): { key: string; params: Record<string, unknown> } | null {
  const spec: CommandSpec = COMMANDS[command];
  const usage = { key: 'cli:usage', params: { usage: usageLine(command) } };
  const some = spec.args.at(-1)?.endsWith('...') ?? false;
  if (some ? positionals.length < spec.args.length : positionals.length !== spec.args.length) return usage;
  for (const [name, f] of flagsOf(spec)) {
    const v = values[name];
    if (f.required && v === undefined) return usage;
    if (f.choices && typeof v === 'string' && !f.choices.includes(v)) return f.badChoice ? { key: f.badChoice, params: { value: v } } : usage;
  }
  return null;
}

/** The parsed values with the command's defaults for the flags left out. */
export function withDefaults<T extends Record<string, unknown>>(command: CommandName, values: T): T {
  const out: Record<string, unknown> = { ...values };
  for (const [name, f] of flagsOf(COMMANDS[command])) if (out[name] === undefined && f.default !== undefined) out[name] = f.default;
  return out as T;
}

/** Where the right column of the help begins. */
const COLUMN = 48;
/** Where a usage line wraps. */
const WIDTH = 80;

/** Lines of the left column (ASCII) and texts for the right, as two columns: the first text beside the last left line when it fits, else under it. */
function columns(left: string[], right: string[]): string[] {
  const lines = [...left];
  const rest = [...right];
  const last = lines.length - 1;
  if (rest.length && lines[last].length < COLUMN) lines[last] = lines[last].padEnd(COLUMN) + rest.shift();
  return [...lines, ...rest.map((r) => ' '.repeat(COLUMN) + r)];
}

/** A command's usage as help lines, wrapped at WIDTH under its first word after the command's name. */
function usageLines(command: CommandName): string[] {
  const [name, ...words] = usageWords(command);
  const head = `  vmbench ${name}`;
  const lines = [head];
  let fresh = true;
  for (const w of words) {
    const cur = lines[lines.length - 1];
    if (!fresh && cur.length + 1 + w.length > WIDTH) lines.push(`${' '.repeat(head.length)} ${w}`);
    else lines[lines.length - 1] = `${cur} ${w}`;
    fresh = false;
  }
  return lines;
}

/** The help text in a language: every command with its usage and summary, the flags of every command, the exit codes. */
export function helpText(lang: Lang): string {
  const t = translator(lang);
  const lines = [t('cli:help.title'), '', t('cli:help.usage')];
  for (const command of Object.keys(COMMANDS) as CommandName[]) {
    const notes = flagsOf(COMMANDS[command]).flatMap(([, f]) => (f.help ? [t(f.help)] : []));
    lines.push(...columns(usageLines(command), [...t(`cli:command.${command}`).split('\n'), ...notes]));
  }
  lines.push('', t('cli:help.global'));
  for (const [name, f] of Object.entries(GLOBAL_FLAGS) as [string, FlagSpec][]) {
    const flag = `  ${flagUsage(name, f).replace(/^\[|\]$/g, '')}${f.short ? `, -${f.short}` : ''}`;
    lines.push(...columns([flag], [t(`cli:global.${name}`)]));
  }
  lines.push('', t('cli:help.exit'), ...EXIT_CODES.map((code) => `  ${String(code).padEnd(4)}${t(`cli:exit.${code}`)}`));
  return lines.join('\n') + '\n';
}
