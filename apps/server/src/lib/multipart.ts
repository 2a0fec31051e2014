import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { badInput, fieldErrors, unsupportedType } from './errors.ts';

export interface MultipartForm {
  fields: Record<string, string>;
  files: Record<string, Buffer[]>;
}

/**
 * Reads a whole multipart form into memory. Sizes and counts are bounded by the multipart
 * plugin's limits (5 MB a file), so this never holds more than a few dozen MB.
 */
export async function readMultipart(
  request: FastifyRequest,
  allowedFiles: readonly string[],
): Promise<MultipartForm> {
  if (!request.isMultipart()) throw unsupportedType('Expected a multipart form');
  const form: MultipartForm = { fields: {}, files: {} };
  for await (const part of request.parts()) {
    if (part.type === 'file') {
      if (!allowedFiles.includes(part.fieldname)) {
        part.file.resume();
        throw badInput(`Unexpected file field: ${part.fieldname.slice(0, 50)}`);
      }
      const bytes = await part.toBuffer();
      // A file input left empty arrives as a nameless, empty part.
      if (bytes.length === 0 && !part.filename) continue;
      form.files[part.fieldname] = [...(form.files[part.fieldname] ?? []), bytes];
    } else {
      if (part.fieldname in form.fields) throw badInput(`Field sent twice: ${part.fieldname.slice(0, 50)}`);
      form.fields[part.fieldname] = String(part.value);
    }
  }
  return form;
}

/** Validates a form's text fields with a shared schema; failures become a 400 with field errors. */
export function parseFields<T extends z.ZodType>(schema: T, fields: Record<string, string>): z.output<T> {
  const parsed = schema.safeParse(fields);
  if (parsed.success) return parsed.data;
  const errors = fieldErrors(parsed.error.issues);
  throw badInput(Object.values(errors)[0] ?? 'Invalid form', errors);
}
