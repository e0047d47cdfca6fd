/**
 * The attack from the hardening pass, replayed: another local user (`nobody`) calls the API of a running
 * `vmbench web` with curl. Without the key it printed, every call is refused and nothing is applied.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const BIN = join(process.cwd(), 'bin', 'vmbench.js');
const asRoot = process.getuid?.() === 0;

describe('vmbench web: the API needs the per-start key', () => {
  let home: string;
  let child: ChildProcess;
  let url: URL;
  let token: string;
  let out = '';

  beforeAll(async () => {
    home = await mkdtemp(join(tmpdir(), 'vmbench-web-access-'));
    child = spawn(process.execPath, [BIN, 'web', '--port', '0'], { env: { ...process.env, VMBENCH_HOME: home }, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stderr?.on('data', (c: Buffer) => (out += c.toString()));
    const printed = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no address printed within 30 s: ${out}`)), 30_000);
      child.stdout?.on('data', (c: Buffer) => {
        out += c.toString();
        const m = /http:\/\/127\.0\.0\.1:\d+\/#token=[A-Za-z0-9_-]+/.exec(out);
        if (m) {
          clearTimeout(timer);
          resolve(m[0]);
        }
      });
    });
    url = new URL(printed);
    token = url.hash.slice('#token='.length);
  }, 300_000);

  afterAll(async () => {
    if (child && child.exitCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    }
    await rm(home, { recursive: true, force: true });
  });

  /** curl as the given user (root runs it as `nobody` through runuser); returns status and body. */
  const curl = (user: 'nobody' | 'self', path: string, headers: string[], body: string): { status: number; body: string } => {
    const args = [
      '-s',
      '-o',
      '-',
      '-w',
      '\n%{http_code}',
      '-X',
      'POST',
      '-H',
      'content-type: application/json',
      ...headers.flatMap((h) => ['-H', h]),
      '--data',
      body,
      new URL(path, url.origin).href,
    ];
    const r =
      user === 'nobody' && asRoot
        ? spawnSync('runuser', ['-u', 'nobody', '--', 'curl', ...args], { encoding: 'utf8' })
        : spawnSync('curl', args, { encoding: 'utf8' });
    const lines = r.stdout.trimEnd().split('\n');
    return { status: Number(lines.pop()), body: lines.join('\n') };
  };

  it('prints the address with a 256-bit key in its fragment', () => {
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(url.pathname).toBe('/');
  });

  it('another local user without the key gets 401 on apply, plan and every other call', () => {
    for (const [channel, args] of [
      ['advice.apply', ['0123456789abcdef0123456789abcdef']],
      ['advice.plan', ['vagrant:abc/mountType']],
      ['run.start', [{ suite: 'quick' }]],
      ['runs.list', []],
    ] as const) {
      const r = curl('nobody', `/api/${channel}`, [], JSON.stringify({ args }));
      expect(r.status, channel).toBe(401);
      expect(r.body).toMatch(/lacks the key/);
      const guessed = curl('nobody', `/api/${channel}`, [`x-vmbench-token: ${'A'.repeat(43)}`], JSON.stringify({ args }));
      expect(guessed.status, channel).toBe(401);
    }
  });

  it('the event socket needs the key too', () => {
    const upgrade = (q: string): string => {
      const r = spawnSync(
        'curl',
        [
          '-s',
          '-i',
          '--max-time',
          '3',
          '-H',
          'Connection: Upgrade',
          '-H',
          'Upgrade: websocket',
          '-H',
          'Sec-WebSocket-Version: 13',
          '-H',
          'Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==',
          `${url.origin}/api/events${q}`,
        ],
        { encoding: 'utf8' },
      );
      return r.stdout.split('\r\n')[0] ?? '';
    };
    expect(upgrade('')).toMatch(/401/);
    expect(upgrade('?token=wrong')).toMatch(/401/);
    expect(upgrade(`?token=${token}`)).toMatch(/101/);
  });

  it('with the key, the API answers; a finding id instead of a plan id is refused', () => {
    const list = curl('self', '/api/runs.list', [`x-vmbench-token: ${token}`], '{"args":[]}');
    expect(list.status).toBe(200);
    expect(JSON.parse(list.body)).toMatchObject({ ok: true, value: { runs: [] } });
    const apply = curl('self', '/api/advice.apply', [`x-vmbench-token: ${token}`], '{"args":["vagrant:abc/mountType"]}');
    expect(JSON.parse(apply.body)).toMatchObject({ ok: false, error: { code: 'invalid-input', message: expect.stringMatching(/not a plan id/) } });
  });
});
