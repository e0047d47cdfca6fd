/**
 * Ruby's own parser (`ruby -c`) accepts the heredoc Vagrantfiles of the scanner's unit test and every
 * edit the product makes to them (tests/unit/vagrantfile-heredoc.test.ts checks what the edits are).
 * Live lane: ruby comes with Vagrant's packages.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { heredocTextsAndEdits } from '../helpers/heredoc-vagrantfiles.js';

const dir = mkdtempSync(join(tmpdir(), 'vmbench-heredoc-ruby-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('heredoc Vagrantfiles and their edits are valid Ruby', () => {
  it.each(Object.entries(heredocTextsAndEdits()))('%s', (name, text) => {
    const file = join(dir, `${name.replace(/\W+/g, '-')}.Vagrantfile`);
    writeFileSync(file, text);
    expect(execFileSync('ruby', ['-c', file], { encoding: 'utf8' })).toMatch(/Syntax OK/);
  });
});
