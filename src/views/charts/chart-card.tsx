import type { JSX, ReactNode } from 'react';

/** A titled panel that holds one chart. */
export function ChartCard(props: { title: string; sub?: string; testId: string; wide?: boolean; children: ReactNode }): JSX.Element {
  const { title, sub, testId, wide, children } = props;
  return (
    <figure className={wide ? 'card chart-card chart-wide' : 'card chart-card'} data-testid={testId}>
      <figcaption className="chart-head">
        <span className="chart-title">{title}</span>
        {sub ? <span className="chart-sub">{sub}</span> : null}
      </figcaption>
      <div className="chart-body">{children}</div>
    </figure>
  );
}
