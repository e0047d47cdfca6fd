// The one mount-table reader (electron/engine/guest/mounts.ts) on real /proc/mounts captures: a Vagrant
// machine's, read through `vagrant ssh -c` (tests/fixtures/runtimes/vagrant/SOURCES.txt), and the libvirt test
// guest's, read through its QEMU guest agent with a 9p share and mount points whose names need the kernel's
// octal escapes (tests/fixtures/runtimes/libvirt/SOURCES.txt). What Vagrant's confirm and libvirt's
// detection make of them: the filesystem at a synced folder, the 9p/virtiofs shares.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { mountAt, parseMounts, unescapeMountField } from '../../electron/engine/guest/mounts.js';
import { parseShareMounts } from '../../electron/engine/runtimes/libvirt/guest-agent.js';
import { local } from '../helpers/runtimes-stubs.js';

const VAGRANT = readFileSync(local('vagrant/proc-mounts.libvirt-9p-debian12.txt'), 'utf8');

describe('what is really mounted in a Vagrant guest (captured /proc/mounts)', () => {
  const mounts = parseMounts(VAGRANT);

  it('reads every line of the table, both 9p synced folders and the root filesystem among them', () => {
    expect(mounts).toHaveLength(VAGRANT.trim().split('\n').length);
    expect(mounts).toContainEqual({ source: 'b49a096334c47bcfc6db3511dbbb0c5', path: '/vagrant', fstype: '9p' });
    expect(mounts).toContainEqual({ source: '48ce667efaa215566b9a17dfab7229b', path: '/srv/data', fstype: '9p' });
    expect(mounts).toContainEqual({ source: '/dev/vda', path: '/', fstype: 'ext4' });
    expect(mountAt(mounts, '/vagrant/')).toEqual({ fstype: '9p', mounted: true });
  });

  it('says when a folder is not a mount of its own (an rsync copy lives on the guest disk)', () => {
    expect(mountAt(mounts, '/home/vagrant/code')).toEqual({ fstype: 'ext4', mounted: false });
    expect(mountAt(mounts, '/vagrant/sub/dir')).toEqual({ fstype: '9p', mounted: false });
  });

  it('gives libvirt detection the 9p shares by their mount tags', () => {
    expect(parseShareMounts(VAGRANT)).toEqual([
      { tag: 'b49a096334c47bcfc6db3511dbbb0c5', path: '/vagrant', fstype: '9p' },
      { tag: '48ce667efaa215566b9a17dfab7229b', path: '/srv/data', fstype: '9p' },
    ]);
  });
});

describe('octal escapes', () => {
  it('decodes a space, a tab, a newline and a backslash, and leaves other backslashes alone', () => {
    expect(unescapeMountField('/srv/my\\040code\\011x\\012y\\134z')).toBe('/srv/my code\tx\ny\\z');
    expect(unescapeMountField('/srv/a\\08')).toBe('/srv/a\\08');
    expect(parseMounts('tag /srv/my\\040code 9p rw 0 0\n')).toEqual([{ source: 'tag', path: '/srv/my code', fstype: '9p' }]);
  });
});

const GUEST = readFileSync(local('libvirt/proc-mounts.test-guest-9p-escapes.txt'), 'utf8');

describe('what is really mounted in the libvirt test guest (captured /proc/mounts, names that need escapes)', () => {
  const mounts = parseMounts(GUEST);

  it('decodes the octal escapes the kernel wrote for a space, a tab and a backslash, in sources and mount points', () => {
    expect(mounts).toHaveLength(GUEST.trim().split('\n').length);
    expect(mounts).toContainEqual({ source: 'vmbench src', path: '/mnt/vmbench space', fstype: 'tmpfs' });
    expect(mounts).toContainEqual({ source: 'tmpfs', path: '/mnt/tab\tand\\back', fstype: 'tmpfs' });
    expect(mountAt(mounts, '/mnt/vmbench space/work')).toEqual({ fstype: 'tmpfs', mounted: false });
    expect(mountAt(mounts, '/mnt/tab\tand\\back')).toEqual({ fstype: 'tmpfs', mounted: true });
    expect(mountAt(mounts, '/mnt/vmbench')).toEqual({ fstype: 'ext4', mounted: false });
  });

  it('gives libvirt detection the one 9p share by its tag, and where it is mounted', () => {
    expect(parseShareMounts(GUEST)).toEqual([{ tag: 'vmbench-share', path: '/mnt/host', fstype: '9p' }]);
    expect(mountAt(mounts, '/mnt/host/')).toEqual({ fstype: '9p', mounted: true });
  });
});
