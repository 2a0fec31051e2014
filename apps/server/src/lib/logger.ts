import { pino } from 'pino';

/**
 * One logger for the process: JSON lines for log collectors, readable lines on a terminal.
 * Cookies and credentials never reach a line; requests are logged by path only (see
 * plugins/request-log.ts), never with their query or body.
 */
export async function createLogger(level: string, terminal = process.stdout.isTTY === true) {
  const options = {
    level,
    redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
  };
  if (!terminal || level === 'silent') return pino(options);
  // Loaded only for a terminal: production logs never pay for it.
  const { default: pretty } = await import('pino-pretty');
  return pino(options, pretty({ sync: true, translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname' }));
}

export type Logger = Awaited<ReturnType<typeof createLogger>>;
