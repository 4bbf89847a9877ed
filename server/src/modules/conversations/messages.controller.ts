import { Controller, Delete, Get, Param, Post, Query, Req } from '@nestjs/common';
import { MEDIA_MAX_BYTES, messageSendSchema } from '@atendo/shared';
import type { FastifyRequest } from 'fastify';
import type { AuthUser } from '../../common/auth-user.js';
import { CurrentUser } from '../../common/decorators.js';
import { fileRequired, readMultipart } from '../../common/multipart.js';
import { IdPipe, YupPipe } from '../../common/validation.pipe.js';
import { MessagesService, type UploadedFile } from './messages.service.js';
import { messageListSchema, type MessageListQuery } from './query.schemas.js';

const ticketId = new IdPipe('ERR_NO_TICKET_FOUND');
const sendBody = new YupPipe(messageSendSchema);
/** Files per request: an album is at most ten. */
const MAX_FILES = 10;

@Controller('messages')
export class MessagesController {
  constructor(private readonly messages: MessagesService) {}

  @Get(':ticketId')
  list(
    @CurrentUser() auth: AuthUser,
    @Param('ticketId', ticketId) id: number,
    @Query(new YupPipe(messageListSchema)) query: MessageListQuery,
  ) {
    return this.messages.list(auth, id, query);
  }

  /** JSON `{ body, quotedMsg?, quotedMsgId? }`, or multipart with files under `medias` and an optional `body`. */
  @Post(':ticketId')
  async send(@CurrentUser() auth: AuthUser, @Param('ticketId', ticketId) id: number, @Req() request: FastifyRequest) {
    if (request.isMultipart()) return this.sendMedia(auth, id, request);
    const raw = (request.body ?? {}) as Record<string, unknown>;
    const quoted = raw.quotedMsg as { id?: unknown } | null | undefined;
    const input = await sendBody.transform({ ...raw, quotedMsgId: raw.quotedMsgId ?? quoted?.id ?? undefined });
    return this.messages.sendText(auth, id, input as { body: string; quotedMsgId?: number | null });
  }

  @Delete(':id')
  remove(@CurrentUser() auth: AuthUser, @Param('id', new IdPipe('ERR_NOT_FOUND')) messageId: number) {
    return this.messages.remove(auth, messageId);
  }

  private async sendMedia(auth: AuthUser, id: number, request: FastifyRequest) {
    const files: UploadedFile[] = [];
    const fields: Record<string, string> = {};
    const bodies: string[] = [];
    await readMultipart(request, 'medias', async () => {
      for await (const part of request.parts({ limits: { fileSize: MEDIA_MAX_BYTES, files: MAX_FILES } })) {
        if (part.type === 'file') {
          const data = await part.toBuffer();
          if (part.fieldname === 'medias' && data.length) {
            files.push({ data, mimetype: part.mimetype, filename: part.filename || 'file' });
          }
        } else if (typeof part.value === 'string') {
          if (part.fieldname === 'body') bodies.push(part.value);
          else fields[part.fieldname] = part.value;
        }
      }
    });
    if (!files.length) throw fileRequired('medias');
    const quotedMsgId = Number(fields.quotedMsgId);
    return this.messages.sendMedia(auth, id, files, {
      bodies,
      quotedMsgId: Number.isSafeInteger(quotedMsgId) && quotedMsgId > 0 ? quotedMsgId : null,
      voice: fields.voice === 'true' || files.every((f) => /^audio-record/i.test(f.filename)),
    });
  }
}
