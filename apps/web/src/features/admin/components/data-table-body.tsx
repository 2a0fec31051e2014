import { flexRender, type Row } from '@tanstack/react-table';
import { Button } from '../../../components/ui/button.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { cn } from '../../../lib/cn.ts';
import type { ColumnLook } from './column-look.ts';

interface DataTableBodyProps<T> {
  rows: Row<T>[];
  columnCount: number;
  /** Skeleton rows stand in for the first page. */
  isLoading: boolean;
  /** Dims the rows of the previous search or page while the next one loads. */
  isPlaceholderData: boolean;
  /** Shown when no page has loaded at all. */
  error: unknown;
  hasData: boolean;
  pageSize: number;
  emptyMessage: string;
  onRetry(): void;
}

/** The rows, or what stands in for them: skeletons, the error with a retry, the empty message. */
export function DataTableBody<T>({
  rows,
  columnCount,
  isLoading,
  isPlaceholderData,
  error,
  hasData,
  pageSize,
  emptyMessage,
  onRetry,
}: DataTableBodyProps<T>) {
  return (
    // Dimmed only while it shows the previous search's or page's rows; a refresh in the
    // background (Emails looks again while a mail waits) leaves the rows as they are.
    <tbody className={cn('transition-opacity', isPlaceholderData && 'opacity-60')}>
      {isLoading ? (
        <SkeletonRows columns={columnCount} rows={pageSize} />
      ) : error && !hasData ? (
        <tr>
          <td colSpan={columnCount} className="px-4 py-16 text-center">
            <p role="alert" className="text-danger">
              {errorMessage(error)}
            </p>
            <Button variant="secondary" size="sm" className="mt-4" onClick={onRetry}>
              Try again
            </Button>
          </td>
        </tr>
      ) : rows.length === 0 ? (
        <tr>
          <td colSpan={columnCount} className="px-4 py-16 text-center text-muted">
            {emptyMessage}
          </td>
        </tr>
      ) : (
        rows.map((row) => <BodyRow key={row.id} row={row} />)
      )}
    </tbody>
  );
}

function BodyRow<T>({ row }: { row: Row<T> }) {
  return (
    <tr className="group">
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
