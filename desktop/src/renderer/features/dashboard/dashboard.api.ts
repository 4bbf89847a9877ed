import type {
  DashboardChart,
  DashboardChartQuery,
  DashboardData,
  DashboardQuery,
  TicketsPerTime,
  TicketsPerUser,
} from '@atendo/shared';
import { api } from '../../app/api';

/** Query parameters without the unset ones, so the server sees exactly the filter chosen. */
function params(query: object): Record<string, string> {
  return Object.fromEntries(
    Object.entries(query)
      .filter(([, value]) => value !== undefined && value !== null && value !== '')
      .map(([key, value]) => [key, String(value)]),
  );
}

/** The viewer's zone: the server counts days and hours as the viewer lives them. */
export function viewerTimeZone(): string | undefined {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
}

export const dashboardApi = api.injectEndpoints({
  endpoints: (build) => ({
    dashboard: build.query<DashboardData, DashboardQuery>({
      query: (query) => ({ url: '/dashboard', params: params(query) }),
      providesTags: ['Dashboard'],
    }),
    ticketsUsers: build.query<DashboardChart<TicketsPerUser>, DashboardChartQuery>({
      query: (query) => ({ url: '/dashboard/ticketsUsers', params: params(query) }),
      providesTags: ['Dashboard'],
    }),
    ticketsDay: build.query<DashboardChart<TicketsPerTime>, DashboardChartQuery>({
      query: (query) => ({ url: '/dashboard/ticketsDay', params: params(query) }),
      providesTags: ['Dashboard'],
    }),
  }),
});

export const { useDashboardQuery, useTicketsUsersQuery, useTicketsDayQuery } = dashboardApi;
