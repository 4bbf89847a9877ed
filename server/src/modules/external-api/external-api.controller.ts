import { Controller, HttpCode, Post, Req } from '@nestjs/common';
import {
  EXTERNAL_MEDIA_MAX_FILES,
  EXTERNAL_SENT,
  externalSendSchema,
  IDEMPOTENCY_KEY_MAX,
  MEDIA_MAX_BYTES,
  V,
} from '@atendo/shared';
import type { FastifyRequest } from 'fastify';
import { Public, RequirePlan } from '../../common/decorators.js';
import { DomainError } from '../../common/domain-error.js';
import { readMultipart } from '../../common/multipart.js';
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
    const connection = await this.api.connectionOf(request.headers.authorization);
    const key = idempotencyKey(request.headers['idempotency-key']);
    const files: UploadedFile[] = [];
    let raw: Record<string, unknown>;
    if (request.isMultipart()) {
      raw = {};
      await readMultipart(request, 'medias', async () => {
        const limits = { fileSize: MEDIA_MAX_BYTES, files: EXTERNAL_MEDIA_MAX_FILES };
        for await (const part of request.parts({ limits })) {
          if (part.type === 'file') {
            const data = await part.toBuffer();
            if (part.fieldname === 'medias' && data.length) {
              files.push({ data, mimetype: part.mimetype, filename: part.filename || 'file' });
            }
          } else if (['number', 'body', 'closeTicket'].includes(part.fieldname)) {
            raw[part.fieldname] = part.value;
          }
        }
      });
    } else {
      raw = (request.body ?? {}) as Record<string, unknown>;
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
