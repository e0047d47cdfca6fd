import { parseArgs } from 'node:util';
import { SUITES, type ExportFormat, type Suite } from './shared/contract.js';
import { createEngine } from './engine/api.js';
import { appVersion } from './engine/paths.js';
import { useCatalogueFiles } from './engine/catalogue-files.js';
import { CliError, cmdCard, cmdCompare, cmdDetect, cmdExport, cmdRun, cmdRuns, parsePlaces, parseTests } from './cli/commands.js';
import { cmdAdvise } from './cli/advise.js';
import { cmdApply } from './cli/apply.js';
import { cmdWeb } from './cli/web.js';
import { cmdImport } from './cli/import.js';
import { cmdTeam } from './cli/team.js';
import { print, printErr } from './cli/output.js';
import { exitAfterFlush, guardOutput } from './cli/exit.js';
import { errorText } from './shared/error-text.js';
import { isLang, langFromEnv, translator, type Lang } from './shared/i18n.js';
import { writeWhy } from './engine/errors.js';
import { MAX_TRIALS_LIMIT } from './shared/plan-estimate.js';
import { stopAllCalls } from './engine/util/exec.js';

// First of all: a reader that leaves early (`vmbench detect --json | head -c 1`) is a normal end, not a crash.
guardOutput();
// The CLI reads its language's catalogues (and English, the engine's) when it first writes a message.
useCatalogueFiles();

const options = {
  yes: { type: 'boolean' as const },
  restart: { type: 'boolean' as const },
  json: { type: 'string' as const },
  target: { type: 'string' as const, multiple: true },
  suite: { type: 'string' as const },
  tests: { type: 'string' as const },
  places: { type: 'string' as const },
  image: { type: 'string' as const },
  'max-trials': { type: 'string' as const },
  'headlines-only': { type: 'boolean' as const },
  card: { type: 'string' as const },
  compare: { type: 'string' as const },
  out: { type: 'string' as const },
  format: { type: 'string' as const },
  port: { type: 'string' as const },
  'data-dir': { type: 'string' as const },
  label: { type: 'string' as const },
  help: { type: 'boolean' as const, short: 'h' },
  version: { type: 'boolean' as const },
};

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

async function main(argv: string[], lang: Lang): Promise<number> {
  const t = translator(lang);
  const help = t('cli:help');
  const [command, ...rest] = withoutLang(argv);
  if (!command || command === '--help' || command === '-h' || command === 'help') {
    print(help);
    return command ? 0 : 2;
  }
  if (command === '--version') {
    print(`${appVersion()}\n`);
    return 0;
  }
  // `--json` is a flag for most commands and takes FILE for `run`.
  const args = command === 'run' ? rest : rest.map((a) => (a === '--json' ? '--json=1' : a));
  let parsed;
  try {
    parsed = parseArgs({ args, options, allowPositionals: true, strict: true });
  } catch (err) {
    throw new CliError(`${(err as Error).message}\n\n${help}`, 2);
  }
  const { values: v, positionals: pos } = parsed;
  if (v.help) {
    print(help);
    return 0;
  }
  const engine = createEngine({ dataDir: v['data-dir'], mode: 'cli' });
  const json = v.json !== undefined;
  const need = (n: number, usage: string): void => {
    if (pos.length !== n) throw new CliError(t('cli:usage', { usage }), 2);
  };
  switch (command) {
    case 'detect':
      need(0, 'detect [--json]');
      return cmdDetect(engine, json, lang);
    case 'run': {
      need(0, 'run [--target ID ...] [--suite quick|standard|thorough] [--tests a,b] [--places p,q] [--headlines-only] [--json FILE]');
      const suite = (v.suite ?? 'quick') as Suite;
      if (!(SUITES as readonly string[]).includes(suite)) throw new CliError(t('cli:error.unknownSuite', { suite }), 2);
      const maxTrials = v['max-trials'] === undefined ? undefined : Number(v['max-trials']);
      if (maxTrials !== undefined && !(Number.isInteger(maxTrials) && maxTrials >= 1 && maxTrials <= MAX_TRIALS_LIMIT))
        throw new CliError(t('cli:error.badMaxTrials', { value: v['max-trials'], max: MAX_TRIALS_LIMIT }), 2);
      const trials = maxTrials === undefined ? {} : { trials: { maxTrials } };
      return cmdRun(engine, {
        spec: {
          suite,
          targets: v.target as string[] | undefined,
          tests: parseTests(v.tests, lang),
          places: parsePlaces(v.places, lang),
          image: v.image,
          ...trials,
          ...(v['headlines-only'] ? { headlinesOnly: true } : {}),
        },
        jsonFile: v.json,
        cardFile: v.card,
        lang,
      });
    }
    case 'runs':
      need(0, 'runs [--json]');
      return cmdRuns(engine, json, lang);
    case 'compare':
      need(2, 'compare RUN_A RUN_B [--json]');
      return cmdCompare(engine, pos[0], pos[1], json, lang);
    case 'card':
      need(1, 'card RUN [--compare RUN_B] --out FILE');
      if (!v.out) throw new CliError(t('cli:usage', { usage: 'card RUN [--compare RUN_B] --out FILE' }), 2);
      return cmdCard(engine, pos[0], v.compare, v.out, lang);
    case 'export': {
      need(1, 'export RUN --format md|csv|json [--label NAME] [--out FILE]');
      const format = v.format as ExportFormat;
      if (!['md', 'csv', 'json'].includes(format) || (v.label !== undefined && format !== 'json'))
        throw new CliError(t('cli:usage', { usage: 'export RUN --format md|csv|json [--label NAME] [--out FILE]' }), 2);
      return cmdExport(engine, pos[0], format, v.out, lang, v.label);
    }
    case 'import':
      if (pos.length < 1) throw new CliError(t('cli:usage', { usage: 'import FILE... [--label NAME] [--json]' }), 2);
      return cmdImport(engine, pos, v.label, json, lang);
    case 'team': {
      const format = (v.format ?? 'md') as 'md' | 'csv';
      if (pos.length < 1 || !['md', 'csv'].includes(format))
        throw new CliError(t('cli:usage', { usage: 'team RUN... [--format md|csv] [--json] [--out FILE]' }), 2);
      return cmdTeam(engine, pos, format, json, v.out, lang);
    }
    case 'web':
      need(0, 'web [--port N]');
      return cmdWeb(engine, v.port, lang);
    case 'advise':
      need(0, 'advise [--json]');
      return cmdAdvise(engine, json, lang);
    case 'apply':
      need(1, 'apply FINDING_ID [--yes] [--restart]');
      return cmdApply(engine, pos[0], { yes: v.yes === true, restart: v.restart === true, lang });
    default:
      throw new CliError(`${t('cli:error.unknownCommand', { command })}\n\n${help}`, 2);
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
