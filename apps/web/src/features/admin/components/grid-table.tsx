import type { ReactNode } from 'react';
import { cn } from '../../../lib/cn.ts';

/**
 * A grid's table (stock by variation and size, a size chart's measurements): its caption, and a
 * header row of its columns after a corner cell over the row headers, which stays in view as the
 * table scrolls sideways; `children` is its body.
 */
export function GridTable({
  caption,
  corner,
  columns,
  headerClassName,
  children,
}: {
  caption: string;
  corner: string;
  columns: readonly { key: string; label: ReactNode }[];
  /** The column headers' alignment and side padding, as the cells below them want. */
  headerClassName: string;
  children: ReactNode;
}) {
  return (
    <table className="min-w-full border-separate border-spacing-0 text-sm">
      <caption className="sr-only">{caption}</caption>
      <thead>
        <tr>
          <th
            scope="col"
            className="sticky left-0 z-10 border-r border-b border-line bg-sand px-3 py-2 text-left text-xs font-semibold tracking-wide text-ink-soft uppercase"
          >
            {corner}
          </th>
          {columns.map((column) => (
            <th
              key={column.key}
              scope="col"
              className={cn(
                'border-b border-line bg-sand py-2 text-xs font-semibold whitespace-nowrap text-ink-soft',
                headerClassName,
              )}
            >
              {column.label}
            </th>
          ))}
        </tr>
      </thead>
      {children}
    </table>
  );
}
