import type { Id, QueueOption, QueueOptionInput, QueueOptionUpdate } from '@atendo/shared';
import { api } from '../../app/api';

const OPTIONS = 'QueueOptions' as const;

/**
 * A queue's option menu, read whole (its top level with everything nested) and changed one option
 * at a time. Every change renumbers a level on the server, so the menu is read again after each,
 * and when another admin's change arrives (as an update of the queue, see applyQueueEvent).
 */
export const queueOptionsApi = api.enhanceEndpoints({ addTagTypes: [OPTIONS] }).injectEndpoints({
  endpoints: (build) => ({
    listQueueOptions: build.query<QueueOption[], Id>({
      query: (queueId) => ({ url: '/queue-options', params: { queueId, parentId: -1 } }),
      providesTags: (_result, _error, queueId) => [{ type: OPTIONS, id: queueId }],
    }),
    createQueueOption: build.mutation<QueueOption, QueueOptionInput>({
      query: (body) => ({ url: '/queue-options', method: 'POST', body }),
      invalidatesTags: (_result, _error, { queueId }) => [{ type: OPTIONS, id: queueId }],
    }),
    updateQueueOption: build.mutation<QueueOption, { id: Id; queueId: Id; changes: QueueOptionUpdate }>({
      query: ({ id, changes }) => ({ url: `/queue-options/${id}`, method: 'PUT', body: changes }),
      invalidatesTags: (_result, _error, { queueId }) => [{ type: OPTIONS, id: queueId }],
    }),
    deleteQueueOption: build.mutation<void, { id: Id; queueId: Id }>({
      query: ({ id }) => ({ url: `/queue-options/${id}`, method: 'DELETE' }),
      invalidatesTags: (_result, _error, { queueId }) => [{ type: OPTIONS, id: queueId }],
    }),
  }),
});

/** Another admin changed a queue (its menu, possibly): the menu, if on screen, is read again. */
export const queueOptionsChanged = (queueId: Id) =>
  queueOptionsApi.util.invalidateTags([{ type: OPTIONS, id: queueId }]);

export const {
  useListQueueOptionsQuery,
  useCreateQueueOptionMutation,
  useUpdateQueueOptionMutation,
  useDeleteQueueOptionMutation,
} = queueOptionsApi;
