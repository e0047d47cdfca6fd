/**
 * Every credential form (redact.ts CREDENTIAL_PATTERNS), placed in an endpoint, an error text and a
 * setting of a run, reaches no export: Markdown, CSV and JSON of the run, its share card, the
 * before/after card and the comparison's Markdown, CSV and JSON.
 * The key material below is made up (the AWS ids are AWS's documented examples).
 */
import { describe, expect, it } from 'vitest';
import { compareRuns } from '../../electron/engine/compare.js';
import { exportComparison, exportRun, redactText, renderCardSvg, type RedactContext } from '../../electron/engine/report/index.js';
import type { Run } from '../../electron/contract/contract.js';
import { makeRun, result } from '../helpers/make-run.js';

const ctx: RedactContext = { home: '/home/someone', user: 'someone', host: 'elsewhere' };

const JWT = 'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiJ6cTdib2IiLCJuYW1lIjoiWnE3In0.Zq7SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJVadQssw5c';

/** Each form: a text carrying it, and the parts of it no export may show. */
const FORMS: { form: string; text: string; parts: string[] }[] = [
  { form: 'a bearer JWT header', text: `Authorization: Bearer ${JWT}`, parts: JWT.split('.') },
  { form: 'a bearer opaque token', text: 'authorization: bearer zq7OpaqueBearerToken0123456789', parts: ['zq7OpaqueBearerToken'] },
  { form: 'a basic authorization header', text: 'Authorization: Basic em9sdGFucTpCYXNpY1B3Nw==', parts: ['em9sdGFucTpCYXNpY1B3Nw'] },
  { form: 'a bare JWT', text: `the session ${JWT} expired`, parts: JWT.split('.') },
  { form: 'an AWS access key id (AKIA)', text: 'as AKIAIOSFODNN7EXAMPLE in us-east-1', parts: ['IOSFODNN7EXAMPLE'] },
  { form: 'an AWS temporary key id (ASIA)', text: 'key=ASIAY34FZKBOKMUTVV7A,', parts: ['Y34FZKBOKMUTVV7A'] },
  {
    form: 'a labelled AWS secret key (ini)',
    text: 'aws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
    parts: ['wJalrXUtnFEMI', 'bPxRfiCYEXAMPLEKEY'],
  },
  {
    form: 'a labelled AWS secret key (env)',
    text: 'AWS_SECRET_ACCESS_KEY=wJalrXUtnFEMI/K7MDENG/bPxRfiCYZQ7SECRET',
    parts: ['wJalrXUtnFEMI', 'bPxRfiCYZQ7SECRET'],
  },
  {
    form: 'a labelled AWS secret key (JSON)',
    text: '{"AccessKeyId": "ASIAY34FZKBOKMUTVV7A", "SecretAccessKey": "Zq7/SecretAccessKeyMaterial+0123456789ab"}',
    parts: ['Y34FZKBOKMUTVV7A', 'SecretAccessKeyMaterial'],
  },
  {
    form: 'GCP service-account key JSON',
    text: '{"type": "service_account", "project_id": "demo", "private_key_id": "3f1c9a7e5b2d4c6e8a0bzq71c2d3e4f5a6b7c8d9e", "private_key": "-----BEGIN PRIVATE KEY-----\\nMIIEvQZq7FakeServiceAccountKeyLineOne\\nZq7FakeLineTwo==\\n-----END PRIVATE KEY-----\\n"}',
    parts: ['3f1c9a7e5b2d4c6e8a0bzq7', 'MIIEvQZq7FakeServiceAccountKey', 'Zq7FakeLineTwo'],
  },
  {
    form: 'an Azure connection string',
    text: 'DefaultEndpointsProtocol=https;AccountName=zq7store;AccountKey=Zq7AzureKeyMaterial0123456789abcdef+/AB==;EndpointSuffix=core.windows.net',
    parts: ['Zq7AzureKeyMaterial'],
  },
  {
    form: 'an Azure shared access signature',
    text: 'BlobEndpoint=https://zq7store.blob.core.windows.net/;SharedAccessSignature=sv=2021-06-08&ss=b&srt=co&sp=rl&se=2026-01-01&sig=Zq7SasSignature0123%3D',
    parts: ['Zq7SasSignature', 'sp=rl&se='],
  },
  {
    form: 'a PEM private key block',
    text: 'key: -----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEZq7FakeOpenSshKeyLine\nZq7SecondFakeLine=\n-----END OPENSSH PRIVATE KEY-----\n',
    parts: ['b3BlbnNzaC1rZXktdjEZq7', 'Zq7SecondFakeLine'],
  },
  { form: 'an smb:// share without credentials', text: 'smb://filer9q.corp.example/share', parts: ['filer9q'] },
  { form: 'a cifs:// share without credentials', text: 'mounted cifs://nas7q/x', parts: ['nas7q'] },
];

