#!/bin/sh
# Builds the Linux test guest the libvirt tests boot (docs/testing.md, "No internet: every image is built here"):
# the one Debian bookworm minbase tree of scripts/build-guest-rootfs.sh (one debootstrap, which also
# feeds the Docker test image) with systemd, the QEMU guest agent (started at boot), fio and the
# tools later tests need; this adds the modules of a host kernel, a unit that mounts
# the first 9p share at /mnt/host, and what a Vagrant box needs (scripts/build-vagrant-box.sh
# wraps this image): sshd started at boot, sudo, and a `vagrant` user with Vagrant's published
# insecure public key and password-less sudo. Then ext4 (mkfs.ext4 -d) -> qcow2, plus copies of
# that kernel and its initrd for direct kernel boot. The guest only ever has user-mode or
# test-namespace networking, so the well-known key reaches nothing else.
#
# Output (cached, reused while this script and build-guest-rootfs.sh are unchanged): $VMBENCH_GUEST_CACHE
# (default /var/cache/vmbench-test)/guest-<sha256 of both scripts>/ with disk.qcow2, vmlinuz,
# initrd.img and guest.env (KERNEL_VERSION, CMDLINE, SHARE_DIR, GUEST_DIR). Prints what it
# does on stderr and the output folder as the last line on stdout. Idempotent, needs root,
# never reads stdin. A host kernel is a /boot/vmlinuz-V with /boot/initrd.img-V and
# /lib/modules/V (the running one preferred); without one, linux-image-amd64 is installed.
# Env: VMBENCH_GUEST_CACHE, VMBENCH_DEBIAN_MIRROR (default http://deb.debian.org/debian).
set -eu

log() { echo "build-guest-image: $*" >&2; }
die() { log "error: $*"; exit 1; }

[ "$(id -u)" = 0 ] || die "must run as root (debootstrap, chroot, mkfs)"
exec </dev/null

here=$(cd "$(dirname "$0")" && pwd)
self=$here/$(basename "$0")
hash=$(cat "$self" "$here/build-guest-rootfs.sh" | sha256sum | cut -d' ' -f1)
cache=${VMBENCH_GUEST_CACHE:-/var/cache/vmbench-test}
out=$cache/guest-$hash

if [ -f "$out/.complete" ]; then
  log "reusing $out (built $(cat "$out/.complete"))"
  echo "$out"
  exit 0
fi

mkdir -p "$cache"
exec 9>"$cache/.build.lock"
log "waiting for the build lock $cache/.build.lock"
flock -w 1800 9 || die "another build held $cache/.build.lock for 30 minutes"
if [ -f "$out/.complete" ]; then
  log "reusing $out (built meanwhile by another run)"
  echo "$out"
  exit 0
fi

apt_install() {
  log "installing on the host: $*"
  export DEBIAN_FRONTEND=noninteractive
  apt-get -o DPkg::Lock::Timeout=600 install -y -qq --no-install-recommends "$@" >&2 ||
    { apt-get -o DPkg::Lock::Timeout=600 update -qq >&2 && apt-get -o DPkg::Lock::Timeout=600 install -y -qq --no-install-recommends "$@" >&2; }
}
need=""
command -v qemu-img >/dev/null 2>&1 || need="$need qemu-utils"
command -v mkfs.ext4 >/dev/null 2>&1 || need="$need e2fsprogs"
# shellcheck disable=SC2086
[ -z "$need" ] || apt_install $need

complete_kernel() { [ -f "/boot/vmlinuz-$1" ] && [ -f "/boot/initrd.img-$1" ] && [ -d "/lib/modules/$1/kernel" ]; }
find_kernel() {
  if complete_kernel "$(uname -r)"; then uname -r; return 0; fi
  for k in $(ls /boot 2>/dev/null | sed -n 's/^vmlinuz-//p' | sort -rV); do
    if complete_kernel "$k"; then echo "$k"; return 0; fi
  done
  return 1
}
kver=$(find_kernel) || {
  log "no host kernel with initrd and modules in /boot and /lib/modules"
  apt_install linux-image-amd64
  kver=$(find_kernel) || die "linux-image-amd64 installed, yet no complete kernel in /boot"
}
log "kernel $kver (/boot/vmlinuz-$kver, /boot/initrd.img-$kver, /lib/modules/$kver)"

