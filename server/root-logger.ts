import pino, { type Logger as PinoLogger } from 'pino';
import pretty from 'pino-pretty';
import { type ServerConfig } from './config';

/** What the service's logger is built from. */
export interface RootLoggerOptions {
  level: ServerConfig['log_level'];
  /** `auto` is `pretty` when stdout is a terminal and `json` otherwise. */
  format: ServerConfig['log_format'];
  /** Fields every line carries. */
  base?: Record<string, unknown>;
  /** Whether stdout is a terminal. @default process.stdout.isTTY */
  terminal?: boolean;
}

/**
 * Builds the one logger of the service process, writing to stdout: JSON lines (pino's own format, `time` in
 * epoch milliseconds) for log collectors, or text through pino-pretty for a person at a terminal; never both.
 */
export function createRootLogger({ level, format, base, terminal = process.stdout.isTTY === true }: RootLoggerOptions): PinoLogger {
  const options = { level, base: { ...base } };
  if (format === 'json' || (format === 'auto' && !terminal)) return pino(options);
  // Formatted in-process and written synchronously to stdout: no worker thread, and no line lost at exit.
  const stream = pretty({ destination: 1, sync: true, colorize: terminal, translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname,service_node,namespace' });
  return pino(options, stream);
}
