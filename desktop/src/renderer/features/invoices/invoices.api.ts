import {
  type CheckoutInput,
  type CompanyEventPayloads,
  type Invoice,
  INVOICES_PAGE_SIZE,
  type InvoicesOverviewPage,
  type InvoiceStatus,
  type CheckoutResult,
  type SubscriptionState,
} from '@atendo/shared';
import { api } from '../../app/api';
import type { AppThunk } from '../../app/store';
import { companyDueDateUpdated } from '../auth/auth.slice';

/** The overview's filters: one display status or all (''), one company or all (null). */
export interface InvoicesOverviewFilters {
  status: InvoiceStatus | '';
  companyId: number | null;
}

export const invoicesApi = api.injectEndpoints({
  endpoints: (build) => ({
    // GET /invoices/all answers a plain list (as the existing clients read it): a short page is the last.
    listInvoices: build.infiniteQuery<Invoice[], string, number>({
      query: ({ queryArg, pageParam }) => ({
        url: '/invoices/all',
        params: { searchParam: queryArg, pageNumber: pageParam },
      }),
      infiniteQueryOptions: {
        initialPageParam: 1,
        getNextPageParam: (lastPage, _allPages, lastPageParam) =>
          lastPage.length === INVOICES_PAGE_SIZE ? lastPageParam + 1 : undefined,
      },
      providesTags: ['Invoices'],
    }),
    // GET /invoices/overview (the super-admin's): every company's, by status and company, with a count.
    listInvoicesOverview: build.infiniteQuery<InvoicesOverviewPage, InvoicesOverviewFilters, number>({
      query: ({ queryArg, pageParam }) => ({
        url: '/invoices/overview',
        params: {
          pageNumber: pageParam,
          ...(queryArg.status ? { status: queryArg.status } : {}),
          ...(queryArg.companyId ? { companyId: queryArg.companyId } : {}),
        },
      }),
      infiniteQueryOptions: {
        initialPageParam: 1,
        getNextPageParam: (lastPage, _allPages, lastPageParam) => (lastPage.hasMore ? lastPageParam + 1 : undefined),
      },
      providesTags: ['Invoices'],
    }),
    subscriptionState: build.query<SubscriptionState, void>({
      query: () => '/subscription',
      providesTags: ['Subscription'],
    }),
    /** A Pix charge to pay, or (a free plan) the licence already renewed. */
    checkout: build.mutation<CheckoutResult, CheckoutInput>({
      query: (body) => ({ url: '/subscription', method: 'POST', body }),
    }),
  }),
});

/**
 * An invoice was paid (spec §4: payment CONCLUIDA): the lists and the licence are read again, and
 * the signed-in user's company gets its new due date, so the banner and the greeting follow at once.
 */
export function applyPaymentEvent(event: CompanyEventPayloads['payment']): AppThunk {
  return (dispatch) => {
    dispatch(invoicesApi.util.invalidateTags(['Invoices', 'Subscription', 'CompanyPlan']));
    dispatch(companyDueDateUpdated({ companyId: event.company.id, dueDate: event.company.dueDate }));
  };
}

export const {
  useListInvoicesInfiniteQuery,
  useListInvoicesOverviewInfiniteQuery,
  useSubscriptionStateQuery,
  useCheckoutMutation,
} = invoicesApi;