/** A run with `text` in an endpoint setting, an error text and a setting of its target (and a setting that names a host). */
function runWith(id: string, text: string, settings: Record<string, unknown> = {}): Run {
  const run = makeRun(id, '2026-11-21T10:00:00.000Z', [result('seq-write', 'native', { write_MBps: [100, 110, 120] })]);
  run.targets.push({
    id: 'docker:desktop',
    runtime: 'docker-desktop',
    label: 'Docker Desktop',
    settings: { endpoint: `https://registry.example.com/v2/ ${text}`, extraArgs: text, ...settings },
    probe: null,
    results: [result('seq-write', 'shared', { write_MBps: [50, 55, 60] })],
    errors: [{ test: 'seq-write', place: 'guest', code: 'failed', message: `pull failed: ${text}` }],
    status: 'partial',
  });
  return run;
}

/** Every face a run or a comparison is shown in, as text. */
function faces(run: Run): Record<string, string> {
  const other = runWith('2026-11-21T11-00-00-local', 'none', {
    endpoint: 'unix:///var/run/docker.sock',
    extraArgs: 'none',
    remoteHost: 'localhost',
    apiKey: 'none',
  });
  const cmp = compareRuns(run, other);
  expect(cmp.settings.length).toBeGreaterThan(0);
  const out: Record<string, string> = {};
  for (const f of ['md', 'csv', 'json'] as const) out[f] = exportRun(run, f, ctx).content;
  out.card = renderCardSvg(run, { redact: ctx });
  out.compareCard = renderCardSvg(run, { redact: ctx, compare: cmp });
  for (const f of ['md', 'csv', 'json'] as const) out[`compare ${f}`] = exportComparison(cmp, f, ctx).content;
  return out;
}

const leaksIn = (all: Record<string, string>, parts: string[]): string[] =>
  Object.entries(all).flatMap(([face, text]) => parts.filter((p) => text.toLowerCase().includes(p.toLowerCase())).map((p) => `${face}: ${p}`));

describe('credentials in an endpoint, an error text and a setting reach no export', () => {
  it.each(FORMS)('$form', ({ text, parts }) => {
    expect(leaksIn(faces(runWith('2026-11-21T10-00-00-local', text)), parts)).toEqual([]);
  });

  it('a fully qualified host name in a setting that names a host', () => {
    const run = runWith('2026-11-21T10-00-00-local', 'none', {
      remoteHost: 'build-box.corp.example',
      dockerHost: 'ssh-free build-box.corp.example:2376',
      registry_server: 'https://build-box.corp.example/v2/',
    });
    run.targets[1].settings.endpoint = 'https://build-box.corp.example:2376';
    expect(leaksIn(faces(run), ['build-box', 'corp.example'])).toEqual([]);
  });

  it('settings named apiKey, api_key, token, secret and password are redacted by their name', () => {
    const names = {
      apiKey: 'Zq7Plain1',
      api_key: 'Zq7Plain2',
      token: 'Zq7Plain3',
      secret: 'Zq7Plain4',
      password: 'Zq7Plain5',
      nested: { token: ['Zq7Plain6'], secret: { v: 'Zq7Plain7' } },
    };
    const all = faces(runWith('2026-11-21T10-00-00-local', 'none', names));
    expect(leaksIn(all, ['Zq7Plain'])).toEqual([]);
    expect(all.json).toContain('"apiKey": "<credentials>"');
    expect(all['compare json']).toMatch(/"setting": "apiKey",\s*"a": "<credentials>"/);
  });
});

describe('what the patterns leave', () => {
  it('keeps the label and says what went', () => {
    expect(redactText(`Authorization: Bearer ${JWT}`, ctx)).toBe('Authorization: Bearer <credentials>');
    expect(redactText('Authorization: Basic em9sdGFucTpCYXNpY1B3Nw==', ctx)).toBe('Authorization: Basic <credentials>');
    expect(redactText('AKIAIOSFODNN7EXAMPLE', ctx)).toBe('<credentials>');
    expect(redactText('AccountName=zq7store;AccountKey=abc+/d==;EndpointSuffix=core.windows.net', ctx)).toBe(
      'AccountName=zq7store;AccountKey=<credentials>;EndpointSuffix=core.windows.net',
    );
    expect(redactText('a\n-----BEGIN EC PRIVATE KEY-----\nAAAA\n-----END EC PRIVATE KEY-----\nb', ctx)).toBe('a\n<private key>\nb');
    expect(redactText('smb://filer9q/share and cifs://nas7q/x', ctx)).toBe('smb://<host>/share and cifs://<host>/x');
  });

  it('leaves look-alikes that are no credential', () => {
    for (const s of ['virtiofs 1.2.3 9p', 'Bearer of news', 'AKIA-style ids are 20 characters', 'https://docs.docker.com/desktop/settings/', 'eyJ alone']) {
      expect(redactText(s, ctx)).toBe(s);
    }
  });
});
