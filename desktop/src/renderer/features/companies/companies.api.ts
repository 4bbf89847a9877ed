import type {
  CompaniesPage,
  Company,
  CompanyInput,
  CreatedCompany,
  Id,
  Language,
  WeekdaySchedule,
} from '@atendo/shared';
import { api, succeeded } from '../../app/api';
import type { AppThunk } from '../../app/store';
import { mergePagedChange, type PagedChange, type PagedRows } from '../../components/paged-cache';

/**
 * What the company form sends: dates as ISO text (or '' for none); on creation the first admin's
 * password, or without one the language of their invitation.
 */
export type CompanyPayload = Omit<CompanyInput, 'dueDate'> & {
  dueDate: string;
  password?: string;
  language?: Language;
};

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
        // Whether the invitation went out is for the form's message, not for the cache.
        const answer = await succeeded(queryFulfilled);
        if (!answer) return;
        const { invitationSent: _told, ...company } = answer.data;
        dispatch(companySaved(company, true));
      },
    }),
    updateCompany: build.mutation<Company, { id: Id; changes: CompanyPayload }>({
      query: ({ id, changes }) => ({ url: `/companies/${id}`, method: 'PUT', body: changes }),
      // The super-admin may have changed their own company's plan: the menu reads it.
      invalidatesTags: ['CompanyPlan'],
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const answer = await succeeded(queryFulfilled);
        if (!answer) return;
        const { data } = answer;
        dispatch(companySaved(data, false));
      },
    }),
    deleteCompany: build.mutation<void, Id>({
      query: (id) => ({ url: `/companies/${id}`, method: 'DELETE' }),
      async onQueryStarted(id, { dispatch, queryFulfilled }) {
        if (!(await succeeded(queryFulfilled))) return;
        dispatch(companyChanged({ action: 'delete', id }));
      },
    }),
    updateCompanySchedules: build.mutation<Company, { id: Id; schedules: WeekdaySchedule[] }>({
      query: ({ id, schedules }) => ({ url: `/companies/${id}/schedules`, method: 'PUT', body: { schedules } }),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const answer = await succeeded(queryFulfilled);
        if (!answer) return;
        const { data } = answer;
        dispatch(companySaved(data, false));
      },
    }),
  }),
});

const companiesList: PagedRows<CompaniesPage, Company> = {
  rowsOf: (page) => page.companies,
  matches: (company, search) =>
    !search ||
    [company.name, company.email ?? '', company.phone ?? ''].some((text) => text.toLowerCase().includes(search)),
};

/** Writes a company change into the cached pages of every search. */
function companyChanged(change: PagedChange<Company>): AppThunk {
  return (dispatch, getState) => {
    for (const search of companiesApi.util.selectCachedArgsForQuery(getState(), 'listCompanies')) {
      dispatch(
        companiesApi.util.updateQueryData('listCompanies', search, (draft) =>
          mergePagedChange(draft, change, companiesList, search),
        ),
      );
    }
  };
}

/** Writes a saved company into the cached pages of every search and into its own cached read. */
function companySaved(company: Company, created: boolean): AppThunk {
  return (dispatch) => {
    dispatch(companyChanged({ action: created ? 'create' : 'update', row: company }));
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
