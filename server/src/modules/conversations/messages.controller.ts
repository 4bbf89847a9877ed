import { Controller, Delete, Get, Param, Post, Query, Req } from '@nestjs/common';
import { messageSendSchema } from '@atendo/shared';
import type { FastifyRequest } from 'fastify';
import type { AuthUser } from '../../common/auth-user.js';
import { CurrentUser } from '../../common/decorators.js';
import { fileRequired, readMedias } from '../../common/multipart.js';
import { IdPipe, YupPipe } from '../../common/validation.pipe.js';
import { MessagesService } from './messages.service.js';
import { messageListSchema, type MessageListQuery } from './query.schemas.js';

const ticketId = new IdPipe('ERR_NO_TICKET_FOUND');
const sendBody = new YupPipe(messageSendSchema);

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
    const { files, fields } = await readMedias(request);
    if (!files.length) throw fileRequired('medias');
    const quotedMsgId = Number(fields.get('quotedMsgId')?.at(-1));
    return this.messages.sendMedia(auth, id, files, {
      bodies: fields.get('body') ?? [],
      quotedMsgId: Number.isSafeInteger(quotedMsgId) && quotedMsgId > 0 ? quotedMsgId : null,
      voice: fields.get('voice')?.at(-1) === 'true' || files.every((f) => /^audio-record/i.test(f.filename)),
    });
  }
}
