import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query } from '@nestjs/common';
import {
  queueOptionListQuerySchema,
  queueOptionSchema,
  queueOptionUpdateSchema,
  type QueueOptionInput,
  type QueueOptionListQuery,
  type QueueOptionUpdate,
} from '@atendo/shared';
import type { AuthUser } from '../../common/auth-user.js';
import { CurrentUser, RequirePermission } from '../../common/decorators.js';
import { IdPipe, YupPipe } from '../../common/validation.pipe.js';
import { QueueOptionsService } from './queue-options.service.js';

const id = new IdPipe('ERR_NO_QUEUE_OPTION_FOUND');

/** The option menus of the queues, edited in the queue dialog; reading them is open to the company. */
@Controller('queue-options')
export class QueueOptionsController {
  constructor(private readonly options: QueueOptionsService) {}

  @Get()
  list(@CurrentUser() auth: AuthUser, @Query(new YupPipe(queueOptionListQuerySchema)) query: QueueOptionListQuery) {
    return this.options.list(auth, query);
  }

  @Post()
  @RequirePermission('queues:manage')
  create(@CurrentUser() auth: AuthUser, @Body(new YupPipe(queueOptionSchema)) body: QueueOptionInput) {
    return this.options.create(auth, body);
  }

  @Put(':id')
  @RequirePermission('queues:manage')
  update(
    @CurrentUser() auth: AuthUser,
    @Param('id', id) optionId: number,
    @Body(new YupPipe(queueOptionUpdateSchema)) body: QueueOptionUpdate,
  ) {
    return this.options.update(auth, optionId, body);
  }

  @Delete(':id')
  @HttpCode(204)
  @RequirePermission('queues:manage')
  async remove(@CurrentUser() auth: AuthUser, @Param('id', id) optionId: number) {
    await this.options.remove(auth, optionId);
  }
}
