import { parseArgs } from 'node:util';
import type { ExportFormat, Suite } from './contract.js';
import { createEngine } from './engine/api.js';
import { appVersion } from './engine/paths.js';
import { CliError, cmdCard, cmdCompare, cmdDetect, cmdExport, cmdRun, cmdRuns, parseTests } from './cli/commands.js';
import { cmdAdvise } from './cli/advise.js';
import { cmdApply } from './cli/apply.js';
import { cmdWeb } from './cli/web.js';

const HELP = `vmbench — benchmark your local VM and container runtimes

Usage:
  vmbench detect [--json]                       runtimes on this machine and their settings
  vmbench run [--target ID ...] [--suite quick|standard|thorough] [--tests a,b]
              [--image IMAGE] [--json FILE] [--card FILE]
                                                benchmark (default: this machine, quick suite)
  vmbench runs [--json]                         history
  vmbench compare RUN_A RUN_B [--json]          before (A) / after (B): ratio [95%], verdict
  vmbench card RUN [--compare RUN_B] --out FILE share card PNG 1200x630 (RUN → RUN_B)
  vmbench export RUN --format md|csv|json [--out FILE]
  vmbench advise [--json]                       what to change, with evidence and how to apply it
  vmbench apply FINDING_ID [--yes] [--restart]  show the change, ask, back up and apply it;
                                                --restart restarts the runtime after (else asked)
  vmbench web [--port N]                        the UI in a browser, on 127.0.0.1

Options: --data-dir DIR (or VMBENCH_HOME) where history lives; --help; --version
Exit codes: 0 ok, 1 failure, 2 usage error, 3 partial (some steps or targets failed), 130 cancelled.
`;

const options = {
  yes: { type: 'boolean' as const },
  restart: { type: 'boolean' as const },
  json: { type: 'string' as const },
  target: { type: 'string' as const, multiple: true },
  suite: { type: 'string' as const },
  tests: { type: 'string' as const },
  image: { type: 'string' as const },
  card: { type: 'string' as const },
  compare: { type: 'string' as const },
  out: { type: 'string' as const },
  format: { type: 'string' as const },
  port: { type: 'string' as const },
  'data-dir': { type: 'string' as const },
  help: { type: 'boolean' as const, short: 'h' },
  version: { type: 'boolean' as const },
};

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (!command || command === '--help' || command === '-h' || command === 'help') {
    process.stdout.write(HELP);
    return command ? 0 : 2;
  }
  if (command === '--version') {
    process.stdout.write(`${appVersion()}\n`);
    return 0;
  }
  // `--json` is a flag for most commands and takes FILE for `run`.
  const args = command === 'run' ? rest : rest.map((a) => (a === '--json' ? '--json=1' : a));
  let parsed;
  try {
    parsed = parseArgs({ args, options, allowPositionals: true, strict: true });
  } catch (err) {
    throw new CliError(`${(err as Error).message}\n\n${HELP}`, 2);
  }
  const { values: v, positionals: pos } = parsed;
  if (v.help) {
    process.stdout.write(HELP);
    return 0;
  }
  const engine = createEngine({ dataDir: v['data-dir'], mode: 'cli' });
  const json = v.json !== undefined;
  const need = (n: number, usage: string): void => {
    if (pos.length !== n) throw new CliError(`usage: vmbench ${usage}`, 2);
  };
  switch (command) {
    case 'detect':
      need(0, 'detect [--json]');
      return cmdDetect(engine, json);
    case 'run': {
      need(0, 'run [--target ID ...] [--suite quick|standard|thorough] [--tests a,b] [--json FILE]');
      const suite = (v.suite ?? 'quick') as Suite;
      if (!['quick', 'standard', 'thorough'].includes(suite)) throw new CliError(`unknown suite "${suite}" (quick, standard or thorough)`, 2);
      return cmdRun(engine, { spec: { suite, targets: v.target as string[] | undefined, tests: parseTests(v.tests), image: v.image }, jsonFile: v.json, cardFile: v.card });
    }
    case 'runs':
      need(0, 'runs [--json]');
      return cmdRuns(engine, json);
    case 'compare':
      need(2, 'compare RUN_A RUN_B [--json]');
      return cmdCompare(engine, pos[0], pos[1], json);
    case 'card':
      need(1, 'card RUN [--compare RUN_B] --out FILE');
      if (!v.out) throw new CliError('usage: vmbench card RUN [--compare RUN_B] --out FILE', 2);
      return cmdCard(engine, pos[0], v.compare, v.out);
    case 'export': {
      need(1, 'export RUN --format md|csv|json [--out FILE]');
      const format = v.format as ExportFormat;
      if (!['md', 'csv', 'json'].includes(format)) throw new CliError('usage: vmbench export RUN --format md|csv|json [--out FILE]', 2);
      return cmdExport(engine, pos[0], format, v.out);
    }
    case 'web':
      need(0, 'web [--port N]');
      return cmdWeb(engine, v.port);
    case 'advise':
      need(0, 'advise [--json]');
      return cmdAdvise(engine, json);
    case 'apply':
      need(1, 'apply FINDING_ID [--yes] [--restart]');
      return cmdApply(engine, pos[0], { yes: v.yes === true, restart: v.restart === true });
    default:
      throw new CliError(`unknown command "${command}"\n\n${HELP}`, 2);
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err: unknown) => {
    process.stderr.write(`vmbench: ${(err as Error).message}\n`);
    process.exit(err instanceof CliError ? err.exitCode : 1);
  },
);
