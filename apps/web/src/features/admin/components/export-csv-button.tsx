import type { UseMutationResult } from '@tanstack/react-query';
import { Download } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { toast } from '../../../lib/toast.ts';

/** A list page's "Export CSV": downloads the list with the filters it shows; a failure says why. */
export function ExportCsvButton<F>({
  exported,
  filters,
}: {
  exported: UseMutationResult<void, Error, F>;
  filters: F;
}) {
  return (
    <Button
      variant="secondary"
      disabled={exported.isPending}
      onClick={() => exported.mutate(filters, { onError: (error) => toast.error(errorMessage(error)) })}
    >
      {exported.isPending ? (
        <Spinner className="size-4" />
      ) : (
        <Download aria-hidden="true" className="size-4" />
      )}
      {exported.isPending ? 'Exporting...' : 'Export CSV'}
    </Button>
  );
}
