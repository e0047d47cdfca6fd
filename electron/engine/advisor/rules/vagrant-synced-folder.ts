import { join } from 'node:path';
import type { RuntimeInfo } from '../../../contract/contract.js';
import type { Rule } from '../rule-kit/types.js';
import { ev } from '../rule-kit/evidence.js';
import { msg } from '../../../messages/finding-text.js';
import { lineDiff } from '../rule-kit/diff.js';
import { isKind, text } from '../rule-kit/types.js';
import { weighBy } from '../rule-kit/weigh.js';

/** Synced-folder types that the Vagrant article in docs/evidence.md measured as slow against NFS. */
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

/** vagrant-libvirt's 9p synced folder, which virtiofs replaces (it also needs shared guest memory). */
const onLibvirt9p = (rt: RuntimeInfo): boolean => text(rt, 'provider') === 'libvirt' && text(rt, 'mountType') === '9p';

/** The memory settings virtiofs needs in the libvirt provider block (vagrant-libvirt's README: memfd, shared). */
export const VIRTIOFS_MEMORY_LINES = ['    libvirt.memorybacking :source, :type => "memfd"', '    libvirt.memorybacking :access, :mode => "shared"'];

/**
 * Vagrant synced folders against the evidence: NFS (rsync for read-mostly trees) instead of the
 * provider's own shared folders (vboxsf, vmhgfs, smb); on vagrant-libvirt, virtiofs instead of 9p.
 * Either way a Vagrantfile change, shown as a diff against the real file, then `vagrant reload`.
 */
export const vagrantSyncedFolder: Rule = {
  setting: 'mountType',
  applies: (rt) => isKind(rt, 'vagrant') && (SLOW.includes(text(rt, 'mountType') ?? '') || onLibvirt9p(rt)),
  draft: (rt) => {
    const f = mainFolder(rt);
    const host = f.hostPath ?? '.';
    const guest = f.guestPath ?? '/vagrant';
    const path = join(text(rt, 'machineHome') ?? '.', 'Vagrantfile');
    const declared = rt.settingsSource?.mountType === 'vagrantfile' || rt.settingsSource?.mountType === 'file';
    const before = declared ? [`  config.vm.synced_folder "${host}", "${guest}", type: "${text(rt, 'mountType')}"`] : [];
    if (onLibvirt9p(rt)) {
      return {
        current: '9p',
        recommended: 'virtiofs',
        severity: 'medium',
        text: { evidence: [ev('ninep'), msg('measureHere')], risk: [msg('rule.vagrantSyncedFolder.riskVirtiofs')] },
        apply: {
          kind: 'file',
          path,
          diff: lineDiff(
            path,
            before,
            [`  config.vm.synced_folder "${host}", "${guest}", type: "virtiofs"`, ...VIRTIOFS_MEMORY_LINES],
            'Vagrant.configure("2") do |config|',
          ),
        },
      };
    }
    return {
      current: text(rt, 'mountType'),
      recommended: 'nfs',
      severity: 'high',
      text: { evidence: [ev('vagrant')], risk: [msg('rule.vagrantSyncedFolder.risk')] },
      apply: {
        kind: 'file',
        path,
        diff: lineDiff(path, before, [`  config.vm.synced_folder "${host}", "${guest}", type: "nfs"`], 'Vagrant.configure("2") do |config|'),
      },
    };
  },
  weigh: weighBy('mountType', { test: 'seq-write', place: 'shared', metric: 'write_MBps', unit: 'MB/s', againstNative: true }),
};
