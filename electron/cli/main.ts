import { parseArgs } from 'node:util';
import type { ExportFormat, Suite } from '../contract/contract.js';
import { createEngine, type Engine } from '../engine/api.js';
import { appVersion } from '../engine/util/paths.js';
import { useCatalogueFiles } from '../engine/util/catalogue-files.js';
import { CliError, cmdCard, cmdCompare, cmdDetect, cmdExport, cmdRun, cmdRuns, parsePlaces, parseTests } from './commands.js';
import { parseCommand, type CommandOptions } from './command-options.js';
import { cmdAdvise } from './advise.js';
import { cmdApply } from './apply.js';
import { cmdWeb } from './web.js';
import { cmdImport } from './import.js';
import { cmdTeam } from './team.js';
import { print, printErr } from './output.js';
import { exitAfterFlush, guardOutput } from './exit.js';
import { errorText } from '../messages/error-text.js';
import { isLang, langFromEnv, translator, type Lang } from '../messages/i18n.js';
import { writeWhy } from '../engine/util/errors.js';
import { MAX_TRIALS_LIMIT } from '../measurement/plan-estimate.js';
import { checkCommand, helpText, isCommand, parseOptions, switchesGiven, usageLine, withDefaults, type CommandName } from './command-catalogue.js';
import { stopAllCalls } from '../engine/util/exec.js';

// First of all: a reader that leaves early (`vmbench detect --json | head -c 1`) is a normal end, not a crash.
guardOutput();
// The CLI reads its language's catalogues (and English, the engine's) when it first writes a message.
useCatalogueFiles();

/** The language asked for with --lang (anywhere on the line), else the one LC_ALL/LC_MESSAGES/LANG give; a bad value is a usage error. */
function pickLang(argv: string[]): Lang {
  const env = langFromEnv(process.env);
  const i = argv.findIndex((a) => a === '--lang' || a.startsWith('--lang='));
  if (i < 0) return env;
  const value = argv[i].startsWith('--lang=') ? argv[i].slice(7) : argv[i + 1];
  if (isLang(value)) return value;
  throw new CliError(translator(env)('cli:error.badLang', { value: value ?? '' }), 2);
}

/** The command line without --lang and its value (pickLang read them). */
function withoutLang(argv: string[]): string[] {
  return argv.filter((a, i) => !(a === '--lang' || a.startsWith('--lang=') || (argv[i - 1] === '--lang' && !a.startsWith('--lang='))));
}

/** What a command's handler gets: the engine, its arguments and flags (checked against its catalogue entry, defaults filled in), the language. */
interface CommandContext {
  engine: Engine;
  pos: string[];
  /** A string flag's value (the last one given). */
  str: (name: string) => string | undefined;
  /** Whether a switch was given (`--json`, `--yes`). */
  has: (name: string) => boolean;
  v: Record<string, unknown>;
  lang: Lang;
}

/** The handler of each command of the catalogue (electron/cli/command-catalogue.ts). */
const HANDLERS: Record<CommandName, (c: CommandContext) => Promise<number>> = {
  detect: ({ engine, has, lang }) => cmdDetect(engine, has('json'), lang),
  run: ({ engine, str, has, v, lang }) => {
    const t = translator(lang);
    const maxTrials = str('max-trials') === undefined ? undefined : Number(str('max-trials'));
    if (maxTrials !== undefined && !(Number.isInteger(maxTrials) && maxTrials >= 1 && maxTrials <= MAX_TRIALS_LIMIT))
      throw new CliError(t('cli:error.badMaxTrials', { value: str('max-trials'), max: MAX_TRIALS_LIMIT }), 2);
    const trials = maxTrials === undefined ? {} : { trials: { maxTrials } };
    const command = parseCommand({ ...(v as CommandOptions), exclude: v.exclude as string[] | undefined }, lang);
    return cmdRun(engine, {
      spec: {
        suite: str('suite') as Suite,
        targets: v.target as string[] | undefined,
        tests: parseTests(str('tests'), lang),
        places: parsePlaces(str('places'), lang),
        image: str('image'),
        ...trials,
        ...(command ? { command } : {}),
        ...(has('headlines-only') ? { headlinesOnly: true } : {}),
      },
      jsonFile: str('json'),
      cardFile: str('card'),
      lang,
    });
  },
  runs: ({ engine, has, lang }) => cmdRuns(engine, has('json'), lang),
  compare: ({ engine, pos, has, lang }) => cmdCompare(engine, pos[0], pos[1], has('json'), lang),
  card: ({ engine, pos, str, lang }) => cmdCard(engine, pos[0], str('compare'), str('out')!, lang),
  export: ({ engine, pos, str, lang }) => {
    const format = str('format') as ExportFormat;
    // --label names the machine inside a JSON run.
    if (str('label') !== undefined && format !== 'json') throw new CliError(translator(lang)('cli:usage', { usage: usageLine('export') }), 2);
    return cmdExport(engine, pos[0], format, str('out'), lang, str('label'));
  },
  import: ({ engine, pos, str, has, lang }) => cmdImport(engine, pos, str('label'), has('json'), lang),
  team: ({ engine, pos, str, has, lang }) => cmdTeam(engine, pos, str('format') as 'md' | 'csv', has('json'), str('out'), lang),
  advise: ({ engine, has, lang }) => cmdAdvise(engine, has('json'), lang),
  apply: ({ engine, pos, has, lang }) => cmdApply(engine, pos[0], { yes: has('yes'), restart: has('restart'), lang }),
  web: ({ engine, str, lang }) => cmdWeb(engine, str('port'), lang),
};

