/**
 * Database errors, read through Drizzle's wrapper. The wrapper's message repeats the query with
 * its parameters (emails, password hashes), and the driver's `detail` quotes row values, so
 * neither may reach a log line or a response: `loggable` keeps what is safe to log.
 */
interface DriverError {
  code?: string;
  message?: string;
  constraint?: string;
}

/** The driver's own error under Drizzle's wrapper, or the error itself. */
export function driverError(error: unknown): DriverError {
  const cause = (error as { cause?: unknown } | null)?.cause;
  return ((cause ?? error) as DriverError | null) ?? {};
}

const isQueryError = (error: unknown) =>
  typeof error === 'object' && error !== null && 'query' in error && 'params' in error;

/** What may be logged of an error that came from the database: no parameters, no row values. */
export function loggable(error: unknown) {
  if (!isQueryError(error)) return undefined;
  const { code, message, constraint } = driverError(error);
  return { code, message, constraint, query: (error as { query: string }).query };
}

// Network failures, and PostgreSQL's connection exceptions (class 08), shutdowns (57P0x) and
// "too many connections".
const UNAVAILABLE_CODES =
  /^(ECONNREFUSED|ECONNRESET|ETIMEDOUT|EPIPE|ENOTFOUND|EHOSTUNREACH|EAI_AGAIN|08...|57P0[123]|53300)$/;
// What the pg driver says when a connection ends or none can be had in time (it sets no code).
const UNAVAILABLE_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|not queryable|Connection refused/i;

/** True when the database could not be reached or went away: a 503, never the request's fault. */
export function isDatabaseUnavailable(error: unknown): boolean {
  const { code, message } = driverError(error);
  return (code !== undefined && UNAVAILABLE_CODES.test(code)) || UNAVAILABLE_MESSAGES.test(message ?? '');
}
