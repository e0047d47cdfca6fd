import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { ProbeInfo, RuntimeInfo } from '../../electron/contract/contract.js';
import { installCommand } from '../../src/lib/install-command';
import { settingLabel, settingValue, sourceWords } from '../../src/lib/setting-labels';
import { FioMissing } from '../../src/views/environments/fio-missing';
import { SettingsChanges } from '../../src/views/compare/settings-changes';
import { SettingsList } from '../../src/views/environments/settings-list';
import { englishLeft, inLang } from '../helpers/in-lang.js';

const probe = (os: string, fio: string | null): ProbeInfo => ({ os, kernel: '6.1', arch: 'x86_64', cpus: 2, memMiB: 4096, tools: { fio }, mounts: [] });

describe('settings in words', () => {
  it('labels keys and values as a person reads them', () => {
    expect(settingLabel('memoryMiB')).toBe('Memory');
    expect(settingValue('memoryMiB', 6144)).toBe('6 GiB');
    expect(settingLabel('vmType')).toBe('VM type');
    expect(settingValue('vmType', 'qemu')).toBe('QEMU');
    expect(settingValue('rosetta', true)).toBe('On');
    // Unknown keys and values stay as they are.
    expect(settingLabel('somethingNew')).toBe('somethingNew');
    expect(settingValue('vmType', 'future-vm')).toBe('future-vm');
  });

  it('shows the label with the key as tooltip, and the source in words', () => {
    const rt = {
      id: 'lima:default',
      kind: 'lima',
      name: 'Lima default',
      version: null,
      state: 'running',
      settings: { memoryMiB: 6144, vmType: 'qemu' },
      settingsSource: { memoryMiB: 'file', vmType: 'default' },
      active: { vmType: 'vz' },
      targets: [],
      findings: [],
    } satisfies RuntimeInfo;
    const html = renderToStaticMarkup(<SettingsList runtime={rt} />);
    expect(html).toContain('<dt title="Its name in vmbench detect --json: memoryMiB">Memory</dt>');
    expect(html).toContain('6 GiB');
    expect(html).toContain('from settings file');
    expect(html).toContain('title="Not set anywhere: this is the runtime’s default.">default</span>');
    expect(html).toContain('but active in the guest: <span>Apple Virtualization (vz)</span>');
  });
  it('says whether a Vagrant value was read from the Vagrantfile or reported by the provider, and shows an unknown value with its expression', () => {
    const settings = { cpus: 2, memoryMiB: "unknown: vvv_config['vm_config']['memory']", mountType: 'vboxsf' };
    const rt: RuntimeInfo = {
      id: 'vagrant:abc',
      kind: 'vagrant',
      name: 'Vagrant',
      version: null,
      state: 'stopped',
      settings,
      settingsSource: { cpus: 'provider', memoryMiB: 'vagrantfile', mountType: 'default' },
      targets: [],
      findings: [],
    };
    const html = renderToStaticMarkup(<SettingsList runtime={rt} />);
    expect(html).toContain(
      'class="source source-provider" title="Reported by the VM provider for the machine as it exists (VBoxManage, virsh, prlctl or the .vmx file).">reported by provider</span>',
    );
    expect(html).toContain('class="source source-vagrantfile"');
    expect(html).toContain('>from Vagrantfile</span>');
    expect(html).toContain('<span class="setting-value">unknown: vvv_config[&#x27;vm_config&#x27;][&#x27;memory&#x27;]</span>');
  });
});

