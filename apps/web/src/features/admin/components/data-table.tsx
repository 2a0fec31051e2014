import type { UseQueryResult } from '@tanstack/react-query';
import {
  type ColumnDef,
  getCoreRowModel,
  type OnChangeFn,
  type SortingState,
  useReactTable,
} from '@tanstack/react-table';
import { type ReactNode, useEffect } from 'react';
import type { ListPage } from '../api/list.ts';
import type { useListParams } from '../hooks/use-list-params.ts';
import { DataTableBody } from './data-table-body.tsx';
import { DataTableHead } from './data-table-head.tsx';
import { DataTablePagination } from './data-table-pagination.tsx';
import { SearchBox } from './search-box.tsx';

// The pages give their columns' looks with it.
export { look } from './column-look.ts';

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
            <DataTableHead table={table} />
            <DataTableBody
              rows={table.getRowModel().rows}
              columnCount={columnCount}
              isLoading={isLoading}
              isPlaceholderData={isPlaceholderData}
              error={error}
              hasData={data !== undefined}
              pageSize={pageSize}
              emptyMessage={emptyMessage}
              onRetry={onRetry}
            />
          </table>
        </div>
        <DataTablePagination
          label={label}
          isLoading={isLoading}
          total={total}
          page={page}
          pageSize={pageSize}
          pageCount={pageCount}
          onPageChange={onPageChange}
        />
      </div>
    </>
  );
}
