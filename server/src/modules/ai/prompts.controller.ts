import { Body, Controller, Delete, Get, Param, Post, Put, Query } from '@nestjs/common';
import { promptSchema, type PromptInput } from '@atendo/shared';
import type { AuthUser } from '../../common/auth-user.js';
import { CurrentUser, RequirePermission, RequirePlan } from '../../common/decorators.js';
import { listQuerySchema, type ListQuery } from '../../common/pagination.js';
import { IdPipe, YupPipe } from '../../common/validation.pipe.js';
import { PromptsService } from './prompts.service.js';

const id = new IdPipe('ERR_NOT_FOUND');
const body = new YupPipe(promptSchema);

/** The company's AI agents, for its admins on a plan with useOpenAi (spec 2 §7 Prompts). */
@Controller('prompt')
@RequirePlan('useOpenAi')
@RequirePermission('integrations:manage')
export class PromptsController {
  constructor(private readonly prompts: PromptsService) {}

  @Get()
  page(@CurrentUser() auth: AuthUser, @Query(new YupPipe(listQuerySchema)) query: ListQuery) {
    return this.prompts.page(auth, query);
  }

  @Get(':id')
  findOne(@CurrentUser() auth: AuthUser, @Param('id', id) promptId: number) {
    return this.prompts.findOne(auth, promptId);
  }

  @Post()
  create(@CurrentUser() auth: AuthUser, @Body(body) input: PromptInput) {
    return this.prompts.create(auth, input);
  }

  @Put(':id')
  update(@CurrentUser() auth: AuthUser, @Param('id', id) promptId: number, @Body(body) input: PromptInput) {
    return this.prompts.update(auth, promptId, input);
  }

  @Delete(':id')
  remove(@CurrentUser() auth: AuthUser, @Param('id', id) promptId: number) {
    return this.prompts.remove(auth, promptId);
  }
}
