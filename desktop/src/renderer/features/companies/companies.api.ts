import type { CompaniesPage, Company, CompanyInput, CreatedCompany, Id, WeekdaySchedule } from '@atendo/shared';
import { api } from '../../app/api';
import type { AppThunk } from '../../app/store';

/** What the company form sends: dates as ISO text (or '' for none), the first admin's password on creation. */
export type CompanyPayload = Omit<CompanyInput, 'dueDate'> & { dueDate: string; password?: string };

export const companiesApi = api.injectEndpoints({
  endpoints: (build) => ({
    listCompanies: build.infiniteQuery<CompaniesPage, string, number>({
      query: ({ queryArg, pageParam }) => ({
        url: '/companies',
        params: { searchParam: queryArg, pageNumber: pageParam },
      }),
      infiniteQueryOptions: {
        initialPageParam: 1,
        getNextPageParam: (lastPage, _allPages, lastPageParam) => (lastPage.hasMore ? lastPageParam + 1 : undefined),
      },
    }),
    /** One company: the super-admin's form, or an admin's own company (its schedules). */
    getCompany: build.query<Company, Id>({
      query: (id) => `/companies/${id}`,
    }),
    createCompany: build.mutation<CreatedCompany, CompanyPayload>({
      query: (body) => ({ url: '/companies', method: 'POST', body }),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        // The generated password is for the dialog that shows it once, not for the cache.
        const { adminPassword: _shownOnce, ...company } = (await queryFulfilled).data;
        dispatch(companySaved(company, true));
      },
    }),
    updateCompany: build.mutation<Company, { id: Id; changes: CompanyPayload }>({
      query: ({ id, changes }) => ({ url: `/companies/${id}`, method: 'PUT', body: changes }),
      // The super-admin may have changed their own company's plan: the menu reads it.
      invalidatesTags: ['CompanyPlan'],
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled;
        dispatch(companySaved(data, false));
      },
    }),
    deleteCompany: build.mutation<void, Id>({
      query: (id) => ({ url: `/companies/${id}`, method: 'DELETE' }),
      async onQueryStarted(id, { dispatch, getState, queryFulfilled }) {
        await queryFulfilled;
        for (const search of companiesApi.util.selectCachedArgsForQuery(getState(), 'listCompanies')) {
          dispatch(
            companiesApi.util.updateQueryData('listCompanies', search, (draft) => {
              for (const page of draft.pages) {
                const before = page.companies.length;
                page.companies = page.companies.filter((c) => c.id !== id);
                if (page.companies.length < before) draft.pages[0].count = Math.max(0, draft.pages[0].count - 1);
              }
            }),
          );
        }
      },
    }),
    updateCompanySchedules: build.mutation<Company, { id: Id; schedules: WeekdaySchedule[] }>({
      query: ({ id, schedules }) => ({ url: `/companies/${id}/schedules`, method: 'PUT', body: { schedules } }),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled;
        dispatch(companySaved(data, false));
      },
    }),
  }),
});

function matchesSearch(company: Company, search: string): boolean {
  if (!search) return true;
  return [company.name, company.email ?? '', company.phone ?? ''].some((text) => text.toLowerCase().includes(search));
}

/** Writes a saved company into the cached pages of every search and into its own cached read. */
function companySaved(company: Company, created: boolean): AppThunk {
  return (dispatch, getState) => {
    for (const search of companiesApi.util.selectCachedArgsForQuery(getState(), 'listCompanies')) {
      dispatch(
        companiesApi.util.updateQueryData('listCompanies', search, (draft) => {
          let found = false;
          for (const page of draft.pages) {
            const index = page.companies.findIndex((c) => c.id === company.id);
            if (index >= 0) {
              page.companies[index] = company;
              found = true;
            }
          }
          if (!found && created && matchesSearch(company, search) && draft.pages.length > 0) {
            draft.pages[0].companies.unshift(company);
            draft.pages[0].count += 1;
          }
        }),
      );
    }
    dispatch(companiesApi.util.upsertQueryData('getCompany', company.id, company));
  };
}

export const {
  useListCompaniesInfiniteQuery,
  useGetCompanyQuery,
  useCreateCompanyMutation,
  useUpdateCompanyMutation,
  useDeleteCompanyMutation,
  useUpdateCompanySchedulesMutation,
} = companiesApi;
