import { Controller, Get, Query } from '@nestjs/common';
import {
  dashboardChartQuerySchema,
  dashboardQuerySchema,
  type DashboardChartQuery,
  type DashboardQuery,
} from '@atendo/shared';
import type { AuthUser } from '../../common/auth-user.js';
import { CurrentUser, RequirePermission } from '../../common/decorators.js';
import { YupPipe } from '../../common/validation.pipe.js';
import { DashboardService } from './dashboard.service.js';

/** Spec §6: the dashboard is the admins'. */
@Controller('dashboard')
@RequirePermission('dashboard:view')
export class DashboardController {
  constructor(private readonly dashboard: DashboardService) {}

  @Get()
  summary(@CurrentUser() auth: AuthUser, @Query(new YupPipe(dashboardQuerySchema)) query: DashboardQuery) {
    return this.dashboard.summary(auth, query);
  }

  @Get('ticketsUsers')
  ticketsUsers(
    @CurrentUser() auth: AuthUser,
    @Query(new YupPipe(dashboardChartQuerySchema)) query: DashboardChartQuery,
  ) {
    return this.dashboard.ticketsUsers(auth, query);
  }

  @Get('ticketsDay')
  ticketsDay(@CurrentUser() auth: AuthUser, @Query(new YupPipe(dashboardChartQuerySchema)) query: DashboardChartQuery) {
    return this.dashboard.ticketsDay(auth, query);
  }
}
