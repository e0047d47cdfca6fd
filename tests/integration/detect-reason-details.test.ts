/**
 * `vmbench detect` (built bundle) on a Docker context whose daemon is down, replayed from docker 28.2.2's real
 * output (tests/fixtures/runtimes/docker-engine/SOURCES.txt): the runtime's line says in a sentence what happened
 * and what to do, in the chosen language; the commands as they ran and what docker printed (template braces, the
 * socket's path) come only on indented lines under "details:"; --json keeps the sentence's English as `reason`
 * and the raw output as `reasonDetail`.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RuntimeInfo } from '../../electron/contract/contract.js';
import { runCli } from '../helpers/cli.js';
import { makeStubEnv, unreachableDockerContext, type StubEnv } from '../helpers/runtimes-stubs.js';

describe('vmbench detect: a failed status as a sentence, the raw output under details', () => {
  let stub: StubEnv;
  const cli = (args: string[]) => runCli(args, { ...stub.env, VMBENCH_HOME: join(stub.root, 'data') }, 120_000);
  beforeAll(() => {
    stub = makeStubEnv({
      docker: [...unreachableDockerContext()],
    });
  });
  afterAll(() => stub?.cleanup());

  it('the runtime line is the sentence; the raw output is indented under details:, in English and Japanese', () => {
    for (const [lang, sentence, word] of [
      ['en', 'the Docker daemon is not running; start it (or the app that runs it), then detect again', 'details:'],
      ['ja', 'Docker デーモンが動いていません。デーモン（またはそれを動かすアプリ）を起動してから、もう一度検出してください', '詳細:'],
    ] as const) {
      const r = cli(['detect', '--lang', lang]);
      expect(r.status, r.stderr).toBe(0);
      const lines = r.stdout.split('\n');
      const at = lines.indexOf(`  docker:vmbench-test: ${sentence}`);
      expect(at, r.stdout).toBeGreaterThan(0);
      expect(lines.slice(at + 1, at + 4)).toEqual([
        `    ${word}`,
        "      $ docker --context vmbench-test version --format '{{json .}}'",
        '      Cannot connect to the Docker daemon at unix:///run/vmbench-test-docker.sock. Is the docker daemon running?',
      ]);
      // No raw text on a line that is not a details line.
      const outside = lines.filter((l, i) => i <= at || !l.startsWith('    '));
      expect(outside.join('\n')).not.toMatch(/\{\{json|Cannot connect|unix:\/\/\/run\/vmbench-test-docker\.sock\. Is/);
    }
  });

  it('--json: reason is the English sentence, reasonDetail the raw output', () => {
    const r = cli(['detect', '--json']);
    expect(r.status, r.stderr).toBe(0);
    const rt = (JSON.parse(r.stdout) as { runtimes: RuntimeInfo[] }).runtimes.find((x) => x.id === 'docker:vmbench-test');
    expect(rt).toMatchObject({
      state: 'stopped',
      reason: 'the Docker daemon is not running; start it (or the app that runs it), then detect again',
      reasonRefs: [{ key: 'detect:docker.daemonDown' }],
    });
    expect(rt?.reasonDetail?.split('\n')[0]).toBe("$ docker --context vmbench-test version --format '{{json .}}'");
  });
});
