import { Controller, Delete, Get, HttpCode, Param, Put, Query } from '@nestjs/common';
import type { AuthUser } from '../../common/auth-user.js';
import { CurrentUser, RequirePlan } from '../../common/decorators.js';
import { IdPipe, YupPipe } from '../../common/validation.pipe.js';
import { KanbanService } from './kanban.service.js';
import { kanbanQuerySchema, type KanbanQuery } from './kanban.schemas.js';

const ticketId = new IdPipe('ERR_NO_TICKET_FOUND');

/** The kanban board and its moves, at the paths the existing clients call (spec 2 §7). */
@Controller()
export class KanbanController {
  constructor(private readonly kanban: KanbanService) {}

  @Get('ticket/kanban')
  @RequirePlan('useKanban')
  board(@CurrentUser() auth: AuthUser, @Query(new YupPipe(kanbanQuerySchema)) query: KanbanQuery) {
    return this.kanban.board(auth, query);
  }

  /** Answers the ticket as it now is (200): the move's first step changes a ticket, it deletes nothing. */
  @Delete('ticket-tags/:ticketId')
  @HttpCode(200)
  @RequirePlan('useKanban')
  leaveLanes(@CurrentUser() auth: AuthUser, @Param('ticketId', ticketId) id: number) {
    return this.kanban.leaveLanes(auth, id);
  }

  @Put('ticket-tags/:ticketId/:tagId')
  @RequirePlan('useKanban')
  addTag(
    @CurrentUser() auth: AuthUser,
    @Param('ticketId', ticketId) id: number,
    @Param('tagId', new IdPipe('ERR_NO_TAG_FOUND')) tagId: number,
  ) {
    return this.kanban.addTag(auth, id, tagId);
  }
}
