import type { Id, IsoDate, Plan } from '@atendo/shared';
import { api } from '../../app/api';

export interface CompanyPlan {
  id: Id;
  name: string;
  dueDate: IsoDate | null;
  plan: Plan;
}

export const plansApi = api.injectEndpoints({
  endpoints: (build) => ({
    listPublicPlans: build.query<Plan[], void>({
      query: () => '/plans/list',
    }),
    companyPlan: build.query<CompanyPlan, Id>({
      query: (companyId) => `/companies/listPlan/${companyId}`,
      providesTags: ['CompanyPlan'],
    }),
  }),
});

export const { useListPublicPlansQuery, useCompanyPlanQuery } = plansApi;
