import { describe, expect, it } from 'vitest';
import { fmtValue } from '../../src/lib/format.js';

describe('fmtValue (settings shown on runtime cards)', () => {
  it('shows scalars as they are and absent values as a dash', () => {
    expect(fmtValue('virtiofs')).toBe('virtiofs');
    expect(fmtValue(4)).toBe('4');
    expect(fmtValue(null)).toBe('—');
    expect(fmtValue([])).toBe('—');
  });
  it('shows a list of records one readable line each, skipping empty fields', () => {
    const disks = [
      { target: 'vda', bus: 'virtio', io: 'io_uring', cache: null },
      { target: 'sda', bus: 'sata', io: '' },
    ];
    expect(fmtValue(disks)).toBe('target=vda · bus=virtio · io=io_uring\ntarget=sda · bus=sata');
    expect(fmtValue([{ hostPath: '.', guestPath: '/vagrant', options: { nfs_version: 4 } }])).toBe(
      'hostPath=. · guestPath=/vagrant · options={"nfs_version":4}',
    );
  });
});
