import { Logger } from '@nestjs/common';
import type { FastifyInstance } from 'fastify';
import type { LogFormat } from './app-logger.js';
import { requestFields } from './request-context.js';

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

/**
 * One line a request. In JSON the line carries its parts as fields too (the request id, route
 * pattern, company and user, status and duration), so a log store can filter and sum them.
 */
export function registerAccessLog(app: FastifyInstance, format: LogFormat = 'text'): void {
  const logger = new Logger('HTTP');
  app.addHook('onResponse', async (request, reply) => {
    const shown = loggableUrl(request.url.split('?')[0]);
    const line = `${request.method} ${shown} ${reply.statusCode} ${reply.elapsedTime.toFixed(1)}ms [req ${request.id}]`;
    if (format === 'text') return logger.log(line);
    logger.log(line, {
      ...requestFields(request),
      method: request.method,
      url: shown,
      status: reply.statusCode,
      durationMs: Number(reply.elapsedTime.toFixed(1)),
    });
  });
}
