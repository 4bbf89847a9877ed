import { Module, type DynamicModule } from '@nestjs/common';
import type { AppConfig } from '../../config/config.js';
import { ConversationsModule } from '../conversations/conversations.module.js';
import { AiAgent } from './ai-agent.js';
import { AiService } from './ai-service.js';
import { PromptsController } from './prompts.controller.js';
import { PromptsService } from './prompts.service.js';
import { SandboxAiController } from './sandbox-ai.controller.js';

/** AI prompts: their CRUD, the agent that answers customers by them, and (sandbox) the services' stand-ins. */
@Module({})
export class AiModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: AiModule,
      imports: [ConversationsModule],
      controllers: [PromptsController, ...(config.ai.provider === 'sandbox' ? [SandboxAiController] : [])],
      providers: [PromptsService, AiService, AiAgent],
      exports: [PromptsService],
    };
  }
}
