import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put } from '@nestjs/common';
import { planSchema, type PlanInput } from '@atendo/shared';
import { Public, RequirePermission } from '../../common/decorators.js';
import { IdPipe, YupPipe } from '../../common/validation.pipe.js';
import { PlansService } from './plans.service.js';

const id = new IdPipe('ERR_NO_PLAN_FOUND');

@Controller('plans')
export class PlansController {
  constructor(private readonly plans: PlansService) {}

  /** The sign-up page lists the plans before anyone has an account. */
  @Public()
  @Get('list')
  list() {
    return this.plans.list();
  }

  @Get('all')
  @RequirePermission('plans:manage')
  all() {
    return this.plans.list();
  }

  /** Any signed-in user: the plans are public anyway (/plans/list), and the checkout reads the one chosen. */
  @Get(':id')
  findOne(@Param('id', id) planId: number) {
    return this.plans.findOne(planId);
  }

  @Post()
  @RequirePermission('plans:manage')
  create(@Body(new YupPipe(planSchema)) body: PlanInput) {
    return this.plans.create(body);
  }

  @Put(':id')
  @RequirePermission('plans:manage')
  update(@Param('id', id) planId: number, @Body(new YupPipe(planSchema)) body: PlanInput) {
    return this.plans.update(planId, body);
  }

  @Delete(':id')
  @RequirePermission('plans:manage')
  @HttpCode(204)
  async remove(@Param('id', id) planId: number) {
    await this.plans.remove(planId);
  }
}
