import path from 'node:path';
import { ConfigError } from '../config.ts';
import { DataDirLockedError } from '../db/data-dir-lock.ts';
import { DataDirFullError } from '../db/embedded.ts';
import { driverError, isDatabaseUnavailable, isOutOfSpace } from '../lib/db-errors.ts';

/**
 * The one line an operator needs when the server cannot start for a reason outside the code
 * (configuration, a busy port or data directory, an unreachable database, a full disk), or
 * undefined for a fault in the code, which is reported with its stack.
 */
export function startupFailure(error: unknown): string | undefined {
  for (const known of [ConfigError, DataDirLockedError, DataDirFullError]) {
    if (error instanceof known) return error.message;
  }
  const { code, message } = driverError(error);
  const port = (error as { port?: number }).port;
  switch (code) {
    case 'EADDRINUSE':
      return `Port ${port} is already in use: stop the program using it, or set PORT to another port.`;
    case 'EACCES':
      return `Not allowed to listen on port ${port}: choose a port above 1023 with PORT.`;
    case '28P01':
      return 'PostgreSQL refused the user name or password in DATABASE_URL.';
    case '3D000':
      return `PostgreSQL: ${message}. Create it first (createdb), or fix DATABASE_URL.`;
    case '53100':
      return `Cannot start: PostgreSQL's disk is full (${message}). Free some space there, then start again.`;
  }
  if (isOutOfSpace(error)) {
    // A directory of DATA_DIR that could not be made or written (the uploads, the embedded database).
    const file = (error as { path?: unknown }).path;
    const where = typeof file === 'string' ? `the disk holding ${path.dirname(file)}` : 'the disk';
    return `Cannot start: ${where} is full. Free some space there, then start again.`;
  }
  if (isDatabaseUnavailable(error)) return `Cannot reach the database in DATABASE_URL: ${message}.`;
  return undefined;
}
