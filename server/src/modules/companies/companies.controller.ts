import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query, Req } from '@nestjs/common';
import {
  LANGUAGES,
  companyCreateSchema,
  companySchedulesSchema,
  companySchema,
  signupSchema,
  type CompanyCreateInput,
  type CompanyInput,
  type CompanySchedulesInput,
  type Language,
  type SignupInput,
} from '@atendo/shared';
import type { FastifyRequest } from 'fastify';
import Negotiator from 'negotiator';
import type { AuthUser } from '../../common/auth-user.js';
import { CurrentUser, Public, RequirePermission } from '../../common/decorators.js';
import { listQuerySchema, type ListQuery } from '../../common/pagination.js';
import { IdPipe, YupPipe } from '../../common/validation.pipe.js';
import { Throttles } from '../throttle/throttles.js';
import { CompaniesService } from './companies.service.js';

const id = new IdPipe('ERR_NO_COMPANY_FOUND');

/**
 * The app's language the request's Accept-Language prefers (pt-BR is pt), or null when it names
 * none of them: the family's company form sends no language, but its browser says which it shows.
 */
function requestLanguage(req: FastifyRequest): Language | null {
  const header = req.headers['accept-language'];
  if (!header || header.trim() === '*') return null;
  return (new Negotiator(req).language([...LANGUAGES]) as Language | undefined) ?? null;
}

@Controller('companies')
export class CompaniesController {
  constructor(
    private readonly companies: CompaniesService,
    private readonly throttles: Throttles,
  ) {}

  @Public()
  @Post('cadastro')
  async signup(@Body(new YupPipe(signupSchema)) body: SignupInput, @Req() req: FastifyRequest) {
    await this.throttles.signup(req.ip);
    return this.companies.signup(body);
  }

  @Get('listPlan/:companyId')
  listPlan(@CurrentUser() auth: AuthUser, @Param('companyId', id) companyId: number) {
    return this.companies.listPlan(auth, companyId);
  }

  @Get()
  @RequirePermission('companies:manage')
  list(@Query(new YupPipe(listQuerySchema)) query: ListQuery) {
    return this.companies.list(query);
  }

  @Get('list')
  @RequirePermission('companies:manage')
  listAll() {
    return this.companies.listAll();
  }

  @Get(':id')
  findOne(@CurrentUser() auth: AuthUser, @Param('id', id) companyId: number) {
    return this.companies.findOne(auth, companyId);
  }

  @Post()
  @RequirePermission('companies:manage')
  create(@Body(new YupPipe(companyCreateSchema)) body: CompanyCreateInput, @Req() req: FastifyRequest) {
    return this.companies.create(body, requestLanguage(req));
  }

  @Put(':id/schedules')
  updateSchedules(
    @CurrentUser() auth: AuthUser,
    @Param('id', id) companyId: number,
    @Body(new YupPipe(companySchedulesSchema)) body: CompanySchedulesInput,
  ) {
    return this.companies.updateSchedules(auth, companyId, body.schedules);
  }

  @Put(':id')
  @RequirePermission('companies:manage')
  update(@Param('id', id) companyId: number, @Body(new YupPipe(companySchema)) body: CompanyInput) {
    return this.companies.update(companyId, body);
  }

  @Delete(':id')
  @RequirePermission('companies:manage')
  @HttpCode(204)
  async remove(@Param('id', id) companyId: number) {
    await this.companies.remove(companyId);
  }
}
