import { Module, type DynamicModule } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';
import { SecretBox } from '../../common/secret-box.js';
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
      providers: [
        { provide: SecretBox, inject: [APP_CONFIG], useFactory: (c: AppConfig) => new SecretBox(c.secretsKey) },
        PromptsService,
        AiService,
        AiAgent,
      ],
      exports: [SecretBox, PromptsService],
    };
  }
}
