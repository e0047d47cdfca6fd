// Vagrantfiles with heredocs (provisioning scripts) that hold Vagrant-like lines, and the edits the
// product makes to them: shared by the scanner's unit test and the live `ruby -c` check.
import type { FileEdit } from '../../electron/engine/advisor/apply/file-edit.js';
import { editText } from '../../electron/engine/advisor/apply/file-edit.js';
import { setSyncedFolderType } from '../../electron/engine/advisor/apply/vagrantfile-edit.js';

/** A synced_folder statement as it appears inside the heredocs. */
export const FAKE = '    config.vm.synced_folder ".", "/vagrant", type: "virtualbox"';
/** Every heredoc form Ruby has, each holding a synced_folder line, and one real synced_folder statement. */
export const HEREDOC_VAGRANTFILE = [
  'Vagrant.configure("2") do |config|',
  '  config.vm.box = "debian/bookworm64"',
  '  config.vm.provision "shell", inline: <<~SHELL',
  FAKE,
  "    echo \"# not a comment\" 'it's'",
  '  SHELL',
  '  config.vm.provision "shell", inline: <<-EOS',
  FAKE,
  '    EOS',
  '  config.vm.provision "shell", inline: <<EOS',
  FAKE,
  '  EOS',
  FAKE,
  'EOS',
  '  config.vm.provision "shell", inline: <<~\'SHELL\' # a comment with <<~NOT',
  `${FAKE} # #{not interpolated}`,
  '  SHELL',
  '  config.vm.provision "shell", inline: [<<~ONE, <<~TWO].join("\\n")',
  FAKE,
  '  ONE',
  FAKE,
  '  TWO',
  '  greeting = "a #{"<<X"} b" # <<Y in a comment',
  '  list = []; list<<1',
  '  config.vm.synced_folder ".", "/vagrant", type: "virtualbox",',
  '    owner: "vagrant" # the real one',
  '  config.vm.provider :libvirt do |lv|',
  '    lv.cpus = 2',
  '  end',
  'end',
  '',
].join('\n');

/** The 0-based line of HEREDOC_VAGRANTFILE's real synced_folder statement. */
export const REAL = 24;

/** A Vagrantfile whose only synced_folder line is inside a heredoc. */
export const ONLY_IN_HEREDOC = ['Vagrant.configure("2") do |config|', '  config.vm.provision "shell", inline: <<~SHELL', FAKE, '  SHELL', 'end', ''].join('\n');

/** A Vagrantfile with a libvirt provider block written inside a heredoc, and the real one after it. */
export const PROVIDER_IN_HEREDOC = [
  'Vagrant.configure("2") do |config|',
  '  config.vm.provision "shell", inline: <<~SHELL',
  '    config.vm.provider :libvirt do |libvirt|',
  '    end',
  '  SHELL',
  '  config.vm.synced_folder ".", "/vagrant", type: "9p"',
  '  config.vm.provider :libvirt do |lv|',
  '  end',
  'end',
  '',
].join('\n');

/** The virtiofs edit of PROVIDER_IN_HEREDOC, with its provider line. */
export const PROVIDER_EDIT = {
  format: 'vagrantfile' as const,
  line: '',
  host: '.',
  guest: '/vagrant',
  type: 'virtiofs',
  providerLines: ['libvirt.memorybacking :access, :mode => "shared"'],
} satisfies FileEdit;

/** Each test file and what the product's editor makes of it, by name. */
export function heredocTextsAndEdits(): Record<string, string> {
  return {
    'every heredoc form': HEREDOC_VAGRANTFILE,
    'every heredoc form, folder made nfs': setSyncedFolderType(HEREDOC_VAGRANTFILE, '/vagrant', '.', 'nfs'),
    'folder only in a heredoc, folder made nfs': setSyncedFolderType(ONLY_IN_HEREDOC, '/vagrant', '.', 'nfs'),
    'provider block in a heredoc, virtiofs': editText(PROVIDER_IN_HEREDOC, PROVIDER_EDIT),
  };
}
