import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';

interface DataTablePaginationProps {
  /** The table's accessible name; the bar is "<label> pages". */
  label: string;
  isLoading: boolean;
  total: number;
  page: number;
  pageSize: number;
  pageCount: number;
  onPageChange(page: number): void;
}

/** Under the table: which rows of how many are shown, the page, and Previous and Next. */
export function DataTablePagination({
  label,
  isLoading,
  total,
  page,
  pageSize,
  pageCount,
  onPageChange,
}: DataTablePaginationProps) {
  const first = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const last = Math.min(total, page * pageSize);
  return (
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
  );
}
