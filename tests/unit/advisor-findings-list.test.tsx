import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { advise } from '../../electron/engine/advisor/index.js';
import { FindingsList } from '../../src/views/advice/findings-list';
import { fixtureRuntimes } from '../helpers/advisor-fixtures.js';

describe('FindingsList (runtime card)', () => {
  it('shows severity, current → recommended, evidence, risk and the apply command in a <details>', () => {
    const rt = fixtureRuntimes()['rd-v4'];
    const html = renderToStaticMarkup(<FindingsList runtime={{ ...rt, findings: advise([rt], [], { platform: 'darwin' }) }} />);
    expect(html).toContain('data-finding-id="rancher-desktop/vmType"');
    expect(html).toContain('<span class="badge badge-failed">high</span>');
    expect(html).toMatch(/qemu<\/span> →\s*<strong class="mono">vz<\/strong>/);
    expect(html).toContain('1,096.65 MB/s');
    expect(html).toContain('Risk: VZ needs macOS 13+');
    expect(html).toMatch(/<details><summary[^>]*>How to apply<\/summary><pre class="mono small">rdctl set --virtual-machine.type vz<\/pre><\/details>/);
  });

  it('shows a file diff with its path, and GUI steps as a list', () => {
    const rts = fixtureRuntimes();
    const lib = rts['libvirt-iothreads'];
    const html = renderToStaticMarkup(<FindingsList runtime={{ ...lib, findings: advise([lib], [], { platform: 'darwin' }) }} />);
    expect(html).toContain('/etc/libvirt/qemu/test.xml');
    expect(html).toContain('+      &lt;driver name=&#x27;qemu&#x27; type=&#x27;raw&#x27; io=&#x27;io_uring&#x27;/&gt;');
    const pod = rts['podman-default'];
    expect(renderToStaticMarkup(<FindingsList runtime={{ ...pod, findings: advise([pod], [], { platform: 'darwin' }) }} />)).toMatch(
      /<ol class="small"><li>Save what you need/,
    );
  });

  it('offers Apply (styled as a primary button) only where vmbench can apply the change, never for GUI-only steps', () => {
    const rts = fixtureRuntimes();
    const rd = rts['rd-v4'];
    expect(renderToStaticMarkup(<FindingsList runtime={{ ...rd, findings: advise([rd], [], { platform: 'darwin' }) }} />)).toMatch(
      /<button type="button" class="btn btn-primary btn-small"[^>]*>Apply…<\/button>/,
    );
    const pod = rts['podman-default'];
    const findings = advise([pod], [], { platform: 'darwin' });
    expect(findings.some((f) => f.apply?.kind === 'steps')).toBe(true);
    const html = renderToStaticMarkup(<FindingsList runtime={{ ...pod, findings: findings.filter((f) => f.apply?.kind === 'steps') }} />);
    expect(html).toContain('How to apply');
    expect(html).not.toContain('Apply…');
  });

  it('renders nothing without findings', () => {
    expect(renderToStaticMarkup(<FindingsList runtime={fixtureRuntimes()['dd-marslo-v40']} />)).toBe('');
  });
});
