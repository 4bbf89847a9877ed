import { Module } from '@nestjs/common';
import { ConversationsModule } from '../conversations/conversations.module.js';
import { FlowCampaignsController } from './flow-campaigns.controller.js';
import { FlowCampaignsService } from './flow-campaigns.service.js';
import { FlowRunner } from './flow-runner.js';
import { FlowTester } from './flow-tester.js';
import { FlowsController } from './flows.controller.js';
import { FlowsService } from './flows.service.js';

/** The flow builder: flows and their versions, phrase-triggered flows, the runtime and the Test panel. */
@Module({
  imports: [ConversationsModule],
  controllers: [FlowsController, FlowCampaignsController],
  providers: [FlowsService, FlowCampaignsService, FlowRunner, FlowTester],
  exports: [FlowRunner],
})
export class FlowsModule {}
