/**
 * Database errors, read through Drizzle's wrapper. The wrapper's message repeats the query with
 * its parameters (emails, password hashes), and the driver's `detail` quotes row values, so
 * neither may reach a log line or a response: `loggable` keeps what is safe to log.
 */
interface DriverError {
  code?: string;
  message?: string;
  constraint?: string;
  /** Set on errors of an embedded database that stopped (a PANIC) and is being reopened. */
  stopped?: boolean;
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
  const { code, message, stopped } = driverError(error);
  return (
    stopped === true ||
    (code !== undefined && UNAVAILABLE_CODES.test(code)) ||
    UNAVAILABLE_MESSAGES.test(message ?? '')
  );
}

// No room to write: PostgreSQL's disk_full (53100, which PGlite also raises when its files cannot
// grow), the operating system's ENOSPC and EDQUOT (images, mail files), and the same two as
// numbers from PGlite's WebAssembly file system (errno 51 and 19), which it throws while it starts.
const OUT_OF_SPACE_CODES = new Set(['53100', 'ENOSPC', 'EDQUOT']);
const WASM_OUT_OF_SPACE_ERRNOS = new Set([51, 19]);

/**
 * True when a write failed for want of disk space: nothing was saved, nothing is damaged, and the
 * same write succeeds once space is freed. Only the full disk counts: PostgreSQL's other
 * "insufficient resources" errors are not about saving (`isShortOfResources`), and 53400
 * (a statement over a configured limit, such as temp_file_limit) fails again however often it
 * is retried, so it stays a logged 500.
 */
export function isOutOfSpace(error: unknown): boolean {
  const { code } = driverError(error);
  if (code !== undefined && OUT_OF_SPACE_CODES.has(code)) return true;
  const { name, errno } = (error ?? {}) as { name?: string; errno?: number };
  return name === 'ErrnoError' && errno !== undefined && WASM_OUT_OF_SPACE_ERRNOS.has(errno);
}

/**
 * Where an out-of-space error came from: a file the server wrote itself (Node's file system
 * errors name their system call, though not always the file), or the database.
 */
export const spaceRanOutIn = (error: unknown): 'files' | 'database' =>
  typeof (error as { syscall?: unknown } | null)?.syscall === 'string' ? 'files' : 'database';

/**
 * PostgreSQL short of memory (53200) or another resource (53000): the statement may well pass a
 * moment later, so it is a 503 to retry, not a fault in the request or the code.
 */
export function isShortOfResources(error: unknown): boolean {
  const { code } = driverError(error);
  return code === '53000' || code === '53200';
}
