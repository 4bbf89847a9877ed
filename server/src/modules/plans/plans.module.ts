import { Global, Module } from '@nestjs/common';
import { CompanyLock } from './company-lock.js';
import { PlansController } from './plans.controller.js';
import { PlansService } from './plans.service.js';

/** Global: the plan-feature guard and every limit check read the company's plan. */
@Global()
@Module({
  controllers: [PlansController],
  providers: [PlansService, CompanyLock],
  exports: [PlansService, CompanyLock],
})
export class PlansModule {}
