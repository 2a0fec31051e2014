import { useId } from 'react';
import { FieldError, Label } from '../../../components/ui/field.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import type { useCsvUpload } from '../hooks/use-csv-upload.ts';

/** The "CSV file" input of an import (or "CSV or ZIP file"), its error, and "Checking…" while its dry run runs. */
export function CsvFileField({
  upload,
}: {
  upload: Pick<
    ReturnType<typeof useCsvUpload>,
    'input' | 'chosen' | 'fileError' | 'checking' | 'choose' | 'takesZip'
  >;
}) {
  const fileId = useId();
  const { fileError } = upload;
  return (
    <>
      <div className="mt-4 flex flex-col gap-1.5">
        <Label htmlFor={fileId}>{upload.takesZip ? 'CSV or ZIP file' : 'CSV file'}</Label>
        <input
          ref={upload.input}
          id={fileId}
          type="file"
          accept={upload.takesZip ? '.csv,text/csv,.zip,application/zip' : '.csv,text/csv'}
          aria-describedby={fileError ? `${fileId}-error` : undefined}
          aria-invalid={fileError ? true : undefined}
          onChange={(event) => void upload.choose(event.target.files?.[0])}
          className="block w-full max-w-md text-sm text-ink-soft file:mr-4 file:h-11 file:cursor-pointer file:rounded-full file:border file:border-line file:bg-white file:px-5 file:font-semibold file:text-ink hover:file:bg-sand"
        />
        <FieldError id={`${fileId}-error`} message={fileError} icon />
      </div>
      {upload.checking && (
        <p className="mt-4 flex items-center gap-2 text-sm text-muted" role="status">
          <Spinner className="size-4" /> Checking {upload.chosen?.name}...
        </p>
      )}
    </>
  );
}
