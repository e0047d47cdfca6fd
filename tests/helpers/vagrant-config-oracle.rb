# Prints, as JSON, what Vagrant itself makes of the Vagrantfile in the current folder for one machine
# and provider: synced folders (guest path => declared type or null, disabled) and the provider's
# memory/cpus. Vagrant's own config loader is used; only the "is the provider installed" check is
# skipped, so that a VirtualBox or Hyper-V reading works on a host without them. Nothing is created.
# Usage: ruby -I<vagrant lib> vagrant-config-oracle.rb <machine> <provider>
require "json"
require "vagrant"
machine, provider = ARGV[0].to_sym, ARGV[1].to_sym
env = Vagrant::Environment.new(cwd: Dir.pwd)
Vagrant.plugin("2").manager.providers.each { |_name, (cls, _opts)| cls.define_singleton_method(:usable?) { |*_| true } }
config = env.vagrantfile.machine_config(machine, provider, env.boxes)[:config]
folders = config.vm.synced_folders.map { |id, o| [o[:guestpath] || id, { "type" => o[:type]&.to_s, "disabled" => !!o[:disabled], "hostpath" => o[:hostpath].to_s }] }.to_h
pc = config.vm.get_provider_config(provider)
size = ->(flag) {
  return nil unless pc.respond_to?(:customizations)
  hit = pc.customizations.map { |c| c[1] }.select { |cmd| cmd.is_a?(Array) && cmd.index(flag) }.last
  hit && hit[hit.index(flag) + 1].to_s
}
memory = pc.respond_to?(:memory) ? pc.memory : size.call("--memory")
cpus = pc.respond_to?(:cpus) ? pc.cpus : size.call("--cpus")
memory = size.call("--memory") if provider == :virtualbox
cpus = size.call("--cpus") if provider == :virtualbox
puts JSON.generate({ "folders" => folders, "memory" => memory&.to_s, "cpus" => cpus&.to_s })
