import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query, type PipeTransform } from '@nestjs/common';
import { chatMessageSchema, chatSchema, V, type ChatInput, type ChatMessageInput } from '@atendo/shared';
import * as yup from 'yup';
import type { AuthUser } from '../../common/auth-user.js';
import { CurrentUser, RequirePlan } from '../../common/decorators.js';
import { listQuerySchema } from '../../common/pagination.js';
import { IdPipe, YupPipe } from '../../common/validation.pipe.js';
import { ChatsService, type ChatListQuery, type ChatRef } from './chats.service.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** GET /chats/{id} also takes the chat's uuid: the screen's route names a chat by it. */
class ChatRefPipe implements PipeTransform {
  private readonly byId = new IdPipe('ERR_NO_CHAT_FOUND');

  transform(value: string): ChatRef {
    return UUID.test(value) ? { uuid: value.toLowerCase() } : { id: this.byId.transform(value) };
  }
}

/** The other calls name a chat by its id. */
class ChatIdPipe implements PipeTransform {
  private readonly byId = new IdPipe('ERR_NO_CHAT_FOUND');

  transform(value: string): ChatRef {
    return { id: this.byId.transform(value) };
  }
}

const chatListSchema = listQuerySchema.shape({
  /** Only the chats with messages the caller has not seen (the top bar's popover). */
  unread: yup.boolean().typeError(V.invalid).default(false),
});

const messagesQuerySchema = listQuerySchema.pick(['pageNumber']);

/** Document 2's internal chat, for companies whose plan has it (`useInternalChat`). */
@Controller('chats')
@RequirePlan('useInternalChat')
export class ChatsController {
  constructor(private readonly chats: ChatsService) {}

  @Get()
  page(@CurrentUser() auth: AuthUser, @Query(new YupPipe(chatListSchema)) query: ChatListQuery) {
    return this.chats.page(auth, query);
  }

  @Get(':id')
  findOne(@CurrentUser() auth: AuthUser, @Param('id', ChatRefPipe) ref: ChatRef) {
    return this.chats.findOne(auth, ref);
  }

  @Post()
  create(@CurrentUser() auth: AuthUser, @Body(new YupPipe(chatSchema)) body: ChatInput) {
    return this.chats.create(auth, body);
  }

  @Put(':id')
  update(
    @CurrentUser() auth: AuthUser,
    @Param('id', ChatIdPipe) ref: ChatRef,
    @Body(new YupPipe(chatSchema)) body: ChatInput,
  ) {
    return this.chats.update(auth, ref, body);
  }

  @Delete(':id')
  @HttpCode(204)
  async remove(@CurrentUser() auth: AuthUser, @Param('id', ChatIdPipe) ref: ChatRef) {
    await this.chats.remove(auth, ref);
  }

  @Post(':id/read')
  @HttpCode(200)
  read(@CurrentUser() auth: AuthUser, @Param('id', ChatIdPipe) ref: ChatRef) {
    return this.chats.markRead(auth, ref);
  }

  @Get(':id/messages')
  messages(
    @CurrentUser() auth: AuthUser,
    @Param('id', ChatIdPipe) ref: ChatRef,
    @Query(new YupPipe(messagesQuerySchema)) query: { pageNumber: number },
  ) {
    return this.chats.messages(auth, ref, query.pageNumber);
  }

  @Post(':id/messages')
  send(
    @CurrentUser() auth: AuthUser,
    @Param('id', ChatIdPipe) ref: ChatRef,
    @Body(new YupPipe(chatMessageSchema)) body: ChatMessageInput,
  ) {
    return this.chats.send(auth, ref, body);
  }
}
