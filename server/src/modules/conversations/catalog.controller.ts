import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query } from '@nestjs/common';
import { tagOrderSchema, tagSchema, ticketNoteSchema, type TagInput, type TagOrderInput } from '@atendo/shared';
import type { AuthUser } from '../../common/auth-user.js';
import { CurrentUser, RequirePermission, RequirePlan } from '../../common/decorators.js';
import { IdPipe, YupPipe } from '../../common/validation.pipe.js';
import { listQuerySchema, type ListQuery } from '../../common/pagination.js';
import { CatalogService } from './catalog.service.js';
import { TagsService } from './tags.service.js';
import { notesQuerySchema, tagSyncSchema } from './query.schemas.js';

@Controller('tags')
export class TagsController {
  constructor(
    private readonly tags: TagsService,
    private readonly catalog: CatalogService,
  ) {}

  @Get()
  page(@CurrentUser() auth: AuthUser, @Query(new YupPipe(listQuerySchema)) query: ListQuery) {
    return this.tags.page(auth, query);
  }

  @Get('list')
  list(@CurrentUser() auth: AuthUser) {
    return this.tags.all(auth);
  }

  @Get('kanban')
  @RequirePlan('useKanban')
  kanban(@CurrentUser() auth: AuthUser) {
    return this.tags.kanban(auth);
  }

  /** The lanes' order on the board, which the company's admins arrange. */
  @Put('kanban/order')
  @RequirePlan('useKanban')
  @RequirePermission('tags:arrangeLanes')
  arrangeLanes(@CurrentUser() auth: AuthUser, @Body(new YupPipe(tagOrderSchema)) body: TagOrderInput) {
    return this.tags.arrangeLanes(auth, body.tagIds);
  }

  @Get(':id')
  findOne(@CurrentUser() auth: AuthUser, @Param('id', new IdPipe('ERR_NO_TAG_FOUND')) id: number) {
    return this.tags.findOne(auth, id);
  }

  @Post()
  create(@CurrentUser() auth: AuthUser, @Body(new YupPipe(tagSchema)) body: TagInput) {
    return this.tags.create(auth, body);
  }

  @Put(':id')
  update(
    @CurrentUser() auth: AuthUser,
    @Param('id', new IdPipe('ERR_NO_TAG_FOUND')) id: number,
    @Body(new YupPipe(tagSchema)) body: TagInput,
  ) {
    return this.tags.update(auth, id, body);
  }

  @Delete(':id')
  @HttpCode(204)
  async remove(@CurrentUser() auth: AuthUser, @Param('id', new IdPipe('ERR_NO_TAG_FOUND')) id: number) {
    await this.tags.remove(auth, id);
  }

  @Post('sync')
  @HttpCode(200)
  sync(
    @CurrentUser() auth: AuthUser,
    @Body(new YupPipe(tagSyncSchema)) body: { ticketId: number; tags: { id: number }[] },
  ) {
    return this.catalog.syncTags(auth, body);
  }
}

@Controller('ticket-notes')
export class TicketNotesController {
  constructor(private readonly catalog: CatalogService) {}

  @Get('list')
  list(
    @CurrentUser() auth: AuthUser,
    @Query(new YupPipe(notesQuerySchema)) query: { ticketId: number; contactId?: number },
  ) {
    return this.catalog.notes(auth, query);
  }

  @Post()
  create(
    @CurrentUser() auth: AuthUser,
    @Body(new YupPipe(ticketNoteSchema)) body: { note: string; ticketId: number; contactId: number },
  ) {
    return this.catalog.addNote(auth, body);
  }

  @Delete(':id')
  @HttpCode(204)
  async remove(@CurrentUser() auth: AuthUser, @Param('id', new IdPipe('ERR_NOT_FOUND')) id: number) {
    await this.catalog.removeNote(auth, id);
  }
}
