/** The command that installs a package on the OS a probe reported ("macOS 14.5", "Debian GNU/Linux 12"), or null when the OS is not recognised. */
export function installCommand(os: string, pkg: string): string | null {
  const o = os.toLowerCase();
  if (/mac ?os|darwin|os x/.test(o)) return `brew install ${pkg}`;
  if (/debian|ubuntu|mint|pop!?_os|raspbian|kali/.test(o)) return `sudo apt-get install ${pkg}`;
  if (/fedora|red hat|rhel|centos|rocky|alma|amazon linux|oracle linux/.test(o)) return `sudo dnf install ${pkg}`;
  if (/alpine/.test(o)) return `sudo apk add ${pkg}`;
  if (/arch|manjaro|endeavour/.test(o)) return `sudo pacman -S ${pkg}`;
  if (/suse/.test(o)) return `sudo zypper install ${pkg}`;
  if (/nixos/.test(o)) return `nix-env -iA nixpkgs.${pkg}`;
  return null;
}
