import { Logger } from '@nestjs/common';
import type { FastifyInstance } from 'fastify';

/** Routes whose path carries a secret (reset codes, passwords): logged without the path. */
const REDACTED = [/^\/+resetpasswords(\/|$)/i, /^\/+forgetpassword(\/|$)/i];

/** The URL as a log line may show it: `[redacted]` for the routes above, however they are spelled. */
export function loggableUrl(url: string): string {
  const path = url.split('?')[0];
  let decoded = path;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    // A malformed escape: judge the path as it came.
  }
  return REDACTED.some((r) => r.test(path) || r.test(decoded)) ? '[redacted]' : url;
}

export function registerAccessLog(app: FastifyInstance): void {
  const logger = new Logger('HTTP');
  app.addHook('onResponse', async (request, reply) => {
    const shown = loggableUrl(request.url.split('?')[0]);
    logger.log(`${request.method} ${shown} ${reply.statusCode} ${reply.elapsedTime.toFixed(1)}ms [req ${request.id}]`);
  });
}
