import { Module, type DynamicModule } from '@nestjs/common';
import type { AppConfig } from '../../config/config.js';
import { ConversationsModule } from '../conversations/conversations.module.js';
import { IntegrationsController } from './integrations.controller.js';
import { IntegrationsService } from './integrations.service.js';
import { DialogflowBot } from './dialogflow-bot.js';
import { DialogflowClients } from './dialogflow-client.js';
import { IntegrationBots } from './integration-bots.js';
import { SandboxDialogflowController } from './sandbox-dialogflow.controller.js';
import { SandboxTypebotController } from './sandbox-typebot.controller.js';
import { TypebotBot } from './typebot-bot.js';
import { WebhookRelay } from './webhook-relay.js';

/**
 * Queue integrations: their CRUD and the runtimes that carry a queue's conversations to outside
 * services (webhook and n8n, Typebot, Dialogflow); with the stand-ins on, Typebot's chat API and
 * Dialogflow's detect intent stand-ins.
 */
@Module({})
export class IntegrationsModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: IntegrationsModule,
      imports: [ConversationsModule],
      controllers: [
        IntegrationsController,
        ...(config.sandbox ? [SandboxTypebotController] : []),
        ...(config.ai.provider === 'sandbox' ? [SandboxDialogflowController] : []),
      ],
      providers: [IntegrationsService, WebhookRelay, IntegrationBots, TypebotBot, DialogflowBot, DialogflowClients],
      exports: [IntegrationsService],
    };
  }
}
