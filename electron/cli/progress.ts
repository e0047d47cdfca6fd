import type { JobEvent } from '../contract.js';
import { metricInfo } from '../metrics.js';
import { fmt, fmtDuration } from './table.js';

/** Renders job events on stderr: a live bar on a terminal, plain lines otherwise. */
export function createProgressPrinter(stream: NodeJS.WriteStream): (ev: JobEvent) => void {
  const tty = Boolean(stream.isTTY);
  let lastStep = -1;
  let barShown = false;
  const clear = (): void => {
    if (tty && barShown) stream.write('\r\x1b[2K');
    barShown = false;
  };
  const line = (s: string): void => {
    clear();
    stream.write(s + '\n');
  };
  return (ev) => {
    switch (ev.type) {
      case 'job-started':
        line(`vmbench: ${ev.spec.suite} suite, ${ev.plan.length} steps on ${[...new Set(ev.plan.map((p) => p.target))].join(', ')}`);
        break;
      case 'probe':
        line(`  ${ev.target}: ${ev.probe.os || 'unknown OS'}, ${ev.probe.cpus} CPUs, ${fmt(ev.probe.memMiB)} MiB, test folder on ${ev.probe.dirFsType ?? '?'}; fio ${ev.probe.tools.fio ?? 'not found'}`);
        break;
      case 'progress': {
        const label = `${ev.test} · ${ev.place} · trial ${ev.trial}/${ev.trials}`;
        if (tty) {
          const width = 28;
          const filled = Math.round(ev.fraction * width);
          stream.write(`\r\x1b[2K[${'█'.repeat(filled)}${'░'.repeat(width - filled)}] ${String(Math.round(ev.fraction * 100)).padStart(3)}%  ${label}  ETA ${fmtDuration(ev.etaSec)}`);
          barShown = true;
        } else if (ev.step !== lastStep) {
          line(`  [${ev.step + 1}/${ev.steps}] ${ev.target} ${ev.place} ${ev.test} (${ev.trials} trials)`);
        }
        lastStep = ev.step;
        break;
      }
      case 'result': {
        const r = ev.result;
        const main = Object.entries(r.metrics)[0];
        if (main) {
          const info = metricInfo(main[0]);
          line(`  ✓ ${ev.target} ${r.place} ${r.test}: ${main[0]} ${fmt(main[1].median)} ${info.unit} (min ${fmt(main[1].min)}, max ${fmt(main[1].max)}, n=${main[1].n}) — ${r.tool.name} ${r.tool.version ?? ''}`.trimEnd());
        }
        break;
      }
      case 'test-error':
        line(`  ✗ ${ev.target} ${ev.error.place} ${ev.error.test}: ${ev.error.message}`);
        break;
      case 'log':
        line(`  ${ev.level === 'warn' ? 'warning: ' : ''}${ev.message}`);
        break;
      case 'job-finished':
        clear();
        if (ev.message) line(ev.message);
        break;
      default:
        break;
    }
  };
}
