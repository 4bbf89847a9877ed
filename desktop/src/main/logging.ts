/**
 * The main process's log file (electron-log): what support asks an agent for when the app
 * misbehaves. It lives in the OS's log folder for the app (~/Library/Logs/Atendo,
 * %APPDATA%\Atendo\logs, ~/.config/Atendo/logs), opened from the tray's "Open log folder".
 */

/** A file grows to this size, then becomes main.old.log (replacing the previous one): ≤ 2 × this on disk. */
export const LOG_MAX_BYTES = 5 * 1024 * 1024;

/** The part of an electron-log message a hook sees and may change. */
export interface LogMessageLike {
  data: unknown[];
}

/** The part of electron-log's main-process logger configured here (M: its message type). */
export interface ElectronLogPort<M extends LogMessageLike = LogMessageLike> {
  transports: {
    file: { maxSize: number; level: string | false };
    console: { level: string | false };
  };
  hooks: Array<(message: M) => M | false>;
}

const REDACTED = '[redacted]';
/** Keys whose values are credentials, in objects handed to the log. */
const SECRET_KEY = /token|password|secret|authorization|cookie|credential|^jrt$/i;
const SECRET_PATTERNS: Array<[RegExp, string]> = [
  // An Authorization header or a line quoting one.
  [/\b(Bearer|Basic)\s+[A-Za-z0-9._~+/=-]+/gi, `$1 ${REDACTED}`],
  // A JWT anywhere (the access and refresh tokens are JWTs).
  [/\beyJ[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*/g, REDACTED],
  // token=…, password=…, jrt=… in a query string or cookie.
  [/\b([\w-]*(?:token|password|secret|jrt)[\w-]*)=[^&;\s"']+/gi, `$1=${REDACTED}`],
];

function redactText(text: string): string {
  return SECRET_PATTERNS.reduce((current, [pattern, replacement]) => current.replace(pattern, replacement), text);
}

/**
 * A copy of what is about to be logged with tokens, passwords and cookies replaced: the log file
 * leaves the agent's computer when support asks for it, and must not carry a session with it.
 */
export function redactSecrets(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return redactText(value);
  if (value === null || typeof value !== 'object') return value;
  // Deep enough for any error or options object the app logs; a cycle stops here too.
  if (depth > 5) return '[…]';
  if (value instanceof Error) {
    const copy = new Error(redactText(value.message));
    copy.name = value.name;
    copy.stack = value.stack === undefined ? undefined : redactText(value.stack);
    if (value.cause !== undefined) copy.cause = redactSecrets(value.cause, depth + 1);
    return copy;
  }
  if (Array.isArray(value)) return value.map((item) => redactSecrets(item, depth + 1));
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [key, SECRET_KEY.test(key) ? REDACTED : redactSecrets(item, depth + 1)]),
  );
}

/** Size-capped, rotated file; every line (console's too, see main.ts) goes through redactSecrets. */
export function configureFileLog<M extends LogMessageLike>(log: ElectronLogPort<M>): void {
  log.transports.file.maxSize = LOG_MAX_BYTES;
  log.transports.file.level = 'info';
  log.transports.console.level = 'info';
  log.hooks.push((message) => {
    // The logged values themselves are copied, not changed (redactSecrets returns copies).
    message.data = message.data.map((item) => redactSecrets(item));
    return message;
  });
}
