import { Module } from '@nestjs/common';
import { ContactChecksJob } from './contact-checks.job.js';
import { ContactListItemsService } from './contact-list-items.service.js';
import { ContactListItemsController, ContactListsController } from './contact-lists.controller.js';
import { ContactListsService } from './contact-lists.service.js';

/** Contact lists, their items and the background WhatsApp check of the items' numbers. */
@Module({
  controllers: [ContactListsController, ContactListItemsController],
  providers: [ContactListsService, ContactListItemsService, ContactChecksJob],
})
export class ContactListsModule {}
