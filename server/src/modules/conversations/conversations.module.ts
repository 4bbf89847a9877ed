import { Global, Module } from '@nestjs/common';
import { INBOUND_SINK } from '../gateway/gateway.types.js';
import { TagsController, TicketNotesController } from './catalog.controller.js';
import { CatalogService } from './catalog.service.js';
import { TagsService } from './tags.service.js';
import { ContactsController } from './contacts.controller.js';
import { ContactsService } from './contacts.service.js';
import { MessagesController } from './messages.controller.js';
import { MessagesService } from './messages.service.js';
import { CompanySettings, Outbound } from './outbound.js';
import { KanbanController } from './kanban.controller.js';
import { KanbanService } from './kanban.service.js';
import { InboundPipeline } from './pipeline/inbound.pipeline.js';
import { Ticks } from './pipeline/ticks.js';
import { TicketEvents } from './ticket-events.js';
import { TicketReader } from './ticket-reader.js';
import { TicketsController } from './tickets.controller.js';
import { TicketsService } from './tickets.service.js';
import { Transactions } from './transactions.js';
import { CustomerMessages } from './customer-messages.js';
import { Automation } from './automation.js';

/**
 * Contacts, tickets and messages: the HTTP API, the inbound pipeline the gateway feeds (provided
 * globally as INBOUND_SINK) and the visibility check the socket gateway asks before joinChatBox.
 */
@Global()
@Module({
  controllers: [
    TicketsController,
    MessagesController,
    ContactsController,
    TagsController,
    TicketNotesController,
    KanbanController,
  ],
  providers: [
    Transactions,
    TicketReader,
    TicketEvents,
    Outbound,
    CompanySettings,
    MessagesService,
    TicketsService,
    ContactsService,
    CatalogService,
    TagsService,
    KanbanService,
    InboundPipeline,
    Ticks,
    CustomerMessages,
    Automation,
    { provide: INBOUND_SINK, useExisting: InboundPipeline },
  ],
  exports: [INBOUND_SINK, TicketReader, Transactions, MessagesService, TicketEvents, CustomerMessages, Automation],
})
export class ConversationsModule {}
