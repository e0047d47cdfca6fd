#!/bin/sh
# Installs (Debian packages) and starts what tests/live/detect-live*.test.ts need:
# docker.io (dockerd; each test starts its own on a private socket), libvirt + QEMU (libvirtd,
# virtlogd; libvirt's `default` network is never started), qemu-utils, vagrant with vagrant-libvirt,
# and dnsmasq for the Vagrant test's own namespace (scripts/vagrant-netns.sh).
# Idempotent; run as root, non-interactive. Prints one "setup-live: ..." line per step.
set -eu

log() { echo "setup-live: $*"; }

if [ "$(id -u)" != 0 ]; then
  log "must run as root" >&2
  exit 1
fi

need=""
command -v dockerd >/dev/null 2>&1 || need="$need docker.io"
command -v virsh >/dev/null 2>&1 || need="$need libvirt-clients"
[ -x /usr/sbin/libvirtd ] || need="$need libvirt-daemon-system"
command -v qemu-system-x86_64 >/dev/null 2>&1 || need="$need qemu-system-x86"
command -v qemu-img >/dev/null 2>&1 || need="$need qemu-utils"
command -v vagrant >/dev/null 2>&1 || need="$need vagrant"
# vagrant-libvirt and dnsmasq: the Vagrant test's private libvirtd (scripts/vagrant-netns.sh) serves its management network's DHCP.
[ -d /usr/share/doc/vagrant-libvirt ] || need="$need vagrant-libvirt"
command -v dnsmasq >/dev/null 2>&1 || need="$need dnsmasq-base"

if [ -n "$need" ]; then
  log "installing$need"
  export DEBIAN_FRONTEND=noninteractive
  # Keep package scripts from starting services (no init system here anyway); we start what we need below.
  policy=/usr/sbin/policy-rc.d
  created_policy=""
  if [ ! -e "$policy" ]; then
    printf '#!/bin/sh\nexit 101\n' > "$policy" && chmod +x "$policy" && created_policy=1
  fi
  apt-get -o DPkg::Lock::Timeout=600 update -qq
  # shellcheck disable=SC2086
  apt-get -o DPkg::Lock::Timeout=600 install -y -qq --no-install-recommends $need >/dev/null
  [ -n "$created_policy" ] && rm -f "$policy"
else
  log "packages already installed"
fi

# The network rule: libvirt's `default` network (virbr0, 192.168.122.x) must never start.
# Removing its autostart link (what `virsh net-autostart default --disable` does) before
# libvirtd starts keeps it down.
rm -f /etc/libvirt/qemu/networks/autostart/default.xml

if ! pgrep -x virtlogd >/dev/null 2>&1; then
  log "starting virtlogd"
  virtlogd -d
fi
if ! pgrep -x libvirtd >/dev/null 2>&1; then
  log "starting libvirtd"
  libvirtd -d
fi
i=0
until virsh -c qemu:///system version >/dev/null 2>&1; do
  i=$((i + 1))
  if [ "$i" -gt 60 ]; then
    log "libvirtd did not answer within 30 s" >&2
    exit 1
  fi
  sleep 0.5
done
# In case something else started it: take the default network down again.
if virsh -c qemu:///system net-list --name 2>/dev/null | grep -qx default; then
  log "stopping libvirt's default network"
  virsh -c qemu:///system net-destroy default >/dev/null
fi
log "ready"
