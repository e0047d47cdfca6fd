import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../electron/contract/api-client.js';
import { errorText } from '../../electron/messages/error-text.js';
import { createHttpInvoke } from '../../src/api/http-invoke';

function answer(status: number, body: unknown): Response {
  return new Response(typeof body === 'string' ? body : JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

describe('http invoke', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('POSTs {args} as JSON to /api/<channel> and unwraps the envelope', async () => {
    const fetchMock = vi.fn(async () => answer(200, { ok: true, value: { cancelled: true } }));
    vi.stubGlobal('fetch', fetchMock);
    await expect(createHttpInvoke()('run.cancel', 'job-1')).resolves.toEqual({ cancelled: true });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/run.cancel');
    expect(init.method).toBe('POST');
    expect((init.headers as Record<string, string>)['content-type']).toBe('application/json');
    expect(JSON.parse(String(init.body))).toEqual({ args: ['job-1'] });
  });

  it('sends the key of vmbench web on every call, and a 401 says to open the address it printed', async () => {
    const fetchMock = vi.fn(async () => answer(401, { ok: false, error: { code: 'invalid-input', message: 'no key' } }));
    vi.stubGlobal('fetch', fetchMock);
    const err = await createHttpInvoke('/api/', () => 'k3y')('detect').catch((e: unknown) => e);
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect((init.headers as Record<string, string>)['x-vmbench-token']).toBe('k3y');
    expect(err).toBeInstanceOf(ApiError);
    expect((err as Error).message).toMatch(/Open the address `vmbench web` printed/);
  });

  it('throws ApiError with the code and message of a failed envelope', async () => {
    vi.stubGlobal('fetch', async () => answer(200, { ok: false, error: { code: 'busy', message: 'a benchmark is already running' } }));
    const err = await createHttpInvoke()('detect').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ code: 'busy', message: 'a benchmark is already running' });
  });

  it('turns network failures and unreadable answers into ApiError', async () => {
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(createHttpInvoke()('detect')).rejects.toMatchObject({ code: 'internal', message: expect.stringMatching(/Cannot reach the vmbench engine/) });
    vi.stubGlobal('fetch', async () => answer(502, '<html>bad gateway</html>'));
    await expect(createHttpInvoke()('detect')).rejects.toMatchObject({ code: 'internal', message: expect.stringMatching(/502/) });
    // The page's own failures carry a reference too: the banner shows them in the page's language.
    const err = await createHttpInvoke()('detect').catch((e: unknown) => e);
    expect(err).toMatchObject({ message: 'The engine answered 502 without a readable body.', ref: { key: 'errors.unreadable', params: { status: '502' } } });
    expect(errorText(err, 'ja')).toBe('エンジンの応答（502）の本文を読めませんでした。');
  });
});
