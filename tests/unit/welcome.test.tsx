import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Welcome } from '../../src/views/environments/welcome';

describe('Welcome (first screen)', () => {
  it('says what Benchmark my setup will do while no run is stored, and nothing afterwards', () => {
    const html = renderToStaticMarkup(<Welcome runs={0} />);
    expect(html).toContain('data-testid="welcome"');
    expect(html).toMatch(/<strong>Benchmark my setup<\/strong> runs the same disk tests on this machine \(the native baseline\)/);
    expect(html).toContain('What to change');
    expect(renderToStaticMarkup(<Welcome runs={1} />)).toBe('');
  });
});
