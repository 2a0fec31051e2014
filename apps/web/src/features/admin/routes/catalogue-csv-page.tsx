import {
  CATALOGUE_CSV_COLUMNS,
  CATALOGUE_CSV_LIMITS,
  CATALOGUE_CSV_MESSAGES,
  type CatalogueCsvReport,
} from '@habi/shared';
import { CircleCheck, Download, FileUp } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { useDocumentTitle } from '../../../components/layout/use-document-title.ts';
import { Button } from '../../../components/ui/button.tsx';
import { FieldError, Label } from '../../../components/ui/field.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { toast } from '../../../lib/toast.ts';
import { CATALOGUE_CSV_URL, useApplyCatalogueCsv, useCheckCatalogueCsv } from '../api/catalogue-csv.ts';
import { PageHeader, Panel } from '../components/page-header.tsx';

/** A file chosen and read: its name and text, sent again with the dry run's token to apply. */
interface Chosen {
  name: string;
  csv: string;
}

/**
 * Catalogue CSV (/admin/catalogue_csv): the whole catalogue out as a CSV, one row per variation
 * and size with its SKU, barcode and stock; a file back in is checked first (a dry run listing
 * every change, old to new, and every row's errors), then applied all or nothing.
 */
export default function CatalogueCsvPage() {
  useDocumentTitle('Catalogue CSV');
  const fileId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [chosen, setChosen] = useState<Chosen | null>(null);
  const [fileError, setFileError] = useState('');
  const [report, setReport] = useState<CatalogueCsvReport | null>(null);
  const [done, setDone] = useState<CatalogueCsvReport | null>(null);
  const check = useCheckCatalogueCsv();
  const apply = useApplyCatalogueCsv();

  const runCheck = async (file: Chosen) => {
    setReport(null);
    try {
      setReport(await check.mutateAsync(file.csv));
    } catch (error) {
      setFileError(errorMessage(error));
    }
  };

  const choose = async (event: React.ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    setFileError('');
    setReport(null);
    setDone(null);
    setChosen(null);
    if (!file) return;
    // Refused here, before a large file is read and sent.
    if (file.size > CATALOGUE_CSV_LIMITS.bytes) {
      setFileError(CATALOGUE_CSV_MESSAGES.tooLarge);
      return;
    }
    const next = { name: file.name, csv: await file.text() };
    if (next.csv.trim() === '') {
      setFileError('The file is empty');
      return;
    }
    setChosen(next);
    await runCheck(next);
  };

  const canApply = report !== null && report.errors.length === 0 && report.changes.length > 0;

  const applyFile = async () => {
    if (!chosen || !report || !canApply) return;
    try {
      const result = await apply.mutateAsync({ csv: chosen.csv, token: report.token });
      setDone(result);
      setReport(null);
      setChosen(null);
      if (input.current) input.current.value = '';
      toast.success(result.message);
    } catch (error) {
      // The catalogue changed since the dry run (or the file could not be read): check it again.
      toast.error(errorMessage(error));
      await runCheck(chosen);
    }
  };

  return (
    <>
      <PageHeader
        title="Catalogue CSV"
        description="Export every product to a spreadsheet, edit it, and bring the changes back."
      />
      <div className="flex flex-col gap-6">
        <Panel>
          <h2 className="font-sans text-base font-bold tracking-normal">1. Export the catalogue</h2>
          <p className="mt-2 max-w-prose text-sm text-ink-soft">
            One row per variation and size, with its SKU, barcode and stock. Keep the columns as they are:{' '}
            {CATALOGUE_CSV_COLUMNS.join(', ')}.
          </p>
          <a
            href={CATALOGUE_CSV_URL}
            download
            className="mt-4 inline-flex h-11 items-center gap-2 rounded-full border border-line px-5 text-sm font-semibold hover:bg-sand"
          >
            <Download aria-hidden="true" className="size-4" /> Export catalogue (CSV)
          </a>
        </Panel>

        <Panel>
          <h2 className="font-sans text-base font-bold tracking-normal">2. Upload the edited file</h2>
          <p className="mt-2 max-w-prose text-sm text-ink-soft">
            Nothing changes yet: the file is checked first and every change is listed. Rows with a new product
            key add a product. At most {CATALOGUE_CSV_LIMITS.rows.toLocaleString('en-PH')} rows and{' '}
            {CATALOGUE_CSV_LIMITS.bytes / 1024 / 1024} MB.
          </p>
          <div className="mt-4 flex flex-col gap-1.5">
            <Label htmlFor={fileId}>CSV file</Label>
            <input
              ref={input}
              id={fileId}
              type="file"
              accept=".csv,text/csv"
              aria-describedby={fileError ? `${fileId}-error` : undefined}
              aria-invalid={fileError ? true : undefined}
              onChange={(event) => void choose(event)}
              className="block w-full max-w-md text-sm text-ink-soft file:mr-4 file:h-11 file:cursor-pointer file:rounded-full file:border file:border-line file:bg-white file:px-5 file:font-semibold file:text-ink hover:file:bg-sand"
            />
            <FieldError id={`${fileId}-error`} message={fileError} icon />
          </div>
          {check.isPending && (
            <p className="mt-4 flex items-center gap-2 text-sm text-muted" role="status">
              <Spinner className="size-4" /> Checking {chosen?.name}...
            </p>
          )}
        </Panel>

        {report && <DryRun name={chosen?.name ?? ''} report={report} />}
        {report && (
          <div className="flex justify-end">
            <Button onClick={() => void applyFile()} disabled={!canApply || apply.isPending}>
              {apply.isPending ? (
                <Spinner className="size-4" />
              ) : (
                <FileUp aria-hidden="true" className="size-4" />
              )}
              Apply {report.changes.length} change{report.changes.length === 1 ? '' : 's'}
            </Button>
          </div>
        )}

        {done && (
          <Panel>
            <h2 className="flex items-center gap-2 font-sans text-base font-bold tracking-normal">
              <CircleCheck aria-hidden="true" className="size-5 text-success" /> Applied
            </h2>
            <p className="mt-1 text-sm text-ink-soft" role="status">
              {done.message}.
            </p>
          </Panel>
        )}
      </div>
    </>
  );
}

