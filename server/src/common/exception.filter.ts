import { Catch, HttpException, Logger, type ArgumentsHost, type ExceptionFilter } from '@nestjs/common';
import { RETRY_AFTER_SECONDS, type ErrorBody } from '@atendo/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { loggableUrl } from './access-log.js';
import { DomainError, ThrottledError } from './domain-error.js';

/** Fastify's own client errors, by code, and what they answer. */
const FASTIFY_ERRORS: Record<string, { status: number; error: string }> = {
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, error: 'ERR_PAYLOAD_TOO_LARGE' },
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, error: 'ERR_INVALID_JSON' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, error: 'ERR_INVALID_JSON' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, error: 'ERR_VALIDATION' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, error: 'ERR_VALIDATION' },
};

const HTTP_STATUS_ERRORS: Record<number, string> = {
  400: 'ERR_VALIDATION',
  401: 'ERR_INVALID_TOKEN',
  403: 'ERR_NO_PERMISSION',
  404: 'ERR_NOT_FOUND',
  405: 'ERR_NOT_FOUND',
  413: 'ERR_PAYLOAD_TOO_LARGE',
  429: 'ERR_TOO_MANY_REQUESTS',
};

/**
 * The one place errors become answers: `{ error: "ERR_..." }` with the catalogue's status, and
 * `requestId` on 5xx answers. Anything unexpected answers 500 without details and is logged with
 * the request id.
 */
@Catch()
export class AllExceptionsFilter implements ExceptionFilter {
  private readonly logger = new Logger('Errors');

  catch(exception: unknown, host: ArgumentsHost): void {
    const ctx = host.switchToHttp();
    const reply = ctx.getResponse<FastifyReply>();
    const request = ctx.getRequest<FastifyRequest>();
    const { status, body } = this.toAnswer(exception);
    // A server-side failure names its request (also in X-Request-Id), so support finds its log lines.
    if (status >= 500) body.requestId = String(request?.id ?? '');
    const retryAfter =
      exception instanceof ThrottledError
        ? exception.retryAfterSeconds
        : exception instanceof DomainError
          ? RETRY_AFTER_SECONDS[exception.code]
          : undefined;
    // A passing condition the client is told to retry is expected, not a failure to look into.
    if (status >= 500 && !retryAfter) {
      this.logger.error(
        `${request?.method} ${loggableUrl(request?.url ?? '')} failed [req ${request?.id}]`,
        exception instanceof Error ? exception.stack : String(exception),
      );
    }
    if (retryAfter) void reply.header('retry-after', String(retryAfter));
    void reply.status(status).header('content-type', 'application/json; charset=utf-8').send(JSON.stringify(body));
  }

  private toAnswer(exception: unknown): { status: number; body: ErrorBody } {
    if (exception instanceof DomainError) {
      return { status: exception.status, body: { error: exception.code, ...exception.extra } };
    }
    const code = fastifyCode(exception);
    if (code && FASTIFY_ERRORS[code]) {
      const known = FASTIFY_ERRORS[code];
      return { status: known.status, body: { error: known.error } };
    }
    if (exception instanceof HttpException) {
      const status = exception.getStatus();
      if (status < 500) {
        return { status, body: { error: HTTP_STATUS_ERRORS[status] ?? 'ERR_VALIDATION' } };
      }
    }
    return { status: 500, body: { error: 'ERR_INTERNAL_SERVER_ERROR' } };
  }
}

/** Fastify's errors come bare, or wrapped by Nest in an HttpException whose cause they are. */
function fastifyCode(exception: unknown): string | undefined {
  const own = (exception as { code?: unknown } | null)?.code;
  if (typeof own === 'string') return own;
  const cause = (exception as { cause?: { code?: unknown } } | null)?.cause?.code;
  return typeof cause === 'string' ? cause : undefined;
}