describe('settings in Japanese', () => {
  it('names settings, worded values and sources in Japanese; product names, sizes and unknown keys stay as they are', () => {
    expect(settingLabel('memoryMiB', 'ja')).toBe('メモリー');
    expect(settingLabel('vmType', 'ja')).toBe('VM の種類');
    expect(settingValue('rosetta', true, 'ja')).toBe('オン');
    expect(settingValue('kubernetesEnabled', false, 'ja')).toBe('オフ');
    expect(settingValue('guestKind', 'container', 'ja')).toBe('コンテナー（ホストのカーネルを共有）');
    expect(settingValue('mountType', 'osxfs', 'ja')).toBe('osxfs（旧方式）');
    expect(settingValue('vmType', 'qemu', 'ja')).toBe('QEMU');
    expect(settingValue('memoryMiB', 6144, 'ja')).toBe('6 GiB');
    expect(settingLabel('somethingNew', 'ja')).toBe('somethingNew');
    expect(sourceWords('default', 'ja')).toEqual({ chip: 'デフォルト', long: 'どこにも設定されていないため、ランタイムのデフォルト値です。' });
    expect(sourceWords('vagrantfile', 'en')?.chip).toBe('from Vagrantfile');
    // A source a newer engine might send has no chip rather than a raw key.
    expect(sourceWords('future' as never, 'ja')).toBeNull();
  });

  it('the settings list follows the page language: labels, values, source chips and their tooltips', () => {
    const rt: RuntimeInfo = {
      id: 'lima:default',
      kind: 'lima',
      name: 'Lima default',
      version: null,
      state: 'running',
      settings: { memoryMiB: 6144, vmType: 'qemu', rosetta: false, mountType: 'reverse-sshfs' },
      settingsSource: { memoryMiB: 'file', vmType: 'default', rosetta: 'cli', mountType: 'guest' },
      active: { vmType: 'vz' },
      targets: [],
      findings: [],
    };
    const ja = inLang('ja', () => renderToStaticMarkup(<SettingsList runtime={rt} />));
    expect(ja).toContain('<dt title="vmbench detect --json での名前: memoryMiB">メモリー</dt>');
    expect(ja).toContain('title="ランタイムの設定ファイルから読み取った値です。">設定ファイルから</span>');
    expect(ja).toContain('>デフォルト</span>');
    expect(ja).toContain('>CLI の報告</span>');
    expect(ja).toContain('>ゲスト内で確認</span>');
    expect(ja).toContain('<span class="setting-value">オフ</span>');
    expect(ja).toContain('ただしゲストでの実際の値: <span>Apple Virtualization (vz)</span>');
    expect(
      englishLeft(ja, ['Memory', 'VM type', 'from settings file', 'default<', 'reported by CLI', 'seen in guest', 'Off', 'Read from', 'Not set anywhere']),
    ).toEqual([]);
  });
});

describe('missing fio', () => {
  it('says what falls back and gives the install command of the OS', () => {
    const html = renderToStaticMarkup(<FioMissing probe={probe('macOS 14.5', null)} />);
    expect(html).toContain('fall back to dd (throughput only, no latency percentiles)');
    expect(html).toContain('random reads (4k IOPS and latency) are skipped');
    expect(html).toContain('<code data-testid="fio-install">brew install fio</code>');
    expect(renderToStaticMarkup(<FioMissing probe={probe('Debian GNU/Linux 12 (bookworm)', '3.33')} />)).toBe('');
    expect(renderToStaticMarkup(<FioMissing probe={probe('Plan 9', null)} />)).toContain('with your system’s package manager');
  });

  it('knows the package managers', () => {
    expect(installCommand('Debian GNU/Linux 12 (bookworm)', 'fio')).toBe('sudo apt-get install fio');
    expect(installCommand('Ubuntu 24.04.1 LTS', 'fio')).toBe('sudo apt-get install fio');
    expect(installCommand('Fedora Linux 40 (Workstation Edition)', 'fio')).toBe('sudo dnf install fio');
    expect(installCommand('Alpine Linux v3.20', 'fio')).toBe('sudo apk add fio');
    expect(installCommand('Arch Linux', 'fio')).toBe('sudo pacman -S fio');
    expect(installCommand('macOS 15.1', 'fio')).toBe('brew install fio');
    expect(installCommand('Plan 9', 'fio')).toBeNull();
  });

  it("Compare's changed settings are named and worded as the settings list does, the key only in the tooltip", () => {
    const changes = [
      { target: 'libvirt:web', setting: 'diskIo', a: 'default', b: 'io_uring' },
      { target: 'lima:test', setting: 'memoryMiB', a: 4096, b: 6144 },
    ];
    const ja = inLang('ja', () => renderToStaticMarkup(<SettingsChanges changes={changes} />));
    expect(ja).toContain('<td title="vmbench detect --json での名前: diskIo">ディスク I/O モード</td>');
    expect(ja).toContain('<td title="vmbench detect --json での名前: memoryMiB">メモリー</td><td class="mono">4 GiB</td><td class="mono">6 GiB</td>');
    expect(ja).not.toMatch(/>(diskIo|memoryMiB)</);
    const en = inLang('en', () => renderToStaticMarkup(<SettingsChanges changes={changes} />));
    expect(en).toContain('<td title="Its name in vmbench detect --json: diskIo">Disk I/O mode</td><td class="mono">default</td><td class="mono">io_uring</td>');
  });
});
