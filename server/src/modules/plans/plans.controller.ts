import { Controller, Get } from '@nestjs/common';
import { Public } from '../../common/decorators.js';
import { PlansService } from './plans.service.js';

@Controller('plans')
export class PlansController {
  constructor(private readonly plans: PlansService) {}

  /** The sign-up page lists the plans before anyone has an account. */
  @Public()
  @Get('list')
  list() {
    return this.plans.list();
  }
}
