import type { CompanyEventPayloads, Id, Prompt, PromptInput, PromptsPage } from '@atendo/shared';
import { api, succeeded } from '../../app/api';
import type { AppThunk } from '../../app/store';
import { mergePagedChange, type PagedChange, type PagedRows } from '../../components/paged-cache';
import { queuesApi } from '../queues/queues.api';

export const promptsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The AI agents page: 20 prompts a page by name; the argument is the search text. */
    pagePrompts: build.infiniteQuery<PromptsPage, string, number>({
      query: ({ queryArg, pageParam }) => ({
        url: '/prompt',
        params: { searchParam: queryArg, pageNumber: pageParam },
      }),
      infiniteQueryOptions: {
        initialPageParam: 1,
        getNextPageParam: (lastPage, _allPages, lastPageParam) => (lastPage.hasMore ? lastPageParam + 1 : undefined),
      },
    }),
    createPrompt: build.mutation<Prompt, PromptInput>({
      query: (body) => ({ url: '/prompt', method: 'POST', body }),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const answer = await succeeded(queryFulfilled);
        if (!answer) return;
        dispatch(applyPromptEvent({ action: 'create', prompt: answer.data }));
        dispatch(promptServesQueue(answer.data));
      },
    }),
    updatePrompt: build.mutation<Prompt, { id: Id; changes: PromptInput }>({
      query: ({ id, changes }) => ({ url: `/prompt/${id}`, method: 'PUT', body: changes }),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const answer = await succeeded(queryFulfilled);
        if (!answer) return;
        dispatch(applyPromptEvent({ action: 'update', prompt: answer.data }));
        dispatch(promptServesQueue(answer.data));
      },
    }),
    deletePrompt: build.mutation<{ message: string }, Id>({
      query: (id) => ({ url: `/prompt/${id}`, method: 'DELETE' }),
      async onQueryStarted(id, { dispatch, queryFulfilled }) {
        if (!(await succeeded(queryFulfilled))) return;
        dispatch(applyPromptEvent({ action: 'delete', promptId: id }));
      },
    }),
  }),
});

const prompts: PagedRows<PromptsPage, Prompt> = {
  rowsOf: (page) => page.prompts,
  matches: (prompt, search) => !search || prompt.name.toLowerCase().includes(search.toLowerCase()),
  order: (a, b) => a.name.localeCompare(b.name) || a.id - b.id,
};

/** Writes a prompt change (a live event, or our own save) into every cached search of the page. */
export function applyPromptEvent(event: CompanyEventPayloads['prompt']): AppThunk {
  return (dispatch, getState) => {
    const change: PagedChange<Prompt> =
      event.action === 'delete'
        ? { action: 'delete', id: event.promptId }
        : { action: event.action, row: event.prompt };
    for (const search of promptsApi.util.selectCachedArgsForQuery(getState(), 'pagePrompts')) {
      dispatch(
        promptsApi.util.updateQueryData('pagePrompts', search, (draft) =>
          mergePagedChange(draft, change, prompts, search),
        ),
      );
    }
  };
}

/**
 * A saved prompt answers the queue it is written for: that queue's "Prompt (IA)" field names it at
 * once (the queue it left, if any, arrives as the server's queue event).
 */
export function promptServesQueue(prompt: Prompt): AppThunk {
  return (dispatch) => {
    dispatch(
      queuesApi.util.updateQueryData('listQueues', undefined, (draft) => {
        const queue = draft.find((q) => q.id === prompt.queueId);
        if (queue) queue.promptId = prompt.id;
      }),
    );
  };
}

export const {
  usePagePromptsInfiniteQuery,
  useCreatePromptMutation,
  useUpdatePromptMutation,
  useDeletePromptMutation,
} = promptsApi;
