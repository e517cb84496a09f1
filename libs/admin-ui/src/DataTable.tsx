// A plain, accessible data table: a caption (visible or for screen readers only), column headers
// with scope, and whatever links and buttons the cells hold, reached with Tab like anywhere else.
import type { ReactNode } from 'react';

export interface Column<T> {
  key: string;
  header: ReactNode;
  cell(row: T, index: number): ReactNode;
  className?: string;
}

export interface DataTableProps<T> {
  caption: string;
  /** Show the caption, or keep it for screen readers only. */
  captionVisible?: boolean;
  columns: readonly Column<T>[];
  rows: readonly T[];
  rowKey(row: T, index: number): string | number;
  className?: string;
}

export function DataTable<T>({
  caption,
  captionVisible = false,
  columns,
  rows,
  rowKey,
  className,
}: DataTableProps<T>) {
  return (
    <table className={className ? `sq-table ${className}` : 'sq-table'}>
      <caption className={captionVisible ? 'sq-table__caption' : 'sq-sr-only'}>{caption}</caption>
      <thead>
        <tr>
          {columns.map((c) => (
            <th key={c.key} scope="col" className={c.className}>
              {c.header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row, i) => (
          <tr key={rowKey(row, i)}>
            {columns.map((c) => (
              <td key={c.key} className={c.className}>
                {c.cell(row, i)}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
