import { Logger } from '@nestjs/common';
import type { UserFacingSocketConfig } from '@whiskeysockets/baileys';

/** Baileys' logger interface (not exported by name from the package's entry). */
export type BaileysLogger = NonNullable<UserFacingSocketConfig['logger']>;

/**
 * Baileys logs through a pino-shaped logger. Routing it into Nest's logger keeps one log stream
 * and one level switch for the whole server, and spares the server a direct dependency on pino.
 *
 * Baileys is chatty: its info lines describe every frame, and it reports recoverable protocol
 * hiccups (decryption retries, bad acks) as warnings or errors. Only those two levels pass, one
 * step down (error → warn, warn → debug), so a healthy session does not fill the server log.
 */
export function baileysLogger(context: string): BaileysLogger {
  const nest = new Logger(context);
  const text = (obj: unknown, msg?: string) => {
    if (msg) return obj && typeof obj === 'object' && Object.keys(obj).length ? `${msg} ${safeJson(obj)}` : msg;
    return typeof obj === 'string' ? obj : safeJson(obj);
  };
  const logger: BaileysLogger = {
    level: 'warn',
    child: () => logger,
    trace: () => undefined,
    debug: () => undefined,
    info: () => undefined,
    warn: (obj, msg) => nest.debug(text(obj, msg)),
    error: (obj, msg) => nest.warn(text(obj, msg)),
  };
  return logger;
}

/** Baileys attaches whole protocol frames to some lines; a log line keeps their first part only. */
const MAX_LINE = 2000;

function safeJson(value: unknown): string {
  try {
    const json = JSON.stringify(value, (_key, v: unknown) =>
      v instanceof Error ? { message: v.message } : typeof v === 'bigint' ? String(v) : v,
    );
    return json.length > MAX_LINE ? `${json.slice(0, MAX_LINE)}…` : json;
  } catch {
    return String(value);
  }
}
