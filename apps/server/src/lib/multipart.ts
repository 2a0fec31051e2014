import { IMAGE_MESSAGES, ImageOnlyFormSchema } from '@habi/shared';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { badInput, fieldErrors, HttpError, unsupportedType } from './errors.ts';

export interface MultipartForm {
  fields: Record<string, string>;
  files: Record<string, Buffer[]>;
}

/** A route's own bounds for its form, in place of the multipart plugin's (5 MB a file). */
type PartLimits = NonNullable<Parameters<FastifyRequest['parts']>[0]>['limits'];

/**
 * Reads a whole multipart form into memory. Sizes and counts are bounded by the multipart
 * plugin's limits (5 MB a file) or the route's, so this never holds more than a few dozen MB.
 */
export async function readMultipart(
  request: FastifyRequest,
  allowedFiles: readonly string[],
  limits?: PartLimits,
): Promise<MultipartForm> {
  if (!request.isMultipart()) throw unsupportedType('Expected a multipart form');
  const form: MultipartForm = { fields: {}, files: {} };
  try {
    await readParts(request, allowedFiles, form, limits);
  } catch (error) {
    // The multipart parser throws uncoded errors for a body it cannot read (no boundary, a
    // truncated form): the client's fault, not a 500. Our own errors and the plugin's FST_
    // limit errors (413, mapped by the error handler) pass through.
    if (error instanceof HttpError || String((error as { code?: unknown })?.code).startsWith('FST_')) {
      throw error;
    }
    throw badInput('The form could not be read');
  }
  return form;
}

async function readParts(
  request: FastifyRequest,
  allowedFiles: readonly string[],
  form: MultipartForm,
  limits: PartLimits | undefined,
) {
  for await (const part of request.parts(limits && { limits })) {
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
}

/** Validates a form's text fields with a shared schema; failures become a 400 with field errors. */
export function parseFields<T extends z.ZodType>(schema: T, fields: Record<string, string>): z.output<T> {
  const parsed = schema.safeParse(fields);
  if (parsed.success) return parsed.data;
  const errors = fieldErrors(parsed.error.issues);
  throw badInput(Object.values(errors)[0] ?? 'Invalid form', errors);
}

/**
 * A form of one image and no text fields: the image's bytes, not yet checked. 400 `missing` when
 * no file is sent, and for a second file or any text field.
 */
export async function readOneImage(request: FastifyRequest, field: string, missing: string): Promise<Buffer> {
  const form = await readMultipart(request, [field]);
  parseFields(ImageOnlyFormSchema, form.fields);
  const [file, ...extra] = form.files[field] ?? [];
  if (!file) throw badInput(missing, { [field]: missing });
  if (extra.length > 0) throw badInput(IMAGE_MESSAGES.oneImage, { [field]: IMAGE_MESSAGES.oneImage });
  return file;
}
