import { Logger } from '@nestjs/common';
import type { FastifyInstance } from 'fastify';

/** Routes whose path carries a secret (reset codes, passwords): logged without the path. */
const REDACTED = [/^\/resetpasswords\//i, /^\/forgetpassword\//i];

export function registerAccessLog(app: FastifyInstance): void {
  const logger = new Logger('HTTP');
  app.addHook('onResponse', async (request, reply) => {
    const path = request.url.split('?')[0];
    const shown = REDACTED.some((r) => r.test(path)) ? '[redacted]' : path;
    logger.log(`${request.method} ${shown} ${reply.statusCode} ${reply.elapsedTime.toFixed(1)}ms [req ${request.id}]`);
  });
}
