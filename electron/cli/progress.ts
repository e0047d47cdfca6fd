import type { JobEvent, RunEstimate } from '../contract/contract.js';
import { translator, type Lang } from '../messages/i18n.js';
import { errorText } from '../messages/error-text.js';
import { isFailure } from '../contract/run-status.js';
import { metricInfo } from '../measurement/metrics.js';
import { unmetTarget } from '../measurement/trial-stats.js';
import { fmt, fmtDuration } from './table.js';
import { terminalSafe } from '../presentation/terminal-safe.js';
import { placeVerdicts, type VerdictTarget } from '../presentation/place-verdict.js';
import { etaRiseText } from '../presentation/eta-rise.js';

/** Where a run's expected time came from, in words: the plan, or this machine's last runs (and the plan for the steps they lack). */
function expectedSource(e: RunEstimate, t: ReturnType<typeof translator>): string {
  if (e.source.kind === 'plan') return t('cli:progress.fromPlan');
  return e.source.steps >= e.steps ? t('cli:progress.fromRuns', { count: e.source.runs }) : t('cli:progress.fromRunsAndPlan', { count: e.source.runs });
}

/** Renders job events on stderr in a language: a live bar on a terminal, plain lines otherwise; all text as data (terminalSafe). */
export function createProgressPrinter(stream: NodeJS.WriteStream, lang: Lang = 'en'): (ev: JobEvent) => void {
  const t = translator(lang);
  const tty = Boolean(stream.isTTY);
  let lastStep = -1;
  let barShown = false;
  let suite = 'quick';
  let plan: Extract<JobEvent, { type: 'job-started' }>['plan'] = [];
  // Each target's headlines so far: a place's verdict is printed as soon as its headline lands.
  const headlines: VerdictTarget[] = [];
  const clear = (): void => {
    if (tty && barShown) stream.write('\r\x1b[2K');
    barShown = false;
  };
  // Its own text goes through terminalSafe (guest messages, target names); only the bar's \r and erase are its own controls.
  const line = (s: string): void => {
    clear();
    stream.write(terminalSafe(s) + '\n');
  };
  return (ev) => {
    switch (ev.type) {
      case 'job-started':
        suite = ev.spec.suite;
        plan = ev.plan;
        {
          const targets = [...new Set(ev.plan.map((p) => p.target))].join(', ');
          // A command run has no suite: it times the user's command once per place.
          line(
            ev.spec.command
              ? t('cli:progress.startedCommand', { count: ev.plan.length, targets })
              : t('cli:progress.started', { suite: t(`common:suite.${ev.spec.suite}`), steps: ev.plan.length, count: ev.plan.length, targets }),
          );
        }
        // The run's expected time, the same figure as the app's plan before a click (run-estimate.ts), and where it came from.
        if (ev.expected) line(t('cli:progress.expected', { time: fmtDuration(ev.expected.seconds), source: expectedSource(ev.expected, t) }));
        break;
      case 'probe':
        line(
          `  ${t('cli:progress.probe', { target: ev.target, os: ev.probe.os || t('cli:progress.unknownOs'), cpus: ev.probe.cpus, mem: fmt(ev.probe.memMiB, lang), fs: ev.probe.dirFsType ?? '?', fio: ev.probe.tools.fio ?? t('cli:progress.notFound') })}`,
        );
        break;
      case 'progress': {
        // The ETA only goes up for a reason, and says it on its own line above the bar (a log shows no ETA, so no reason either).
        if (ev.etaRise && tty) line(`  ${etaRiseText(ev.etaRise, plan, lang, { duration: fmtDuration, target: (id) => id })}`);
        const label = t('cli:progress.trial', { test: ev.test, place: t(`common:place.${ev.place}`), trial: ev.trial, trials: ev.trials });
        if (tty) {
          const width = 28;
          const filled = Math.round(ev.fraction * width);
          stream.write(
            `\r\x1b[2K${terminalSafe(`[${'█'.repeat(filled)}${'░'.repeat(width - filled)}] ${String(Math.round(ev.fraction * 100)).padStart(3)}%  ${label}  ETA ${fmtDuration(ev.etaSec)}`)}`,
          );
          barShown = true;
        } else if (ev.step !== lastStep) {
          // A step that may add trials (adaptive trials) says how many it takes at least and at most.
          const max = plan[ev.step]?.maxTrials;
          const command = ev.test === 'command';
          const key =
            max && max > ev.trials
              ? command
                ? 'cli:progress.stepCommandAdaptive'
                : 'cli:progress.stepAdaptive'
              : command
                ? 'cli:progress.stepCommand'
                : 'cli:progress.step';
          line(
            `  ${t(key, { step: ev.step + 1, steps: ev.steps, target: ev.target, place: t(`common:place.${ev.place}`), test: ev.test, trials: ev.trials, max })}`,
          );
        }
        lastStep = ev.step;
        break;
      }
      case 'result': {
        const r = ev.result;
        const main = Object.entries(r.metrics)[0];
        if (main) {
          const info = metricInfo(main[0], lang);
          const figures = t('cli:progress.result', {
            median: fmt(main[1].median, lang),
            unit: info.unit,
            min: fmt(main[1].min, lang),
            max: fmt(main[1].max, lang),
            n: main[1].n,
          });
          line(`  ✓ ${ev.target} ${t(`common:place.${r.place}`)} ${r.test}: ${main[0]} ${figures} — ${r.tool.name} ${r.tool.version ?? ''}`.trimEnd());
        }
        const unmet = unmetTarget(r);
        if (unmet) {
          const width = unmet.widths.at(-1);
          const stat = r.metrics[unmet.metric];
          line(
            `    ${t(r.test === 'command' ? 'cli:progress.unstableCommand' : 'cli:progress.unstable', { metric: unmet.metric, width: width === null || width === undefined ? '?' : Math.round(width * 100), n: unmet.taken, target: Math.round(unmet.target * 1000) / 10, min: stat ? fmt(stat.min, lang) : '?', max: stat ? fmt(stat.max, lang) : '?', suite, test: r.test, target_id: ev.target })}`,
          );
        }
        break;
      }
      case 'headline': {
        let t0 = headlines.find((x) => x.id === ev.target);
        if (!t0)
          headlines.push(
            (t0 = { id: ev.target, label: ev.target === 'local' ? t('common:thisMachine') : (ev.label ?? ev.target), runtime: ev.target, results: [] }),
          );
        t0.results.push(ev.result);
        const v = placeVerdicts(headlines, lang).find((x) => x.target === ev.target && x.place === ev.result.place);
        if (v) line(`  ${t('cli:progress.verdict', { text: v.text })}`);
        break;
      }
      case 'test-error':
        // A failure gets ✗; a note on measured numbers (e.g. write-back that did not settle) is a warning.
        if (isFailure(ev.error)) line(`  ✗ ${ev.target} ${t(`common:place.${ev.error.place}`)} ${ev.error.test}: ${errorText(ev.error, lang)}`);
        else
          line(`  ${ev.target} ${t(`common:place.${ev.error.place}`)} ${ev.error.test}: ${t('cli:progress.warning', { message: errorText(ev.error, lang) })}`);
        break;
      case 'log': {
        // The line's reference in the reader's language; its English message only for an event without one.
        const text = errorText(ev, lang);
        line(`  ${ev.level === 'warn' ? t('cli:progress.warning', { message: text }) : text}`);
        break;
      }
      case 'job-finished':
        clear();
        if (ev.message) line(errorText({ message: ev.message, ref: ev.messageRef }, lang));
        break;
      default:
        break;
    }
  };
}
