import { Module } from '@nestjs/common';
import { QueueOptionsController } from './queue-options.controller.js';
import { QueueOptionsService } from './queue-options.service.js';
import { QueuesController } from './queues.controller.js';
import { QueuesService } from './queues.service.js';

@Module({
  controllers: [QueuesController, QueueOptionsController],
  providers: [QueuesService, QueueOptionsService],
})
export class QueuesModule {}
