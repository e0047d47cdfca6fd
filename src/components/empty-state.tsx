import type { JSX, ReactNode } from 'react';
import { Icon, type IconName } from '../lib/icons';

/** A friendly placeholder for a view with nothing to show yet. */
export function EmptyState({ icon, title, children }: { icon: IconName; title: string; children?: ReactNode }): JSX.Element {
  return (
    <div className="empty" data-testid="empty-state">
      <div className="empty-icon">
        <Icon name={icon} size={28} />
      </div>
      <h2>{title}</h2>
      <div className="empty-body">{children}</div>
    </div>
  );
}
