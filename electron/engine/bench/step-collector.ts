import type { BenchEvent, Metrics, MsgRef, Place, TestError, TestId, TestResult } from '../../contract/contract.js';
import { fioSamples } from './fio.js';
import { iperf3Samples } from './iperf3.js';
import { redisToolOutputSamples } from './redis-benchmark.js';
import { wrkSamples } from './wrk.js';
import { msg } from '../../messages/finding-text.js';
import { withEnglish } from '../../messages/message-english.js';
import { summarize } from '../../measurement/trial-stats.js';
import { settleMethod, settleReport, settleWarning } from './settle.js';
import { commandError } from './command-step.js';

/** Tool-output parsers by tool name: the event's data to samples. */
const TOOL_PARSERS: Record<string, (test: TestId, data: unknown) => { metric: string; value: number }[]> = {
  fio: fioSamples,
  iperf3: (_test, data) => iperf3Samples(data),
  'redis-benchmark': (_test, data) => redisToolOutputSamples(data),
  wrk: (_test, data) => wrkSamples(data),
};

/** Collects one script execution's events into a TestResult (median/min/max/n) and errors. */
export class StepCollector {
  private samples: Record<string, number[]> = {};
  private resultEvent: Extract<BenchEvent, { event: 'result' }> | undefined;
  private errors: TestError[] = [];
  private stderrTail: string[] = [];
  private sawEnd = false;

  constructor(
    private readonly test: TestId,
    private readonly place: Place,
    private readonly onSample: (trial: number, metric: string, value: number) => void,
    /** The target and place in words, for the errors of the user's command (command-step.ts commandError). */
    private readonly where?: MsgRef,
  ) {}

  /** Feeds one protocol event. */
  onEvent(ev: BenchEvent): void {
    switch (ev.event) {
      case 'sample':
        this.add(ev.trial, ev.metric, ev.value);
        break;
      case 'tool-output': {
        const parse = TOOL_PARSERS[ev.tool];
        if (parse) {
          try {
            for (const s of parse(this.test, ev.data)) this.add(ev.trial, s.metric, s.value);
          } catch (err) {
            this.errors.push(this.engineError('bad-output', msg('errors.step.badOutput', { tool: ev.tool, error: (err as Error).message })));
          }
        }
        break;
      }
      case 'result':
        this.resultEvent = ev;
        break;
      case 'error': {
        const own = this.where ? commandError(ev, this.place, this.where) : undefined;
        this.errors.push(own ?? (ev.ref ? this.engineError(ev.code, ev.ref) : this.error(ev.code, ev.message)));
        break;
      }
      case 'end':
        this.sawEnd = true;
        break;
      default:
        break;
    }
  }

  /** Keeps the last lines of stderr for error messages. */
  onStderr(line: string): void {
    this.stderrTail.push(line);
    if (this.stderrTail.length > 5) this.stderrTail.shift();
  }

  /** Aggregates after the script exited. */
  finish(exit: { exitCode: number | null; cancelled: boolean; timedOut: boolean }): { result: TestResult | null; errors: TestError[] } {
    if (exit.cancelled) return { result: null, errors: [] };
    if (exit.timedOut) this.errors.push(this.engineError('timeout', msg('errors.step.timeout', { test: this.test })));
    const metrics: Metrics = {};
    for (const [metric, values] of Object.entries(this.samples)) if (values.length) metrics[metric] = summarize(values);
    if (Object.keys(metrics).length === 0 && this.resultEvent?.metrics) Object.assign(metrics, this.resultEvent.metrics);
    if (Object.keys(metrics).length === 0) {
      if (this.errors.length === 0) {
        const why = exit.exitCode !== 0 ? msg('errors.step.exitCode', { code: String(exit.exitCode) }) : msg('errors.step.noMeasurement');
        const tail = this.stderrTail.join(' | ').slice(0, 400);
        const ref = tail ? msg('errors.step.noResultTail', { test: this.test, why, tail }) : msg('errors.step.noResult', { test: this.test, why });
        this.errors.push(this.engineError(this.sawEnd ? 'no-result' : 'script-failed', ref));
      }
      return { result: null, errors: this.errors };
    }
    const r = this.resultEvent;
    // The write-back settle before the first trial (lib.sh vb_settle) is part of how it was measured.
    const settle = settleReport(r?.params);
    const method = settle ? `${r?.method ?? 'not reported'}; ${settleMethod(settle)}` : (r?.method ?? 'not reported');
    const warning = settle && settleWarning(this.test, this.place, settle);
    if (warning) this.errors.push(warning);
    const result: TestResult = {
      test: this.test,
      place: this.place,
      metrics,
      tool: { name: r?.tool?.name ?? 'unknown', version: r?.tool?.version ?? null, method },
      params: r?.params ?? {},
      command: r?.command ?? '',
      samples: this.samples,
    };
    return { result, errors: this.errors };
  }

  private add(trial: number, metric: string, value: number): void {
    if (!Number.isFinite(value)) return;
    // Trial 0 is the warm-up pass: streamed as a provisional first number, never counted.
    if (trial === 0) return this.onSample(0, metric, value);
    (this.samples[metric] ??= []).push(value);
    this.onSample(trial, metric, value);
  }

  /** An error the script reported (its own words, verbatim). */
  private error(code: string, message: string): TestError {
    return { test: this.test, place: this.place, code, message };
  }

  /** An error the engine words itself: a catalogue reference, with its English message derived from it. */
  private engineError(code: string, ref: MsgRef): TestError {
    return { test: this.test, place: this.place, code, ...withEnglish(ref) };
  }
}
