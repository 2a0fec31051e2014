import type { UseMutationResult } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { errorMessage } from '../../../lib/api-client.ts';
import { toast } from '../../../lib/toast.ts';

/** A file chosen and read: its name and text, sent again when it is applied; a ZIP as it is. */
export interface ChosenCsv {
  name: string;
  /** The CSV's text ('' for a ZIP). */
  csv: string;
  /** A ZIP of the CSV and its images, where the import takes one. */
  zip?: File;
}

/**
 * A CSV upload in two steps, as the back office's imports take them: a file chosen is refused
 * here when too large or empty, else checked at once (the dry run, which changes nothing); then
 * applied with what the check found. An apply that fails (the store changed since the check, say)
 * says why and checks the file again.
 */
export function useCsvUpload<Report, Result extends { message: string }, ApplyInput>({
  maxBytes,
  tooLarge,
  check,
  apply,
  applyInput,
  zip,
}: {
  maxBytes: number;
  /** What a file over `maxBytes` is told. */
  tooLarge: string;
  /** A ZIP's largest size and what one larger is told, where the import takes a ZIP. */
  zip?: { maxBytes: number; tooLarge: string };
  check: UseMutationResult<Report, Error, ChosenCsv>;
  apply: UseMutationResult<Result, Error, ApplyInput>;
  /** What the apply sends, from the file and its dry run. */
  applyInput(file: ChosenCsv, report: Report): ApplyInput;
}) {
  const input = useRef<HTMLInputElement>(null);
  const [chosen, setChosen] = useState<ChosenCsv | null>(null);
  const [fileError, setFileError] = useState('');
  const [report, setReport] = useState<Report | null>(null);
  const [done, setDone] = useState<Result | null>(null);

  const runCheck = async (file: ChosenCsv) => {
    setReport(null);
    try {
      setReport(await check.mutateAsync(file));
    } catch (error) {
      setFileError(errorMessage(error));
    }
  };

  const choose = async (file: File | undefined) => {
    setFileError('');
    setReport(null);
    setDone(null);
    setChosen(null);
    if (!file) return;
    // Refused here, before a large file is read and sent.
    if (zip && /\.zip$/i.test(file.name)) {
      if (file.size > zip.maxBytes) {
        setFileError(zip.tooLarge);
        return;
      }
      const next = { name: file.name, csv: '', zip: file };
      setChosen(next);
      await runCheck(next);
      return;
    }
    if (file.size > maxBytes) {
      setFileError(tooLarge);
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

  const applyFile = async () => {
    if (!chosen || !report) return;
    try {
      const result = await apply.mutateAsync(applyInput(chosen, report));
      setDone(result);
      setReport(null);
      setChosen(null);
      if (input.current) input.current.value = '';
      toast.success(result.message);
    } catch (error) {
      toast.error(errorMessage(error));
      await runCheck(chosen);
    }
  };

  return {
    /** The file input's ref: emptied once a file is applied. */
    input,
    /** The import takes a ZIP of the CSV and its images too. */
    takesZip: zip !== undefined,
    chosen,
    fileError,
    report,
    done,
    checking: check.isPending,
    applying: apply.isPending,
    choose,
    applyFile,
  };
}
