import { flexRender, type Header, type Table } from '@tanstack/react-table';
import { ArrowDown, ArrowUp, ChevronsUpDown } from 'lucide-react';
import { cn } from '../../../lib/cn.ts';
import type { ColumnLook } from './column-look.ts';

/** The header row: each sortable column's title is a button that cycles its sort. */
export function DataTableHead<T>({ table }: { table: Table<T> }) {
  return (
    <thead>
      {table.getHeaderGroups().map((group) => (
        <tr key={group.id}>
          {group.headers.map((header) => (
            <HeaderCell key={header.id} header={header} />
          ))}
        </tr>
      ))}
    </thead>
  );
}

function HeaderCell<T>({ header }: { header: Header<T, unknown> }) {
  const look = header.column.columnDef.meta as ColumnLook | undefined;
  const sorted = header.column.getIsSorted();
  const canSort = header.column.getCanSort();
  const title = flexRender(header.column.columnDef.header, header.getContext());
  return (
    <th
      scope="col"
      aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined}
      className={cn(
        'sticky top-0 z-10 h-11 border-b border-line bg-sand px-4 xl:top-[76px] text-left text-xs font-semibold tracking-wide whitespace-nowrap text-ink-soft uppercase',
        look?.className,
      )}
    >
      {look?.srOnlyHeader ? (
        <span className="sr-only">{title}</span>
      ) : canSort ? (
        <button
          type="button"
          onClick={header.column.getToggleSortingHandler()}
          className="-mx-2 inline-flex items-center gap-1.5 rounded-md px-2 py-1 uppercase hover:bg-white hover:text-ink"
        >
          {title}
          {sorted === 'asc' ? (
            <ArrowUp aria-hidden="true" className="size-3.5" />
          ) : sorted === 'desc' ? (
            <ArrowDown aria-hidden="true" className="size-3.5" />
          ) : (
            <ChevronsUpDown aria-hidden="true" className="size-3.5 opacity-60" />
          )}
          <span className="sr-only">
            {sorted === 'asc' ? ', sorted ascending' : sorted === 'desc' ? ', sorted descending' : ', sort'}
          </span>
        </button>
      ) : (
        title
      )}
    </th>
  );
}
