import { join } from 'node:path';
import type { RuntimeInfo } from '../../../contract.js';
import type { Rule } from '../types.js';
import { EVIDENCE } from '../evidence.js';
import { lineDiff } from '../diff.js';
import { isKind, text } from '../types.js';
import { weighBy } from '../weigh.js';

/** Synced-folder types that the seed measured as slow against NFS. */
const SLOW = ['vboxsf', 'vmhgfs', 'smb'];

interface Folder {
  hostPath?: string;
  guestPath?: string;
  type?: string;
  disabled?: boolean;
}

function mainFolder(rt: RuntimeInfo): Folder {
  const list = Array.isArray(rt.settings.syncedFolders) ? (rt.settings.syncedFolders as Folder[]) : [];
  return list.find((f) => f && !f.disabled && f.type === text(rt, 'mountType')) ?? { hostPath: '.', guestPath: '/vagrant' };
}

/** Vagrant: NFS synced folders (rsync for read-mostly trees) instead of the provider's shared folders. */
export const vagrantSyncedFolder: Rule = {
  setting: 'mountType',
  applies: (rt) => isKind(rt, 'vagrant') && SLOW.includes(text(rt, 'mountType') ?? ''),
  draft: (rt) => {
    const f = mainFolder(rt);
    const host = f.hostPath ?? '.';
    const guest = f.guestPath ?? '/vagrant';
    const path = join(text(rt, 'machineHome') ?? '.', 'Vagrantfile');
    const declared = rt.settingsSource?.mountType === 'file';
    return {
      current: text(rt, 'mountType'),
      recommended: 'nfs',
      severity: 'high',
      evidence: EVIDENCE.vagrant,
      risk: 'NFS needs an NFS server on the host (macOS/Linux; not Windows) and sudo for /etc/exports; file ownership maps by uid. For read-mostly trees use type: "rsync" (one-way, run `vagrant rsync-auto`). Run `vagrant reload` afterwards.',
      apply: {
        kind: 'file',
        path,
        diff: lineDiff(
          path,
          declared ? [`  config.vm.synced_folder "${host}", "${guest}", type: "${text(rt, 'mountType')}"`] : [],
          [`  config.vm.synced_folder "${host}", "${guest}", type: "nfs"`],
          'Vagrant.configure("2") do |config|',
        ),
      },
    };
  },
  weigh: weighBy('mountType', { test: 'seq-write', place: 'shared', metric: 'write_MBps', unit: 'MB/s', againstNative: true }),
};
