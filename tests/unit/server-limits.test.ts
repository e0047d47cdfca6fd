/**
 * The body limits of `vmbench web`'s API: a body declared or sent over the limit is refused while the client is
 * still sending (it is never read to its end), and the refusal names the limit and closes the connection.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMPORT_MAX_BYTES, TOKEN_HEADER } from '../../electron/contract/contract.js';
import { send, type Reply } from '../helpers/web-request.js';
import { startTestWebServer, type TestWebServer } from '../helpers/web-server.js';

const MiB = 1024 * 1024;

describe('vmbench web: body limits', () => {
  let web: TestWebServer;
  beforeAll(async () => {
    web = await startTestWebServer('vmbench-web-limits-');
  });
  afterAll(() => web.close());
  const post = (channel: string, headers: Record<string, string>, body: string): Promise<Reply> =>
    send(
      web.server.port,
      'POST',
      `/api/${channel}`,
      { host: web.host, [TOKEN_HEADER]: web.server.token, 'content-type': 'application/json', ...headers },
      { body, keepOpen: true },
    );
  const error = (r: Reply): { code: string; message: string; ref: unknown } =>
    (JSON.parse(r.text) as { error: { code: string; message: string; ref: unknown } }).error;

  it('a declared length over 1 MiB is refused before the body comes: 413 naming the limit, and the connection closes', async () => {
    const r = await post('app.info', { 'content-length': String(MiB + 1) }, '{"args":[');
    expect(r.status).toBe(413);
    expect(r.headers.connection).toBe('close');
    expect(error(r)).toEqual({
      code: 'invalid-input',
      message: `Request body over the limit of ${MiB} bytes.`,
      ref: { key: 'errors.http.tooLarge', params: { max: MiB } },
    });
  });

  it('runs.import has its own, larger limit: twice the largest run file and 64 KiB', async () => {
    const max = 2 * IMPORT_MAX_BYTES + 64 * 1024;
    const r = await post('runs.import', { 'content-length': String(max + 1) }, '{"args":[');
    expect(r.status).toBe(413);
    expect(error(r).message).toBe(`Request body over the limit of ${max} bytes.`);
  });

  it('a body sent without a length is refused as soon as it passes 1 MiB, before the client has finished', async () => {
    const r = await post('app.info', { 'transfer-encoding': 'chunked' }, `{"args":["${'x'.repeat(MiB)}`);
    expect(r.status).toBe(413);
    expect(r.headers.connection).toBe('close');
    expect(error(r).message).toBe(`Request body over the limit of ${MiB} bytes.`);
  });
});
