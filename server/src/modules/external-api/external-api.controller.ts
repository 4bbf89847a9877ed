import { Controller, HttpCode, Post, Req } from '@nestjs/common';
import { EXTERNAL_SENT, externalSendSchema, IDEMPOTENCY_KEY_MAX, V } from '@atendo/shared';
import type { FastifyRequest } from 'fastify';
import { Public, RequirePlan } from '../../common/decorators.js';
import { DomainError } from '../../common/domain-error.js';
import { readMedias } from '../../common/multipart.js';
import { validated } from '../../common/validation.pipe.js';
import type { UploadedFile } from '../conversations/messages.service.js';
import { ExternalApiService } from './external-api.service.js';

/**
 * `POST /api/messages/send`: public to the session guard, since its bearer token is a connection's
 * send token, not a user's session (see ExternalApiService.connectionOf).
 */
@Controller('api/messages')
export class ExternalApiController {
  constructor(private readonly api: ExternalApiService) {}

  /** JSON `{ number, body, closeTicket? }`, or multipart with `number`, optional `body` and files under `medias`. */
  @Public()
  // Declared for the route table (PLAN_FEATURE_PATHS); the session guard passes public routes by,
  // so ExternalApiService.connectionOf checks it for the token's company.
  @RequirePlan('useExternalApi')
  @Post('send')
  @HttpCode(200)
  async send(@Req() request: FastifyRequest) {
    const connection = await this.api.connectionOf(request.headers.authorization, request.ip);
    const key = idempotencyKey(request.headers['idempotency-key']);
    let files: UploadedFile[] = [];
    let raw: Record<string, unknown> = (request.body ?? {}) as Record<string, unknown>;
    if (request.isMultipart()) {
      const read = await readMedias(request);
      files = read.files;
      // The fields the call takes, each its last value.
      raw = Object.fromEntries(
        ['number', 'body', 'closeTicket'].flatMap((name) => {
          const value = read.fields.get(name)?.at(-1);
          return value === undefined ? [] : [[name, value]];
        }),
      );
    }
    const input = await validated(externalSendSchema(files.length > 0), raw);
    await this.api.send(connection, input, files, key);
    return EXTERNAL_SENT;
  }
}

/** The `Idempotency-Key` header, when there is one: printable text up to IDEMPOTENCY_KEY_MAX characters. */
function idempotencyKey(header: string | string[] | undefined): string | null {
  if (header === undefined) return null;
  const value = Array.isArray(header) ? header[0] : header;
  if (!value || value.length > IDEMPOTENCY_KEY_MAX || !/^[\x21-\x7e]+$/.test(value)) {
    throw new DomainError('ERR_VALIDATION', { fields: [{ field: 'Idempotency-Key', message: V.invalid }] });
  }
  return value;
}
