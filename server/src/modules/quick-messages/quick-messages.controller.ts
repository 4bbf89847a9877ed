import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query, Req } from '@nestjs/common';
import {
  quickMessageSchema,
  quickMessageSendSchema,
  type QuickMessageInput,
  type QuickMessageSendInput,
} from '@atendo/shared';
import type { FastifyRequest } from 'fastify';
import type { AuthUser } from '../../common/auth-user.js';
import { CurrentUser } from '../../common/decorators.js';
import { fileRequired } from '../../common/multipart.js';
import { listQuerySchema, type ListQuery } from '../../common/pagination.js';
import { IdPipe, YupPipe } from '../../common/validation.pipe.js';
import { readUpload } from '../media/attachment.js';
import { QuickMessagesService } from './quick-messages.service.js';

const id = new IdPipe('ERR_NOT_FOUND');
const body = new YupPipe(quickMessageSchema);

/** `companyId` and `userId` of the existing clients' queries are ignored: the token says who asks. */
@Controller('quick-messages')
export class QuickMessagesController {
  constructor(private readonly quickMessages: QuickMessagesService) {}

  @Get()
  page(@CurrentUser() auth: AuthUser, @Query(new YupPipe(listQuerySchema)) query: ListQuery) {
    return this.quickMessages.page(auth, query);
  }

  @Get('list')
  list(@CurrentUser() auth: AuthUser) {
    return this.quickMessages.all(auth);
  }

  @Get(':id')
  findOne(@CurrentUser() auth: AuthUser, @Param('id', id) quickMessageId: number) {
    return this.quickMessages.findOne(auth, quickMessageId);
  }

  @Post()
  create(@CurrentUser() auth: AuthUser, @Body(body) input: QuickMessageInput) {
    return this.quickMessages.create(auth, input);
  }

  @Put(':id')
  update(@CurrentUser() auth: AuthUser, @Param('id', id) quickMessageId: number, @Body(body) input: QuickMessageInput) {
    return this.quickMessages.update(auth, quickMessageId, input);
  }

  @Delete(':id')
  @HttpCode(204)
  async remove(@CurrentUser() auth: AuthUser, @Param('id', id) quickMessageId: number) {
    await this.quickMessages.remove(auth, quickMessageId);
  }

  /** Multipart with one file (the existing clients name it `file` and add a `typeArch`, unused). */
  @Post(':id/media-upload')
  async upload(@CurrentUser() auth: AuthUser, @Param('id', id) quickMessageId: number, @Req() request: FastifyRequest) {
    const { files } = await readUpload(request, 'file', 1);
    if (!files.length) throw fileRequired('file');
    return this.quickMessages.attach(auth, quickMessageId, files[0]);
  }

  @Delete(':id/media-upload')
  detach(@CurrentUser() auth: AuthUser, @Param('id', id) quickMessageId: number) {
    return this.quickMessages.detach(auth, quickMessageId);
  }

  /** The attachment into a ticket, as the composer sends it when a quick answer carries one. */
  @Post(':id/send')
  send(
    @CurrentUser() auth: AuthUser,
    @Param('id', id) quickMessageId: number,
    @Body(new YupPipe(quickMessageSendSchema)) input: QuickMessageSendInput,
  ) {
    return this.quickMessages.send(auth, quickMessageId, input);
  }
}
