import { describe, expect, it } from 'vitest';
import type { TestError } from '../../electron/contract/contract.js';
import { groupTargetErrors } from '../../electron/messages/error-groups.js';

const err = (test: TestError['test'], place: TestError['place'], code = 'image-build-failed', message = 'could not build its benchmark image'): TestError =>
  ({ test, place, code, message }) as TestError;

describe('groupTargetErrors', () => {
  it('counts each failed step once: a headline pass and the full-length test of the same place failing alike are one step', () => {
    const groups = groupTargetErrors({
      errors: [
        err('seq-write', 'shared'),
        err('seq-write', 'guest'),
        err('seq-write', 'volume'),
        err('seq-write', 'shared'),
        err('seq-write', 'guest'),
        err('seq-write', 'volume'),
      ],
    });
    expect(groups).toHaveLength(1);
    expect(groups[0].count).toBe(3);
    expect(groups[0].steps.map((s) => s.place)).toEqual(['shared', 'guest', 'volume']);
  });

  it('keeps causes apart and puts the most frequent first', () => {
    const groups = groupTargetErrors({
      errors: [err('rand-read', 'native', 'tool-missing', 'fio is not installed'), err('seq-write', 'shared'), err('seq-read', 'shared')],
    });
    expect(groups.map((g) => [g.code, g.count])).toEqual([
      ['image-build-failed', 2],
      ['tool-missing', 1],
    ]);
  });
});
