import type { CompanyEventPayloads, Id, Queue, QueueInput } from '@atendo/shared';
import { api, succeeded } from '../../app/api';
import type { AppThunk } from '../../app/store';
import { queueOptionsChanged } from './queue-options.api';

/** The server's order: orderQueue first (unset last), then name. */
function byOrder(a: Queue, b: Queue): number {
  const ao = a.orderQueue ?? Number.MAX_SAFE_INTEGER;
  const bo = b.orderQueue ?? Number.MAX_SAFE_INTEGER;
  return ao - bo || a.name.localeCompare(b.name);
}

export const queuesApi = api.injectEndpoints({
  endpoints: (build) => ({
    listQueues: build.query<Queue[], void>({
      query: () => '/queue',
    }),
    createQueue: build.mutation<Queue, QueueInput>({
      query: (body) => ({ url: '/queue', method: 'POST', body }),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const answer = await succeeded(queryFulfilled);
        if (!answer) return;
        const { data } = answer;
        dispatch(applyQueueEvent({ action: 'create', queue: data }));
      },
    }),
    updateQueue: build.mutation<Queue, { id: Id; changes: QueueInput }>({
      query: ({ id, changes }) => ({ url: `/queue/${id}`, method: 'PUT', body: changes }),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const answer = await succeeded(queryFulfilled);
        if (!answer) return;
        const { data } = answer;
        dispatch(applyQueueEvent({ action: 'update', queue: data }));
      },
    }),
    deleteQueue: build.mutation<void, Id>({
      query: (id) => ({ url: `/queue/${id}`, method: 'DELETE' }),
      async onQueryStarted(id, { dispatch, queryFulfilled }) {
        if (!(await succeeded(queryFulfilled))) return;
        dispatch(applyQueueEvent({ action: 'delete', queueId: id }));
      },
    }),
  }),
});

/** Writes a queue change into the cached list; used by live events and by our own saves alike. */
export function applyQueueEvent(event: CompanyEventPayloads['queue']): AppThunk {
  return (dispatch) => {
    dispatch(
      queuesApi.util.updateQueryData('listQueues', undefined, (draft) => {
        if (event.action === 'delete') return draft.filter((q) => q.id !== event.queueId);
        const index = draft.findIndex((q) => q.id === event.queue.id);
        if (index >= 0) draft[index] = event.queue;
        else draft.push(event.queue);
        draft.sort(byOrder);
      }),
    );
    if (event.action === 'update') dispatch(queueOptionsChanged(event.queue.id));
  };
}

export const { useListQueuesQuery, useCreateQueueMutation, useUpdateQueueMutation, useDeleteQueueMutation } = queuesApi;
