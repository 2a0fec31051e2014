import type { UseQueryResult } from '@tanstack/react-query';
import {
  type ColumnDef,
  flexRender,
  getCoreRowModel,
  type OnChangeFn,
  type SortingState,
  useReactTable,
} from '@tanstack/react-table';
import { ArrowDown, ArrowUp, ChevronLeft, ChevronRight, ChevronsUpDown } from 'lucide-react';
import { type ReactNode, useEffect } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { cn } from '../../../lib/cn.ts';
import type { ListPage } from '../api/list.ts';
import type { useListParams } from '../hooks/use-list-params.ts';
import { SearchBox } from './search-box.tsx';

/** Per-column looks, read from `meta` (a right-aligned amount, a narrow image column...). */
export interface ColumnLook {
  className?: string;
  /** The header is read by screen readers only (image and menu columns). */
  srOnlyHeader?: boolean;
}

/** Types a column's `meta` as its looks. */
export const look = (meta: ColumnLook) => meta;

interface DataTableProps<T> {
  /** The table's accessible name. */
  label: string;
  /** The search box's placeholder and accessible name ('Search name...'). */
  searchLabel: string;
  // biome-ignore lint/suspicious/noExplicitAny: columns mix value types, as TanStack's own examples do.
  columns: ColumnDef<T, any>[];
  /** The page's query: skeleton rows before the first page, a busy state while another loads. */
  query: Pick<
    UseQueryResult<ListPage<T>>,
    'data' | 'isPending' | 'isFetching' | 'isPlaceholderData' | 'error' | 'refetch'
  >;
  /** Search, sorting and paging kept in the URL (useListParams). */
  list: Pick<
    ReturnType<typeof useListParams>,
    'q' | 'setQ' | 'sorting' | 'setSorting' | 'page' | 'setPage' | 'params'
  >;
  emptyMessage: string;
  /** Controls beside the search box (a filter). */
  toolbar?: ReactNode;
}

// Rows are the API's documents, so each is known by its _id.
const getRowId = (row: { _id: string }) => row._id;

/**
 * A back-office table with its search box above: the server pages, sorts and searches
 * (TanStack Table in manual mode), so it scales to any number of rows. Compact 14 px rows, a
 * header that stays in view, and horizontal scrolling on phones.
 */
