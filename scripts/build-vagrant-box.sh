#!/bin/sh
# Builds the Vagrant box (libvirt provider) the Vagrant tests use, locally, from the test guest image
# of scripts/build-guest-image.sh (which already has sshd at boot, sudo and a `vagrant` user with
# Vagrant's insecure public key): no box is ever downloaded.
#
# A libvirt box is a tar of metadata.json ({"provider":"libvirt","format":"qcow2","virtual_size":GiB}),
# box.img (the qcow2 disk) and a Vagrantfile of defaults. The image has no bootloader: the test's
# Vagrantfile boots the kernel directly (libvirt.kernel / initrd / cmd_line), with the files this
# script lists in box.env.
#
# Output (cached while this script and the guest image are unchanged): $VMBENCH_GUEST_CACHE
# (default /var/cache/vmbench-test)/vagrant-box-<hash>/ with vmbench-test.box and box.env (KERNEL,
# INITRD, CMDLINE). Prints what it does on stderr and the folder as the last line on stdout.
set -eu

log() { echo "build-vagrant-box: $*" >&2; }
die() { log "error: $*"; exit 1; }

[ "$(id -u)" = 0 ] || die "must run as root (it builds the guest image first)"
exec </dev/null

here=$(cd "$(dirname "$0")" && pwd)
guest=$(sh "$here/build-guest-image.sh" | tail -n 1)
[ -f "$guest/disk.qcow2" ] || die "the guest image build gave no disk ($guest)"
hash=$(cat "$here/build-vagrant-box.sh" "$guest/.complete" | sha256sum | cut -c1-16)
cache=${VMBENCH_GUEST_CACHE:-/var/cache/vmbench-test}
out=$cache/vagrant-box-$(basename "$guest" | cut -c7-22)-$hash

if [ -f "$out/.complete" ]; then
  log "reusing $out"
  echo "$out"
  exit 0
fi

work=$(mktemp -d "$cache/.box-XXXXXX")
trap 'rm -rf "$work"' EXIT
trap 'exit 130' INT TERM HUP

size=$(qemu-img info --output=json "$guest/disk.qcow2" | sed -n 's/.*"virtual-size": *\([0-9]*\).*/\1/p')
[ -n "$size" ] || die "qemu-img could not read the size of $guest/disk.qcow2"
gib=$(( (size + 1073741823) / 1073741824 ))
printf '{"provider":"libvirt","format":"qcow2","virtual_size":%s}\n' "$gib" >"$work/metadata.json"
cat >"$work/Vagrantfile" <<'EOF'
# vmbench test box: a Debian bookworm minbase guest without a bootloader (boot its kernel directly).
Vagrant.configure("2") do |config|
  config.vm.provider :libvirt do |libvirt|
    libvirt.disk_bus = "virtio"
  end
end
EOF
# A copy, not a hard link: libvirt chowns the guest image of running tests, which tar would see as a change.
cp --reflink=auto "$guest/disk.qcow2" "$work/box.img"
log "packing $out/vmbench-test.box (${gib} GiB disk)"
tar -C "$work" -cf "$work/vmbench-test.box" metadata.json Vagrantfile box.img
# The box's own kernel and initrd: the namespace's libvirtd (QEMU as root) chowns the files it boots and
# remembers the owner in an xattr, so sharing the guest image's files with the system libvirtd's test
# guests fails with "Setting different DAC user or group … which is already in use".
cp "$guest/vmlinuz" "$work/vmlinuz"
cp "$guest/initrd.img" "$work/initrd.img"
cat >"$work/box.env" <<EOF
KERNEL=$out/vmlinuz
INITRD=$out/initrd.img
CMDLINE='root=/dev/vda rw console=ttyS0 vmbench.noautomount'
EOF
mkdir -p "$out"
mv "$work/vmbench-test.box" "$work/box.env" "$work/vmlinuz" "$work/initrd.img" "$out/"
date -u +%Y-%m-%dT%H:%M:%SZ >"$out/.complete"
# Boxes of older guest images or of an older version of this script are removed.
for old in "$cache"/vagrant-box-*; do
  [ "$old" != "$out" ] && [ -d "$old" ] && rm -rf --one-file-system "$old"
done
echo "$out"
