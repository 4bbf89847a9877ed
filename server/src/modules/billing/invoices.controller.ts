import { Controller, Get, Query } from '@nestjs/common';
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
}