export function DataTable<T extends { _id: string }>({
  label,
  searchLabel,
  columns,
  query,
  list,
  emptyMessage,
  toolbar,
}: DataTableProps<T>) {
  const { data, isPending: isLoading, isFetching, isPlaceholderData, error } = query;
  const onRetry = () => void query.refetch();
  const { sorting, setSorting: onSortingChange, page, setPage: onPageChange } = list;
  const pageSize = list.params.limit;
  const total = data?.total ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const handleSorting: OnChangeFn<SortingState> = (updater) =>
    onSortingChange(typeof updater === 'function' ? updater(sorting) : updater);

  const table = useReactTable({
    data: data?.rows ?? [],
    columns,
    getRowId,
    getCoreRowModel: getCoreRowModel(),
    manualSorting: true,
    manualPagination: true,
    manualFiltering: true,
    rowCount: total,
    state: { sorting, pagination: { pageIndex: page - 1, pageSize } },
    onSortingChange: handleSorting,
    enableMultiSort: false,
    sortDescFirst: false,
  });

  // A page past the end (its last row was deleted, or an old link): show the last page instead.
  const pastTheEnd = data !== undefined && data.rows.length === 0 && data.total > 0 && page > 1;
  useEffect(() => {
    if (pastTheEnd) onPageChange(pageCount);
  }, [pastTheEnd, pageCount, onPageChange]);

  const rows = table.getRowModel().rows;
  const first = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const last = Math.min(total, page * pageSize);
  const columnCount = table.getVisibleLeafColumns().length;

  return (
    <>
      <div className="mb-4 flex flex-col gap-3 sm:flex-row sm:items-center">
        <SearchBox label={searchLabel} value={list.q} onSearch={list.setQ} />
        {toolbar}
      </div>
      {/* overflow-clip, not -hidden: it rounds the corners without making a scroll box, so the
          header can stick to the page while scrolling. */}
      <div className="overflow-clip rounded-2xl border border-line bg-white shadow-[0_1px_2px_rgb(31_27_22/0.04)]">
        {/* Sideways scrolling where the columns do not fit (phones); on wide screens no scroll box,
            so the header row stays in view under the app header as the page scrolls. */}
        <div className="overflow-x-auto xl:overflow-x-visible" aria-busy={isLoading || isFetching}>
          <table
            aria-label={label}
            aria-busy={isFetching || undefined}
            className="w-full min-w-[46rem] border-separate border-spacing-0 text-sm"
          >
            <thead>
              {table.getHeaderGroups().map((group) => (
                <tr key={group.id}>
                  {group.headers.map((header) => {
                    const look = header.column.columnDef.meta as ColumnLook | undefined;
                    const sorted = header.column.getIsSorted();
                    const canSort = header.column.getCanSort();
                    const title = flexRender(header.column.columnDef.header, header.getContext());
                    return (
                      <th
                        key={header.id}
                        scope="col"
                        aria-sort={
                          sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined
                        }
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
                              {sorted === 'asc'
                                ? ', sorted ascending'
                                : sorted === 'desc'
                                  ? ', sorted descending'
                                  : ', sort'}
                            </span>
                          </button>
                        ) : (
                          title
                        )}
                      </th>
                    );
                  })}
                </tr>
              ))}
            </thead>
            {/* Dimmed only while it shows the previous search's or page's rows; a refresh in the
                background (Emails looks again while a mail waits) leaves the rows as they are. */}
            <tbody className={cn('transition-opacity', isPlaceholderData && 'opacity-60')}>
              {isLoading ? (
                <SkeletonRows columns={columnCount} rows={pageSize} />
              ) : error && !data ? (
                <tr>
                  <td colSpan={columnCount} className="px-4 py-16 text-center">
                    <p role="alert" className="text-danger">
                      {errorMessage(error)}
                    </p>
                    {onRetry && (
                      <Button variant="secondary" size="sm" className="mt-4" onClick={onRetry}>
                        Try again
                      </Button>
                    )}
                  </td>
                </tr>
              ) : rows.length === 0 ? (
                <tr>
                  <td colSpan={columnCount} className="px-4 py-16 text-center text-muted">
                    {emptyMessage}
                  </td>
                </tr>
              ) : (
                rows.map((row) => (
                  <tr key={row.id} className="group">
                    {row.getVisibleCells().map((cell) => {
                      const look = cell.column.columnDef.meta as ColumnLook | undefined;
                      return (
                        <td
                          key={cell.id}
                          className={cn(
                            'border-b border-line px-4 py-2.5 align-middle text-ink group-last:border-b-0 group-hover:bg-paper',
                            look?.className,
                          )}
                        >
                          {flexRender(cell.column.columnDef.cell, cell.getContext())}
                        </td>
                      );
                    })}
                  </tr>
                ))
              )}
            </tbody>
          </table>
        </div>
        <nav
          aria-label={`${label} pages`}
          className="flex items-center justify-between gap-3 border-t border-line px-4 py-3 text-sm"
        >
          <p aria-live="polite" className="whitespace-nowrap text-muted tabular-nums">
            {isLoading ? (
              'Loading...'
            ) : total === 0 ? (
              '0 results'
            ) : (
              <>
                <span className="max-sm:sr-only">Showing </span>
                {first}–{last} of {total}
              </>
            )}
          </p>
          <div className="flex items-center gap-2">
            <span className="mr-1 hidden text-muted tabular-nums sm:inline">
              Page {Math.min(page, pageCount)} of {pageCount}
            </span>
            <Button
              variant="secondary"
              size="sm"
              className="rounded-lg"
              disabled={page <= 1 || isLoading}
              onClick={() => onPageChange(page - 1)}
            >
              <ChevronLeft aria-hidden="true" className="-ml-1 size-4" />
              Previous
            </Button>
            <Button
              variant="secondary"
              size="sm"
              className="rounded-lg"
              disabled={page >= pageCount || isLoading}
              onClick={() => onPageChange(page + 1)}
            >
              Next
              <ChevronRight aria-hidden="true" className="-mr-1 size-4" />
            </Button>
          </div>
        </nav>
      </div>
    </>
  );
}

const SKELETON_WIDTHS = ['w-3/4', 'w-1/2', 'w-2/3', 'w-1/3', 'w-5/6'];

function SkeletonRows({ columns, rows }: { columns: number; rows: number }) {
  return Array.from({ length: rows }, (_, row) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows have no identity.
    <tr key={row}>
      {Array.from({ length: columns }, (_, column) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholder cells have no identity.
        <td key={column} className="border-b border-line px-4 py-3.5">
          <div
            aria-hidden="true"
            className={cn(
              'h-3.5 animate-pulse rounded bg-sand',
              SKELETON_WIDTHS[(row + column) % SKELETON_WIDTHS.length],
            )}
          />
        </td>
      ))}
    </tr>
  ));
}
