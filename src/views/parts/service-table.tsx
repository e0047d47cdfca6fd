import type { JSX, ReactNode } from 'react';
import type { LayoutCell, LayoutTable } from '../../lib/service-layout';
import { useUi } from '../../lib/use-ui';

/** What a view puts in one table cell. */
export interface CellContent {
  content: ReactNode;
  className?: string;
}

/** One service table (rows × place/transport columns), its cells filled by the view that shows it. */
export function ServiceTable(props: { table: LayoutTable; caption: string; cell: (c: LayoutCell) => CellContent }): JSX.Element {
  const { table, caption, cell } = props;
  const { t } = useUi();
  return (
    <div className="card table-card service-card">
      <div className="table-scroll">
        <table className="table service-table" data-testid={`service-table-${table.test}`}>
          <caption className="service-caption">{caption}</caption>
          <thead>
            <tr>
              <th scope="col">
                <span className="sr-only">{t('service.measurement')}</span>
              </th>
              {table.columns.map((c) => (
                <th key={c} scope="col" className="num">
                  {c}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {table.rows.map((row) => (
              <tr key={row.key} data-testid="service-row">
                <th scope="row" className="metric-cell">
                  {row.label}
                  <span className="muted small"> {row.unit}</span>
                </th>
                {row.cells.map((c, i) => {
                  const { content, className } = cell(c);
                  return (
                    <td key={table.columns[i]} className={className ? `num ${className}` : 'num'}>
                      {content}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
