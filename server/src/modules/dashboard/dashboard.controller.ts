import { Controller, Get, Query } from '@nestjs/common';
import {
  dashboardChartQuerySchema,
  dashboardQuerySchema,
  type DashboardChartQuery,
  type DashboardQuery,
} from '@atendo/shared';
import type { AuthUser } from '../../common/auth-user.js';
import { CurrentUser } from '../../common/decorators.js';
import { YupPipe } from '../../common/validation.pipe.js';
import { DashboardService } from './dashboard.service.js';

/**
 * Spec §6: the dashboard page is the admins'. The existing clients still ask for it as any user
 * (their home route has no role check, and a 403 signs them out), so everyone else gets the same
 * figures over their own work (DashboardService's scope).
 */
@Controller('dashboard')
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
