// A vitest reporter (scripts/test-all.mjs adds it to every lane) that records each test file's whole
// time: from the moment its worker takes it (onTestModuleQueued, before the import and every beforeAll)
// to its end (onTestModuleEnd, after every afterAll). vitest's JSON report keeps startTime/endTime of the
// tests only, which leaves out a file's set-up (a guest boot, a dockerd and its images). Written next to
// the JSON report: test-results/<lane>.json -> test-results/<lane>.files.json; scripts/slowest-tests.mjs
// reads it.
import { resolve } from 'node:path';
import type { Reporter, TestModule, Vitest } from 'vitest/node';
import { atomicWriteSync } from '../electron/engine/util/atomic-write.js';

/** One file's whole time, as written to <lane>.files.json. */
export interface FileTime {
  file: string;
  project: string;
  /** Epoch ms when its worker took it, and when it ended. */
  start: number;
  end: number;
  seconds: number;
  /** passed | failed | skipped (TestModule.state()). */
  state: string;
}

/** Records each file's queued-to-end wall time and writes them when the run ends. */
export default class FileTimesReporter implements Reporter {
  private out: string | undefined;
  private root = process.cwd();
  private readonly started = new Map<string, number>();
  private readonly files: FileTime[] = [];

  /** Finds where the JSON report goes; without one, this reporter writes nothing. */
  onInit(vitest: Vitest): void {
    this.root = vitest.config.root;
    const out = vitest.config.outputFile;
    const json = typeof out === 'string' ? undefined : out?.json;
    this.out = json ? resolve(this.root, json.replace(/\.json$/, '')) + '.files.json' : undefined;
  }

  /** The file's worker has taken it: its time starts. */
  onTestModuleQueued(m: TestModule): void {
    this.started.set(`${m.project.name}\0${m.moduleId}`, Date.now());
  }

  /** The file and its hooks are done. */
  onTestModuleEnd(m: TestModule): void {
    const end = Date.now();
    const start = this.started.get(`${m.project.name}\0${m.moduleId}`) ?? end;
    this.files.push({
      file: m.moduleId.startsWith(this.root) ? m.moduleId.slice(this.root.length + 1) : m.moduleId,
      project: m.project.name,
      start,
      end,
      seconds: (end - start) / 1000,
      state: m.state(),
    });
  }

  /** Writes the times (atomically: a reader never sees half a file). */
  onTestRunEnd(): void {
    if (this.out) atomicWriteSync(this.out, `${JSON.stringify({ files: this.files }, null, 2)}\n`);
  }
}
