import { Module, type DynamicModule } from '@nestjs/common';
import type { AppConfig } from '../../config/config.js';
import { ConversationsModule } from '../conversations/conversations.module.js';
import { IntegrationsController } from './integrations.controller.js';
import { IntegrationsService } from './integrations.service.js';
import { SandboxTypebotController } from './sandbox-typebot.controller.js';
import { TypebotRunner } from './typebot-runner.js';
import { WebhookRelay } from './webhook-relay.js';

/**
 * Queue integrations: their CRUD and the runtimes that carry a queue's conversations to outside
 * services (webhook and n8n, Typebot); with the stand-ins on, Typebot's chat API stand-in.
 */
@Module({})
export class IntegrationsModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: IntegrationsModule,
      imports: [ConversationsModule],
      controllers: [IntegrationsController, ...(config.sandbox ? [SandboxTypebotController] : [])],
      providers: [IntegrationsService, WebhookRelay, TypebotRunner],
      exports: [IntegrationsService],
    };
  }
}
