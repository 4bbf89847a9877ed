import { Body, Controller, Get, Param, Post, UseGuards } from '@nestjs/common';
import { SkipThrottle, ThrottlerGuard } from '@nestjs/throttler';
import { signupSchema, type SignupInput } from '@atendo/shared';
import type { AuthUser } from '../../common/auth-user.js';
import { CurrentUser, Public } from '../../common/decorators.js';
import { IdPipe, YupPipe } from '../../common/validation.pipe.js';
import { CompaniesService } from './companies.service.js';

@Controller('companies')
export class CompaniesController {
  constructor(private readonly companies: CompaniesService) {}

  @Public()
  @Post('cadastro')
  @UseGuards(ThrottlerGuard)
  @SkipThrottle({ 'login-ip': true, 'login-account': true })
  signup(@Body(new YupPipe(signupSchema)) body: SignupInput) {
    return this.companies.signup(body);
  }

  @Get('listPlan/:companyId')
  listPlan(@CurrentUser() auth: AuthUser, @Param('companyId', new IdPipe('ERR_NO_COMPANY_FOUND')) companyId: number) {
    return this.companies.listPlan(auth, companyId);
  }
}
