import type { CompanyEventPayloads, Flow, Id, Paged } from '@atendo/shared';
import { api, succeeded } from '../../app/api';
import type { AppThunk } from '../../app/store';
import { mergePagedChange, type PagedChange, type PagedRows } from '../../components/paged-cache';

/** `GET /flowbuilder`: one page of the company's flows (20, by name). */
export interface FlowsPage extends Paged {
  flows: Flow[];
  count: number;
}

export const flowsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The flows page, and the flow picker of the phrase campaigns: the argument is the search text. */
    pageFlows: build.infiniteQuery<FlowsPage, string, number>({
      query: ({ queryArg, pageParam }) => ({
        url: '/flowbuilder',
        params: { searchParam: queryArg, pageNumber: pageParam },
      }),
      infiniteQueryOptions: {
        initialPageParam: 1,
        getNextPageParam: (lastPage, _allPages, lastPageParam) => (lastPage.hasMore ? lastPageParam + 1 : undefined),
      },
    }),
    createFlow: build.mutation<Flow, { name: string }>({
      query: (body) => ({ url: '/flowbuilder', method: 'POST', body }),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const answer = await succeeded(queryFulfilled);
        if (!answer) return;
        dispatch(applyFlowEvent({ action: 'create', flow: answer.data }));
      },
    }),
    renameFlow: build.mutation<Flow, { flowId: Id; name: string }>({
      query: (body) => ({ url: '/flowbuilder', method: 'PUT', body }),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const answer = await succeeded(queryFulfilled);
        if (!answer) return;
        dispatch(applyFlowEvent({ action: 'update', flow: answer.data }));
      },
    }),
    /** Copies a flow with its latest drawing; answers the copy. */
    duplicateFlow: build.mutation<Flow, Id>({
      query: (flowId) => ({ url: '/flowbuilder/duplicate', method: 'POST', body: { flowId } }),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const answer = await succeeded(queryFulfilled);
        if (!answer) return;
        dispatch(applyFlowEvent({ action: 'create', flow: answer.data }));
      },
    }),
    deleteFlow: build.mutation<{ message: string }, Id>({
      query: (id) => ({ url: `/flowbuilder/${id}`, method: 'DELETE' }),
      async onQueryStarted(id, { dispatch, queryFulfilled }) {
        if (!(await succeeded(queryFulfilled))) return;
        dispatch(applyFlowEvent({ action: 'delete', flowId: id }));
      },
    }),
  }),
});

export const flowRows: PagedRows<FlowsPage, Flow> = {
  rowsOf: (page) => page.flows,
  matches: (flow, search) => !search || flow.name.toLowerCase().includes(search.toLowerCase()),
  order: (a, b) => a.name.localeCompare(b.name) || a.id - b.id,
};

/** Writes a flow change (a live event, or our own save) into every cached search of the flows. */
export function applyFlowEvent(event: CompanyEventPayloads['flowbuilder']): AppThunk {
  return (dispatch, getState) => {
    const change: PagedChange<Flow> =
      event.action === 'delete' ? { action: 'delete', id: event.flowId } : { action: event.action, row: event.flow };
    for (const search of flowsApi.util.selectCachedArgsForQuery(getState(), 'pageFlows')) {
      dispatch(
        flowsApi.util.updateQueryData('pageFlows', search, (draft) =>
          mergePagedChange(draft, change, flowRows, search),
        ),
      );
    }
  };
}

export const {
  usePageFlowsInfiniteQuery,
  useCreateFlowMutation,
  useRenameFlowMutation,
  useDuplicateFlowMutation,
  useDeleteFlowMutation,
} = flowsApi;
