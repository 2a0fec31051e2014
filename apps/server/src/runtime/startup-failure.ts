import { ConfigError } from '../config.ts';
import { DataDirLockedError } from '../db/data-dir-lock.ts';
import { driverError, isDatabaseUnavailable } from '../lib/db-errors.ts';

/**
 * The one line an operator needs when the server cannot start for a reason outside the code
 * (configuration, a busy port or data directory, an unreachable database), or undefined for a
 * fault in the code, which is reported with its stack.
 */
export function startupFailure(error: unknown): string | undefined {
  if (error instanceof ConfigError || error instanceof DataDirLockedError) return error.message;
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
  }
  if (isDatabaseUnavailable(error)) return `Cannot reach the database in DATABASE_URL: ${message}.`;
  return undefined;
}
