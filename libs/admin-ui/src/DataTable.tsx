// A plain, accessible data table: a caption (visible or for screen readers only), column headers
// with scope, and whatever links and buttons the cells hold, reached with Tab like anywhere else.
import { useEffect, useRef, useState, type ReactNode, type RefObject } from 'react';

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
  const scroller = useRef<HTMLDivElement>(null);
  const overflows = useOverflow(scroller);
  return (
    // A table wider than the page scrolls sideways inside this box; only then is the box a labelled
    // stop for the keyboard (so it can be scrolled without a mouse), else it adds no tab stop.
    <div
      ref={scroller}
      className="sq-table-scroll"
      {...(overflows ? { role: 'region', 'aria-label': `${caption} (scrolls sideways)`, tabIndex: 0 } : {})}
    >
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
    </div>
  );
}

/** Whether the element's content is wider than the element, kept up to date as either resizes. */
function useOverflow(ref: RefObject<HTMLElement | null>): boolean {
  const [overflows, setOverflows] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (!el || typeof ResizeObserver === 'undefined') return undefined;
    const observer = new ResizeObserver(() => setOverflows(el.scrollWidth > el.clientWidth + 1));
    observer.observe(el);
    if (el.firstElementChild) observer.observe(el.firstElementChild);
    return () => observer.disconnect();
  }, [ref]);
  return overflows;
}