work=$(mktemp -d "$cache/.build-XXXXXX")
root=$work/root
# Never remove through a mount (debootstrap may bind-mount /dev, /proc, /sys into the tree).
cleanup() {
  for m in $(awk -v w="$work/" 'index($2, w) == 1 { print $2 }' /proc/mounts | sort -r); do umount -l "$m" 2>/dev/null || :; done
  if awk -v w="$work/" 'index($2, w) == 1 { f = 1 } END { exit !f }' /proc/mounts; then
    log "left $work in place: something is still mounted under it"
  else
    rm -rf --one-file-system "$work"
  fi
}
trap cleanup EXIT
trap 'exit 130' INT TERM HUP

t0=$(date +%s)
rootfs=$(sh "$here/build-guest-rootfs.sh" | tail -n 1)
[ -s "$rootfs" ] || die "build-guest-rootfs.sh made no tree"
log "unpacking $rootfs"
mkdir -p "$root"
tar -C "$root" --numeric-owner --xattrs --xattrs-include='*' -xpf "$rootfs"

log "copying /lib/modules/$kver into the guest"
mkdir -p "$root/lib/modules"
cp -a "/lib/modules/$kver" "$root/lib/modules/"
chroot "$root" depmod -a "$kver"

log "configuring the guest (hostname, fstab, network, guest agent, 9p share, quiet services)"
echo vmbench-guest >"$root/etc/hostname"
printf '127.0.0.1 localhost\n127.0.1.1 vmbench-guest\n::1 localhost ip6-localhost ip6-loopback\n' >"$root/etc/hosts"
printf 'LABEL=vmbench-root / ext4 rw,errors=remount-ro 0 0\n' >"$root/etc/fstab"
printf 'auto lo\niface lo inet loopback\n# other interfaces: systemd-networkd (DHCP), see /etc/systemd/network/\n' >"$root/etc/network/interfaces"
printf '[Match]\nName=en* eth*\n\n[Network]\nDHCP=yes\n' >"$root/etc/systemd/network/20-dhcp.network"
# The virtio-serial port of the guest agent and the 9p transport need these modules.
printf 'virtio_console\nvirtio_net\n9pnet_virtio\n9p\n' >"$root/etc/modules-load.d/vmbench.conf"
mkdir -p "$root/mnt/host" "$root/var/tmp/vmbench"
# Tests write there as root (the guest agent) and as the vagrant user (vagrant ssh): world-writable, sticky like /var/tmp.
chmod 1777 "$root/var/tmp/vmbench"
cat >"$root/usr/local/sbin/vmbench-mount-shares" <<'EOF'
#!/bin/sh
# Mounts the first 9p share (any tag) at /mnt/host and any further one at /mnt/<tag>, unless the
# kernel command line says vmbench.noautomount (the Vagrant box: Vagrant mounts its synced folders itself).
grep -qw vmbench.noautomount /proc/cmdline && exit 0
modprobe 9pnet_virtio 2>/dev/null; modprobe 9p 2>/dev/null
udevadm settle --timeout=10 2>/dev/null || :
first=1
for f in /sys/bus/virtio/drivers/9pnet_virtio/*/mount_tag; do
  [ -r "$f" ] || continue
  tag=$(tr -d '\000' <"$f")
  if [ "$first" = 1 ]; then dir=/mnt/host; first=0; else dir=/mnt/$(printf '%s' "$tag" | tr -c 'A-Za-z0-9._-' _); fi
  mkdir -p "$dir"
  mountpoint -q "$dir" && continue
  mount -t 9p -o trans=virtio,version=9p2000.L,msize=512000,cache=none "$tag" "$dir" && echo "mounted 9p $tag at $dir" || echo "could not mount 9p $tag at $dir" >&2
done
exit 0
EOF
chmod 755 "$root/usr/local/sbin/vmbench-mount-shares"
cat >"$root/etc/systemd/system/vmbench-host-share.service" <<'EOF'
[Unit]
Description=Mount the host's 9p share(s) (/mnt/host)
After=systemd-udev-settle.service systemd-modules-load.service local-fs.target
Before=qemu-guest-agent.service

[Service]
Type=oneshot
RemainAfterExit=yes
ExecStart=/usr/local/sbin/vmbench-mount-shares

[Install]
WantedBy=multi-user.target
EOF
# Start the agent at boot whether or not udev's SYSTEMD_WANTS for the port fires.
mkdir -p "$root/etc/systemd/system/qemu-guest-agent.service.d"
printf '[Install]\nWantedBy=multi-user.target\n' >"$root/etc/systemd/system/qemu-guest-agent.service.d/vmbench.conf"
chroot "$root" systemctl enable vmbench-host-share.service qemu-guest-agent.service systemd-networkd.service ssh.service >&2
chroot "$root" systemctl disable redis-server.service nginx.service >&2 2>/dev/null || :
# The Vagrant box's user: Vagrant's published insecure key (keys/vagrant.pub of Vagrant), sudo without a password.
chroot "$root" useradd -m -s /bin/bash -U vagrant
mkdir -p "$root/home/vagrant/.ssh"
echo 'ssh-rsa AAAAB3NzaC1yc2EAAAABIwAAAQEA6NF8iallvQVp22WDkTkyrtvp9eWW6A8YVr+kz4TjGYe7gHzIw+niNltGEFHzD8+v1I2YJ6oXevct1YeS0o9HZyN1Q9qgCgzUFtdOKLv6IedplqoPkcmF0aYet2PkEDo3MlTBckFXPITAMzF8dJSIFo9D8HfdOV0IAdx4O7PtixWKn5y2hMNG0zQPyUecp4pzC6kivAIhyfHilFR61RGL+GPXQ2MWZWFYbAGjyiYJnAmCP3NOTd0jMZEnDkbUvxhMmBYSdETk1rRgm+R4LOzFUGaHqHDLKLX+FIPKcF96hrucXzcWyLbIbEgE98OHlnVYCzRdK8jlqm8tehUc9c9WhQ== vagrant insecure public key' >"$root/home/vagrant/.ssh/authorized_keys"
chmod 700 "$root/home/vagrant/.ssh" && chmod 600 "$root/home/vagrant/.ssh/authorized_keys"
chroot "$root" chown -R vagrant:vagrant /home/vagrant/.ssh
printf 'vagrant ALL=(ALL) NOPASSWD:ALL\nDefaults:vagrant !requiretty\n' >"$root/etc/sudoers.d/vagrant" && chmod 440 "$root/etc/sudoers.d/vagrant"
printf 'UseDNS no\n' >"$root/etc/ssh/sshd_config.d/vmbench.conf"
for unit in apt-daily.timer apt-daily-upgrade.timer man-db.timer e2scrub_all.timer e2scrub_reap.service fstrim.timer \
  logrotate.timer dpkg-db-backup.timer systemd-networkd-wait-online.service; do
  ln -sf /dev/null "$root/etc/systemd/system/$unit"
done
chroot "$root" passwd -d root >/dev/null
rm -f "$root/etc/machine-id" "$root/var/lib/dbus/machine-id" && : >"$root/etc/machine-id"
chroot "$root" apt-get clean
for bin in qemu-ga fio setsid sudo sshd wrk inotifywait; do chroot "$root" sh -c 'command -v "$1"' sh "$bin" >/dev/null || die "$bin missing in the guest tree"; done

log "making the disk: mkfs.ext4 -d (4 GiB, sparse) -> qcow2"
mkfs.ext4 -q -F -L vmbench-root -d "$root" "$work/disk.raw" 4G >&2
qemu-img convert -O qcow2 "$work/disk.raw" "$work/disk.qcow2"
rm -f "$work/disk.raw"
cp "/boot/vmlinuz-$kver" "$work/vmlinuz"
cp "/boot/initrd.img-$kver" "$work/initrd.img"
cat >"$work/guest.env" <<EOF
KERNEL_VERSION=$kver
CMDLINE='root=/dev/vda rw console=ttyS0'
SHARE_DIR=/mnt/host
GUEST_DIR=/var/tmp/vmbench
EOF

mkdir -p "$out"
for f in disk.qcow2 vmlinuz initrd.img guest.env; do mv "$work/$f" "$out/$f"; done
chmod 644 "$out"/*
date -u +%Y-%m-%dT%H:%M:%SZ >"$out/.complete"
log "built $out in $(($(date +%s) - t0)) s"
# Older builds (a previous version of this script) not used for a day are removed.
for old in "$cache"/guest-*; do
  if [ "$old" != "$out" ] && [ -d "$old" ] && [ -n "$(find "$old" -maxdepth 0 -mtime +0)" ]; then
    log "removing old build $old"
    rm -rf --one-file-system "$old"
  fi
done
echo "$out"
