import { Controller, Get, Query } from '@nestjs/common';
import { invoicesOverviewQuerySchema, type InvoicesOverviewQuery } from '@atendo/shared';
import type { AuthUser } from '../../common/auth-user.js';
import { CurrentUser, RequirePermission } from '../../common/decorators.js';
import { listQuerySchema, type ListQuery } from '../../common/pagination.js';
import { YupPipe } from '../../common/validation.pipe.js';
import { InvoicesService } from './invoices.service.js';

@Controller('invoices')
export class InvoicesController {
  constructor(private readonly invoices: InvoicesService) {}

  @Get('all')
  @RequirePermission('invoices:manage')
  list(@CurrentUser() auth: AuthUser, @Query(new YupPipe(listQuerySchema)) query: ListQuery) {
    return this.invoices.list(auth, query);
  }

  /** The platform's view of every company's invoices and payments: the super-admin's alone. */
  @Get('overview')
  @RequirePermission('companies:manage')
  overview(@Query(new YupPipe(invoicesOverviewQuerySchema)) query: InvoicesOverviewQuery) {
    return this.invoices.overview(query);
  }
}
