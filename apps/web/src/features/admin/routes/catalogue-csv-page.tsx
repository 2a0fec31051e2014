import {
  CATALOGUE_CSV_COLUMNS,
  CATALOGUE_CSV_LIMITS,
  CATALOGUE_CSV_MESSAGES,
  CATALOGUE_ZIP_LIMITS,
  CATALOGUE_ZIP_MESSAGES,
  type CatalogueCsvReport,
  UPLOAD_MAX_BYTES,
} from '@habi/shared';
import { CircleCheck, Download, FileUp } from 'lucide-react';
import { useDocumentTitle } from '../../../components/layout/use-document-title.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { CATALOGUE_CSV_URL, useApplyCatalogueFile, useCheckCatalogueFile } from '../api/catalogue-csv.ts';
import { CsvFileField } from '../components/csv-file-field.tsx';
import { PageHeader, Panel } from '../components/page-header.tsx';
import { useCsvUpload } from '../hooks/use-csv-upload.ts';

/**
 * Catalogue CSV (/admin/catalogue_csv): the whole catalogue out as a CSV, one row per variation
 * and size with its SKU, barcode and stock; a file back in (a CSV, or a ZIP of one with the
 * photos of the products it adds) is checked first (a dry run listing every change, old to new,
 * and every row's errors), then applied all or nothing.
 */
export default function CatalogueCsvPage() {
  useDocumentTitle('Catalogue CSV');
  const upload = useCsvUpload({
    maxBytes: CATALOGUE_CSV_LIMITS.bytes,
    tooLarge: CATALOGUE_CSV_MESSAGES.tooLarge,
    zip: { maxBytes: CATALOGUE_ZIP_LIMITS.bytes, tooLarge: CATALOGUE_ZIP_MESSAGES.tooLarge },
    check: useCheckCatalogueFile(),
    apply: useApplyCatalogueFile(),
    // The dry run's token: the catalogue must not have changed since.
    applyInput: (file, report) => ({ file, token: report.token }),
  });
  const { report, done, chosen } = upload;
  const canApply = report !== null && report.errors.length === 0 && report.changes.length > 0;

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
          <p className="mt-2 max-w-prose text-sm text-ink-soft">
            New products with their photos: put the CSV and the photos (PNG, JPEG or SVG, at most{' '}
            {UPLOAD_MAX_BYTES / 1024 / 1024} MB each) in one ZIP file, at most{' '}
            {CATALOGUE_ZIP_LIMITS.bytes / 1024 / 1024} MB, and name each photo in the Image and Variation
            image columns, like <code>photos/blouse-red.jpg</code>.
          </p>
          <CsvFileField upload={upload} />
        </Panel>

        {report && <DryRun name={chosen?.name ?? ''} report={report} />}
        {report && (
          <div className="flex justify-end">
            <Button onClick={() => void upload.applyFile()} disabled={!canApply || upload.applying}>
              {upload.applying ? (
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
