import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put } from '@nestjs/common';
import { queueSchema, type QueueInput } from '@atendo/shared';
import type { AuthUser } from '../../common/auth-user.js';
import { CurrentUser, RequirePermission } from '../../common/decorators.js';
import { IdPipe, YupPipe } from '../../common/validation.pipe.js';
import { QueuesService } from './queues.service.js';

const id = new IdPipe('ERR_NO_QUEUE_FOUND');

@Controller('queue')
export class QueuesController {
  constructor(private readonly queues: QueuesService) {}

  @Get()
  list(@CurrentUser() auth: AuthUser) {
    return this.queues.list(auth);
  }

  @Get(':id')
  findOne(@CurrentUser() auth: AuthUser, @Param('id', id) queueId: number) {
    return this.queues.findOne(auth, queueId);
  }

  @Post()
  @RequirePermission('queues:manage')
  create(@CurrentUser() auth: AuthUser, @Body(new YupPipe(queueSchema)) body: QueueInput) {
    return this.queues.create(auth, body);
  }

  @Put(':id')
  @RequirePermission('queues:manage')
  update(
    @CurrentUser() auth: AuthUser,
    @Param('id', id) queueId: number,
    @Body(new YupPipe(queueSchema)) body: QueueInput,
  ) {
    return this.queues.update(auth, queueId, body);
  }

  @Delete(':id')
  @HttpCode(204)
  @RequirePermission('queues:manage')
  async remove(@CurrentUser() auth: AuthUser, @Param('id', id) queueId: number) {
    await this.queues.remove(auth, queueId);
  }
}
