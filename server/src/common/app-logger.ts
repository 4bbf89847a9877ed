import { ConsoleLogger, type LogLevel } from '@nestjs/common';
import { currentRequest, requestFields } from './request-context.js';

export type LogFormat = 'json' | 'text';

/** Names of fields whose values are secrets, at any depth of anything logged. */
const SECRET_FIELD =
  /authorization|cookie|token|password|passwd|secret|credential|signature|api[-_]?key|.+key$|^jrt$|^creds$/i;

const REDACTED = '[redacted]';

/** Secrets written inside a text: credentials after their scheme, `name=value` pairs, quoted JSON fields, JWTs. */
const SECRET_TEXT: [RegExp, string][] = [
  [/\b(bearer|basic)\s+[A-Za-z0-9._~+/=-]+/gi, `$1 ${REDACTED}`],
  [
    /("[^"]*(?:authorization|cookie|token|password|secret|api[-_]?key|privkey|private[-_]?key)[^"]*"\s*:\s*)"(?:[^"\\]|\\.)*"/gi,
    `$1"${REDACTED}"`,
  ],
  [/\b([\w-]*(?:token|password|secret|api[-_]?key|jrt)[\w-]*=)[^&\s"';]+/gi, `$1${REDACTED}`],
  [/\beyJ[\w-]+\.[\w-]+\.[\w-]+/g, REDACTED],
];

export function redactText(text: string): string {
  return SECRET_TEXT.reduce((out, [pattern, replacement]) => out.replace(pattern, replacement), text);
}

/** A copy of `value` with secret fields masked and secrets inside texts cut out. */
export function redact(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return redactText(value);
  if (!value || typeof value !== 'object' || depth > 8) return value;
  if (value instanceof Error) {
    const copy = new Error(redactText(value.message));
    copy.name = value.name;
    copy.stack = value.stack && redactText(value.stack);
    return copy;
  }
  if (Array.isArray(value)) return value.map((item) => redact(item, depth + 1));
  if (Buffer.isBuffer(value) || value instanceof Date) return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [key, SECRET_FIELD.test(key) ? REDACTED : redact(item, depth + 1)]),
  );
}

const LEVEL_NAMES: Record<LogLevel, string> = {
  fatal: 'fatal',
  error: 'error',
  warn: 'warn',
  log: 'info',
  debug: 'debug',
  verbose: 'verbose',
};

/**
 * The server's logger. `text` prints what Nest's console logger always printed; `json` prints one
 * object a line with the time, level, context and message, and, for the lines a request causes
 * (wherever in the code), its id, route, company and user. Both mask secrets first.
 */
export class AppLogger extends ConsoleLogger {
  constructor(format: LogFormat, levels: LogLevel[]) {
    super(format === 'json' ? { json: true, flattenParams: true, logLevels: levels } : { logLevels: levels });
  }

  protected override printMessages(
    messages: unknown[],
    context?: string,
    logLevel?: LogLevel,
    writeStreamType?: 'stdout' | 'stderr',
    errorStack?: unknown,
    params?: Record<string, unknown>,
  ): void {
    super.printMessages(
      messages.map((message) => redact(this.resolveMessage(message))),
      context,
      logLevel,
      writeStreamType,
      typeof errorStack === 'string' ? redactText(errorStack) : errorStack,
      params && (redact(params) as Record<string, unknown>),
    );
  }

  protected override printStackTrace(stack: string | undefined): void {
    // Nest calls it for every error line, with no stack when the line has none.
    if (stack) super.printStackTrace(redactText(stack));
  }

  /** Reshapes Nest's JSON record: the time readable, the level named, the request's fields added. */
  protected override stringifyJsonLogObject(logObject: Record<string, unknown>): string {
    const { level, timestamp, pid: _pid, message, context, ...rest } = logObject;
    const request = currentRequest();
    return super.stringifyJsonLogObject({
      time: new Date(timestamp as number).toISOString(),
      level: LEVEL_NAMES[level as LogLevel] ?? level,
      ...(context ? { context } : {}),
      ...(request ? requestFields(request) : {}),
      message,
      ...rest,
    });
  }
}
