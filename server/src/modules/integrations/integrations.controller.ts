import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query } from '@nestjs/common';
import { integrationTestSchema, queueIntegrationSchema, type QueueIntegrationInput } from '@atendo/shared';
import type * as yup from 'yup';
import type { AuthUser } from '../../common/auth-user.js';
import { CurrentUser, RequirePermission, RequirePlan } from '../../common/decorators.js';
import { listQuerySchema, type ListQuery } from '../../common/pagination.js';
import { IdPipe, YupPipe } from '../../common/validation.pipe.js';
import { IntegrationsService } from './integrations.service.js';

const id = new IdPipe('ERR_NOT_FOUND');
const body = new YupPipe(queueIntegrationSchema);

/** The company's queue integrations, for its admins on a plan with useIntegrations (spec 2 §7). */
@Controller('queueIntegration')
@RequirePlan('useIntegrations')
@RequirePermission('integrations:manage')
export class IntegrationsController {
  constructor(private readonly integrations: IntegrationsService) {}

  @Get()
  page(@CurrentUser() auth: AuthUser, @Query(new YupPipe(listQuerySchema)) query: ListQuery) {
    return this.integrations.page(auth, query);
  }

  @Get(':id')
  findOne(@CurrentUser() auth: AuthUser, @Param('id', id) integrationId: number) {
    return this.integrations.findOne(auth, integrationId);
  }

  @Post()
  create(@CurrentUser() auth: AuthUser, @Body(body) input: QueueIntegrationInput) {
    return this.integrations.create(auth, input);
  }

  @Put(':id')
  update(
    @CurrentUser() auth: AuthUser,
    @Param('id', id) integrationId: number,
    @Body(body) input: QueueIntegrationInput,
  ) {
    return this.integrations.update(auth, integrationId, input);
  }

  @Post('testSession')
  @HttpCode(200)
  testSession(
    @CurrentUser() auth: AuthUser,
    @Body(new YupPipe(integrationTestSchema)) input: yup.InferType<typeof integrationTestSchema>,
  ) {
    return this.integrations.testSession(auth, input);
  }

  @Post(':id/signingSecret')
  @HttpCode(200)
  rotateSecret(@CurrentUser() auth: AuthUser, @Param('id', id) integrationId: number) {
    return this.integrations.rotateSecret(auth, integrationId);
  }

  @Delete(':id')
  remove(@CurrentUser() auth: AuthUser, @Param('id', id) integrationId: number) {
    return this.integrations.remove(auth, integrationId);
  }
}
