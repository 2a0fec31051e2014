import type { StockShortfall } from '@habi/shared';

/** Errors a service throws; the error handler turns them into `{ message, errors?, available? }`. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: Record<string, string>,
    /** A refusal for want of stock: what each line refused can have now. */
    readonly available?: StockShortfall[],
  ) {
    super(message);
  }
}

export const badInput = (message: string, errors?: Record<string, string>) =>
  new HttpError(400, message, errors);
export const notSignedIn = (message = 'Please sign in first') => new HttpError(401, message);
export const forbidden = (message = 'You are not allowed to do that') => new HttpError(403, message);
export const notFound = (message = 'Not found') => new HttpError(404, message);
export const conflict = (message: string, errors?: Record<string, string>, available?: StockShortfall[]) =>
  new HttpError(409, message, errors, available);
export const tooLarge = (message: string) => new HttpError(413, message);
export const unsupportedType = (message: string) => new HttpError(415, message);
export const tooManyRequests = (message: string) => new HttpError(429, message);

/** Flattens zod issues into `{ "field.path": message }`, first message per field. */
export function fieldErrors(issues: readonly { path: readonly PropertyKey[]; message: string }[]) {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const key = issue.path.map(String).join('.') || '_';
    errors[key] ??= issue.message;
  }
  return errors;
}
