import type { CompanyEventPayloads, Id, IsoDate, Plan, PlanInput } from '@atendo/shared';
import { api, succeeded } from '../../app/api';
import type { AppThunk } from '../../app/store';

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
    /** The super-admin's plans tab (and the plan picker of the company form). */
    listAllPlans: build.query<Plan[], void>({
      query: () => '/plans/all',
    }),
    createPlan: build.mutation<Plan, PlanInput>({
      query: (body) => ({ url: '/plans', method: 'POST', body }),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const answer = await succeeded(queryFulfilled);
        if (!answer) return;
        const { data } = answer;
        dispatch(planSaved(data));
      },
    }),
    updatePlan: build.mutation<Plan, { id: Id; changes: PlanInput }>({
      query: ({ id, changes }) => ({ url: `/plans/${id}`, method: 'PUT', body: changes }),
      // The super-admin's own company may be on it: its menu follows the new flags.
      invalidatesTags: ['CompanyPlan'],
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const answer = await succeeded(queryFulfilled);
        if (!answer) return;
        const { data } = answer;
        dispatch(planSaved(data));
      },
    }),
    deletePlan: build.mutation<void, Id>({
      query: (id) => ({ url: `/plans/${id}`, method: 'DELETE' }),
      async onQueryStarted(id, { dispatch, queryFulfilled }) {
        if (!(await succeeded(queryFulfilled))) return;
        dispatch(
          plansApi.util.updateQueryData('listAllPlans', undefined, (draft) => draft.filter((plan) => plan.id !== id)),
        );
      },
    }),
  }),
});

/** The server's order: by value, then name. */
function byValue(a: Plan, b: Plan): number {
  return a.value - b.value || a.name.localeCompare(b.name);
}

function planSaved(plan: Plan): AppThunk {
  return (dispatch) => {
    dispatch(
      plansApi.util.updateQueryData('listAllPlans', undefined, (draft) => {
        const index = draft.findIndex((p) => p.id === plan.id);
        if (index >= 0) draft[index] = plan;
        else draft.push(plan);
        draft.sort(byValue);
      }),
    );
  };
}

/** `company-{id}-plan`: the company's plan changed; the menu, home page and limits follow at once. */
export function applyPlanEvent(companyId: Id, event: CompanyEventPayloads['plan']): AppThunk {
  return (dispatch) => {
    dispatch(
      plansApi.util.updateQueryData('companyPlan', companyId, (draft) => {
        draft.plan = event.plan;
      }),
    );
  };
}

export const {
  useListPublicPlansQuery,
  useCompanyPlanQuery,
  useListAllPlansQuery,
  useCreatePlanMutation,
  useUpdatePlanMutation,
  useDeletePlanMutation,
} = plansApi;
