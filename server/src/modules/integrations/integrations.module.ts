import { Module } from '@nestjs/common';
import { ConversationsModule } from '../conversations/conversations.module.js';
import { IntegrationsController } from './integrations.controller.js';
import { IntegrationsService } from './integrations.service.js';
import { WebhookRelay } from './webhook-relay.js';

/** Queue integrations: their CRUD and the runtimes that carry a queue's conversations to outside services. */
@Module({
  imports: [ConversationsModule],
  controllers: [IntegrationsController],
  providers: [IntegrationsService, WebhookRelay],
  exports: [IntegrationsService],
})
export class IntegrationsModule {}
