import {
  type CompanyEventPayloads,
  type Id,
  type IntegrationTestResult,
  maskSecret,
  type QueueIntegration,
  type QueueIntegrationInput,
  type QueueIntegrationsPage,
} from '@atendo/shared';
import { api, succeeded } from '../../app/api';
import type { AppThunk } from '../../app/store';
import { mergePagedChange, type PagedChange, type PagedRows } from '../../components/paged-cache';

export type IntegrationTest = Pick<QueueIntegration, 'projectName' | 'jsonContent' | 'language'> & { id?: Id };

export const queueIntegrationsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The integrations page: 20 integrations a page by name; the argument is the search text. */
    pageQueueIntegrations: build.infiniteQuery<QueueIntegrationsPage, string, number>({
      query: ({ queryArg, pageParam }) => ({
        url: '/queueIntegration',
        params: { searchParam: queryArg, pageNumber: pageParam },
      }),
      infiniteQueryOptions: {
        initialPageParam: 1,
        getNextPageParam: (lastPage, _allPages, lastPageParam) => (lastPage.hasMore ? lastPageParam + 1 : undefined),
      },
    }),
    /** The answer carries the signing secret whole: the only time it is ever read (see masked). */
    createQueueIntegration: build.mutation<QueueIntegration, QueueIntegrationInput>({
      query: (body) => ({ url: '/queueIntegration', method: 'POST', body }),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const answer = await succeeded(queryFulfilled);
        if (!answer) return;
        dispatch(applyQueueIntegrationEvent({ action: 'create', queueIntegration: masked(answer.data) }));
      },
    }),
    updateQueueIntegration: build.mutation<QueueIntegration, { id: Id; changes: QueueIntegrationInput }>({
      query: ({ id, changes }) => ({ url: `/queueIntegration/${id}`, method: 'PUT', body: changes }),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const answer = await succeeded(queryFulfilled);
        if (!answer) return;
        dispatch(applyQueueIntegrationEvent({ action: 'update', queueIntegration: answer.data }));
      },
    }),
    /** A new signing secret for the integration, whole in the answer; the old one stops signing. */
    rotateSigningSecret: build.mutation<{ signingSecret: string }, QueueIntegration>({
      query: (integration) => ({ url: `/queueIntegration/${integration.id}/signingSecret`, method: 'POST' }),
      async onQueryStarted(integration, { dispatch, queryFulfilled }) {
        const answer = await succeeded(queryFulfilled);
        if (!answer) return;
        // The live update says the same; this keeps the row right when the socket is down.
        const queueIntegration = masked({ ...integration, signingSecret: answer.data.signingSecret });
        dispatch(applyQueueIntegrationEvent({ action: 'update', queueIntegration }));
      },
    }),
    /**
     * Dialogflow's credentials tried on a throwaway session before (or without) saving them; a
     * saved integration's `id` with its key's mask tries the stored key.
     */
    testIntegrationSession: build.mutation<IntegrationTestResult, IntegrationTest>({
      query: (body) => ({ url: '/queueIntegration/testSession', method: 'POST', body }),
    }),
    deleteQueueIntegration: build.mutation<{ message: string }, Id>({
      query: (id) => ({ url: `/queueIntegration/${id}`, method: 'DELETE' }),
      async onQueryStarted(id, { dispatch, queryFulfilled }) {
        if (!(await succeeded(queryFulfilled))) return;
        dispatch(applyQueueIntegrationEvent({ action: 'delete', integrationId: id }));
      },
    }),
  }),
});

/**
 * The integration as every other answer gives it: a secret answered whole is shown once by the
 * dialog that asked for it, and never kept in the cache, where an edit dialog would show it again.
 */
function masked(integration: QueueIntegration): QueueIntegration {
  return { ...integration, signingSecret: maskSecret(integration.signingSecret) };
}

const integrations: PagedRows<QueueIntegrationsPage, QueueIntegration> = {
  rowsOf: (page) => page.queueIntegrations,
  matches: (integration, search) => !search || integration.name.toLowerCase().includes(search.toLowerCase()),
  order: (a, b) => a.name.localeCompare(b.name) || a.id - b.id,
};

/** Writes an integration change (a live event, or our own save) into every cached search of the page. */
export function applyQueueIntegrationEvent(event: CompanyEventPayloads['queueIntegration']): AppThunk {
  return (dispatch, getState) => {
    const change: PagedChange<QueueIntegration> =
      event.action === 'delete'
        ? { action: 'delete', id: event.integrationId }
        : { action: event.action, row: event.queueIntegration };
    for (const search of queueIntegrationsApi.util.selectCachedArgsForQuery(getState(), 'pageQueueIntegrations')) {
      dispatch(
        queueIntegrationsApi.util.updateQueryData('pageQueueIntegrations', search, (draft) =>
          mergePagedChange(draft, change, integrations, search),
        ),
      );
    }
  };
}

export const {
  usePageQueueIntegrationsInfiniteQuery,
  useCreateQueueIntegrationMutation,
  useUpdateQueueIntegrationMutation,
  useRotateSigningSecretMutation,
  useTestIntegrationSessionMutation,
  useDeleteQueueIntegrationMutation,
} = queueIntegrationsApi;
