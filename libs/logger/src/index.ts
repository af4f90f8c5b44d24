import winston from 'winston';
import type Transport from 'winston-transport';
import { redactField } from './redact';

export { MAX_TEXT_CHARS } from './capText';
export { REDACTED, isSecretField, redact, redactAndCap, redactAndCapStack, redactField, redactString } from './redact';

export type Logger = winston.Logger;

export interface LoggerOptions {
  service: string;
  level?: string;
  /** json in production (one object per line), pretty (readable, coloured) in development. */
  format?: 'json' | 'pretty';
  /** Where lines go; stdout when omitted. Tests pass a stream to read what was logged. */
  transports?: Transport[];
}

// Redaction is a format at the head of the pipeline, so no transport, format or child logger
// can see a secret: metadata, messages and errors alike pass through it.
const redactSecrets = winston.format((info) => {
  const fields = info as Record<string, unknown>;
  for (const key of Object.keys(fields)) {
    if (key !== 'level') fields[key] = redactField(key, fields[key]);
  }
  return info;
});

const pretty = winston.format.printf((info) => {
  const { level, message, timestamp, service, module: mod, stack, ...meta } = info as Record<string, unknown>;
  const where = [service, mod].filter(Boolean).join('/');
  const rest = Object.keys(meta).length ? ` ${JSON.stringify(meta)}` : '';
  return `${String(timestamp)} ${String(level)} [${where}] ${String(message)}${rest}${stack ? `\n${String(stack)}` : ''}`;
});

/** The root logger of a process. Modules, requests and jobs take `logger.child({...})`. */
export function createLogger(options: LoggerOptions): Logger {
  const format = options.format ?? 'json';
  return winston.createLogger({
    level: options.level ?? 'info',
    defaultMeta: { service: options.service },
    format: winston.format.combine(
      winston.format.errors({ stack: true }),
      redactSecrets(),
      winston.format.timestamp(),
      format === 'json' ? winston.format.json() : winston.format.combine(winston.format.colorize(), pretty),
    ),
    transports: options.transports ?? [new winston.transports.Console()],
  });
}

/** A logger that writes nothing, for code paths whose caller gives none. */
export function silentLogger(): Logger {
  return winston.createLogger({ silent: true, transports: [new winston.transports.Console({ silent: true })] });
}

/** The root logger for a service from its common settings: JSON in production, readable otherwise. */
export function createServiceLogger(service: string, config: { NODE_ENV: string; LOG_LEVEL: string }): Logger {
  return createLogger({ service, level: config.LOG_LEVEL, format: config.NODE_ENV === 'production' ? 'json' : 'pretty' });
}
