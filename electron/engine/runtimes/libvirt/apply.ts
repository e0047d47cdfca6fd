import type { ApplyPlan, ApplyResult, Finding, RuntimeInfo } from '../../../contract/contract.js';
import { msg } from '../../../messages/finding-text.js';
import { engineError, engineMessage, whyOf } from '../../util/errors.js';
import { run } from '../../util/exec.js';
import { domainName } from './domain-xml.js';
import { backupDirFor, backupDirOf, writeBackup } from '../../apply-kit/backup.js';
import { editDomainXml, libvirtEditFor, readEdit, type LibvirtEdit } from './apply-edit.js';
import { APPLY_TIMEOUT_MS, checkSource, sourceHashOf, withNoteRefs, type ApplyOptions, type RestartOffer } from '../../apply-kit/types.js';
import { unifiedDiff } from '../../apply-kit/unified-diff.js';

const C_LOCALE = { LC_ALL: 'C', LANG: 'C' };

interface Ctx {
  uri: string;
  dom: string;
  edit: LibvirtEdit;
}

function context(finding: Finding, rt: RuntimeInfo): Ctx {
  const edit = libvirtEditFor(finding.setting, finding.recommended);
  if (!edit) throw engineError('invalid-input', 'errors.libvirtManual', { id: finding.id, domain: domainName(rt) });
  const uri = typeof rt.settings.libvirtUri === 'string' ? rt.settings.libvirtUri : 'qemu:///system';
  return { uri, dom: checkDomainName(domainName(rt)), edit };
}

/** A libvirt domain name is data: refused when it holds a slash or a control character (it could never be a file name). */
export function checkDomainName(name: string): string {
  if (!name || name.length > 200 || /[/\\\u0000-\u001f\u007f-\u009f]/.test(name)) {
    throw engineError('invalid-input', 'errors.apply.badDomainName', { name: JSON.stringify(name) });
  }
  return name;
}

async function virsh(args: string[], opts: ApplyOptions): Promise<string> {
  const env = { ...(opts.env ?? process.env), ...C_LOCALE };
  return (await run('virsh', args, { timeoutMs: APPLY_TIMEOUT_MS, signal: opts.signal, env })).stdout;
}

function restartOffer(c: Ctx): RestartOffer {
  const { message: why, messageRef: whyRef } = engineMessage('errors.restartWhy.libvirt', { uri: c.uri, domain: c.dom });
  return { argv: ['virsh', '-c', c.uri, 'shutdown', '--', c.dom], why, whyRef };
}

/** The plan for a libvirt finding: a real diff of the current persistent XML. */
export async function planLibvirt(finding: Finding, rt: RuntimeInfo, opts: ApplyOptions): Promise<ApplyPlan> {
  const c = context(finding, rt);
  const before = await virsh(['-c', c.uri, 'dumpxml', '--inactive', '--', c.dom], opts);
  const after = editDomainXml(before, c.edit);
  return {
    findingId: finding.id,
    runtimeId: rt.id,
    kind: 'libvirt',
    argv: [
      ['virsh', '-c', c.uri, 'dumpxml', '--inactive', '--', c.dom],
      ['virsh', '-c', c.uri, 'define', '--', '<edited XML>'],
    ],
    path: `${c.dom}.xml`,
    diff: unifiedDiff(`${c.dom}.xml`, before, after) || '(no change: the XML already has this value)',
    backupDir: backupDirFor(opts.dataDir, finding.id, opts.now),
    restart: restartOffer(c),
    ...withNoteRefs([engineMessage('errors.note.domainNotRestarted')]),
    sourceHash: sourceHashOf(before),
  };
}

/** Applies a libvirt finding: dumpxml backup, edit, define, verify; on failure defines the backup again. */
export async function applyLibvirt(finding: Finding, rt: RuntimeInfo, opts: ApplyOptions): Promise<ApplyResult> {
  const c = context(finding, rt);
  const dir = backupDirOf(opts, finding.id);
  const before = await virsh(['-c', c.uri, 'dumpxml', '--inactive', '--', c.dom], opts);
  checkSource(msg('errors.domainXmlOf', { id: c.dom }), before, opts);
  const backup = await writeBackup(dir, 'domain.xml', before);
  const after = editDomainXml(before, c.edit);
  const edited = await writeBackup(dir, 'domain.new.xml', after);
  try {
    await virsh(['-c', c.uri, 'define', '--', edited], opts);
    await opts.afterChange?.();
    const now = await virsh(['-c', c.uri, 'dumpxml', '--inactive', '--', c.dom], opts);
    const got = readEdit(now, c.edit);
    if (got !== c.edit.value)
      throw got === undefined
        ? engineError('internal', 'errors.apply.xmlMissing', { want: c.edit.value })
        : engineError('internal', 'errors.apply.xmlMismatch', { got, want: c.edit.value });
  } catch (err) {
    const why = whyOf(err);
    try {
      await virsh(['-c', c.uri, 'define', '--', backup], opts);
    } catch (e2) {
      return {
        findingId: finding.id,
        ok: false,
        rolledBack: false,
        backupDir: dir,
        ...engineMessage('errors.apply.xmlRestoreFailed', { why, backup, error: (e2 as Error).message }),
      };
    }
    return { findingId: finding.id, ok: false, rolledBack: true, backupDir: dir, ...engineMessage('errors.apply.xmlRestored', { why, backup }) };
  }
  const done = engineMessage('errors.apply.done', { where: c.dom, setting: finding.setting, value: c.edit.value, backup });
  return { findingId: finding.id, ok: true, rolledBack: false, backupDir: dir, ...done, restart: restartOffer(c) };
}