/** The dry run: the rows' errors first (any stops the apply), then every change, old to new. */
function DryRun({ name, report }: { name: string; report: CatalogueCsvReport }) {
  return (
    <Panel>
      <h2 className="font-sans text-base font-bold tracking-normal">3. Check the changes</h2>
      <p className="mt-1 text-sm text-ink-soft" role="status">
        {name}: {report.message}. Nothing has changed yet.
      </p>
      {report.errors.length > 0 && (
        <div className="mt-4 rounded-xl border border-danger/30 bg-danger/5 p-4">
          <h3 className="text-sm font-bold text-danger">
            Rows to fix ({report.errors.length}): fix them in the file and upload it again
          </h3>
          <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-ink">
            {report.errors.map((error) => (
              <li key={error}>{error}</li>
            ))}
          </ul>
        </div>
      )}
      {report.changes.length > 0 && (
        <div className="mt-4">
          {/* A fixed layout whose cells wrap anywhere: nothing scrolls sideways, even on a phone. */}
          <table className="w-full table-fixed text-left text-sm [overflow-wrap:anywhere]">
            <caption className="sr-only">The changes the file makes</caption>
            <thead className="border-b border-line text-xs tracking-wide text-muted uppercase">
              <tr>
                <th scope="col" className="w-12 py-2 pr-3">
                  Row
                </th>
                <th scope="col" className="py-2 pr-3">
                  Product
                </th>
                <th scope="col" className="py-2 pr-3">
                  Field
                </th>
                <th scope="col" className="py-2 pr-3">
                  Now
                </th>
                <th scope="col" className="py-2">
                  New
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-line">
              {report.changes.map((change) => (
                <tr key={`${change.row}-${change.field}`}>
                  <td className="py-2 pr-3 tabular-nums">{change.row}</td>
                  <td className="py-2 pr-3">{change.product}</td>
                  <td className="py-2 pr-3">{change.field}</td>
                  <td className="py-2 pr-3 whitespace-pre-line text-ink-soft">{change.old || '—'}</td>
                  <td className="py-2 whitespace-pre-line font-semibold">{change.new || '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Panel>
  );
}