async function main(argv: string[], lang: Lang): Promise<number> {
  const t = translator(lang);
  const help = helpText(lang);
  const [command, ...rest] = withoutLang(argv);
  if (!command || command === '--help' || command === '-h' || command === 'help') {
    print(help);
    return command ? 0 : 2;
  }
  if (command === '--version') {
    print(`${appVersion()}\n`);
    return 0;
  }
  let parsed;
  try {
    parsed = parseArgs({ args: switchesGiven(command, rest), options: parseOptions(), allowPositionals: true, strict: true });
  } catch (err) {
    throw new CliError(`${(err as Error).message}\n\n${help}`, 2);
  }
  const { values, positionals: pos } = parsed;
  if (values.help) {
    print(help);
    return 0;
  }
  const engine = createEngine({ dataDir: values['data-dir'] as string | undefined, mode: 'cli' });
  if (!isCommand(command)) throw new CliError(`${t('cli:error.unknownCommand', { command })}\n\n${help}`, 2);
  const problem = checkCommand(command, pos, values);
  if (problem) throw new CliError(t(problem.key, problem.params), 2);
  const v = withDefaults(command, values as Record<string, unknown>);
  const str = (name: string): string | undefined => (typeof v[name] === 'string' ? v[name] : undefined);
  const has = (name: string): boolean => v[name] !== undefined && v[name] !== false;
  try {
    return await HANDLERS[command]({ engine, pos, str, has, v, lang });
  } finally {
    // The start's sweep of a killed write's temp files finishes before the process exits.
    await engine.housekeeping;
  }
}

/** Commands that answer Ctrl-C in their own way: `run` cancels the job and cleans the guests up, `web` closes its server. */
const OWN_SIGNAL_HANDLING = new Set(['run', 'web']);

/**
 * Ctrl-C or SIGTERM during any other command (a detection, an apply) stops the runtime CLIs it is waiting for,
 * then exits 130. Each CLI call runs in a process group of its own, which the terminal's Ctrl-C does not reach:
 * without this a hung limactl kept running after `vmbench detect` was interrupted. A second signal leaves at once.
 */
function stopCallsOnSignal(): void {
  let stopping = false;
  const onSignal = (): void => {
    if (stopping) process.exit(130);
    stopping = true;
    void stopAllCalls().finally(() => process.exit(130));
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
}

// The language of the error printed at the end: LANG's until --lang was read.
let lang: Lang = langFromEnv(process.env);
const run = async (): Promise<number> => {
  const argv = process.argv.slice(2);
  lang = pickLang(argv);
  if (!OWN_SIGNAL_HANDLING.has(withoutLang(argv)[0])) stopCallsOnSignal();
  return main(argv, lang);
};

/** The last line when stdout or stderr could not be written (a full disk under `> file`), in the CLI's language. */
function reportOutputFailure(err: NodeJS.ErrnoException): void {
  printErr(`vmbench: ${translator(lang)('cli:error.outputFailed', { why: errorText({ message: err.message, ref: writeWhy(err) }, lang) })}\n`);
}

run().then(
  (code) => exitAfterFlush(code, reportOutputFailure),
  (err: unknown) => {
    printErr(`vmbench: ${errorText(err, lang)}\n`);
    return exitAfterFlush(err instanceof CliError ? err.exitCode : 1, reportOutputFailure);
  },
);
