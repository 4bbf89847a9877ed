import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query } from '@nestjs/common';
import { ticketCreateSchema, ticketUpdateSchema } from '@atendo/shared';
import type { AuthUser } from '../../common/auth-user.js';
import { CurrentUser, RequirePermission } from '../../common/decorators.js';
import { DomainError } from '../../common/domain-error.js';
import { IdPipe, YupPipe } from '../../common/validation.pipe.js';
import { ticketListSchema, type TicketListQuery } from './query.schemas.js';
import { TicketsService, type TicketCreateInput, type TicketUpdateInput } from './tickets.service.js';

const id = new IdPipe('ERR_NO_TICKET_FOUND');
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

@Controller('tickets')
export class TicketsController {
  constructor(private readonly tickets: TicketsService) {}

  @Get()
  list(@CurrentUser() auth: AuthUser, @Query(new YupPipe(ticketListSchema)) query: TicketListQuery) {
    return this.tickets.list(auth, query);
  }

  @Get('u/:uuid')
  findByUuid(@CurrentUser() auth: AuthUser, @Param('uuid') uuid: string) {
    if (!UUID.test(uuid)) throw new DomainError('ERR_NO_TICKET_FOUND');
    return this.tickets.findByUuid(auth, uuid.toLowerCase());
  }

  @Get(':id')
  findOne(@CurrentUser() auth: AuthUser, @Param('id', id) ticketId: number) {
    return this.tickets.findOne(auth, ticketId);
  }

  @Post()
  create(@CurrentUser() auth: AuthUser, @Body(new YupPipe(ticketCreateSchema)) body: TicketCreateInput) {
    return this.tickets.create(auth, body);
  }

  @Put(':id')
  update(
    @CurrentUser() auth: AuthUser,
    @Param('id', id) ticketId: number,
    @Body(new YupPipe(ticketUpdateSchema)) body: TicketUpdateInput,
  ) {
    return this.tickets.update(auth, ticketId, body);
  }

  @Delete(':id')
  @HttpCode(204)
  @RequirePermission('ticket-options:deleteTicket')
  async remove(@CurrentUser() auth: AuthUser, @Param('id', id) ticketId: number) {
    await this.tickets.remove(auth, ticketId);
  }
}
