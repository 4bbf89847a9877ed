import type { Help, HelpInput, Id } from '@atendo/shared';
import { api, succeeded } from '../../app/api';
import type { AppThunk } from '../../app/store';

type HelpChange = { action: 'create' | 'update'; help: Help } | { action: 'delete'; id: Id };

/** The server's order: by title, then id. */
function byTitle(a: Help, b: Help): number {
  return a.title.localeCompare(b.title) || a.id - b.id;
}

export const helpsApi = api.injectEndpoints({
  endpoints: (build) => ({
    // Help videos are few (a platform's tutorials): the whole list, as the grid shows them all.
    listHelps: build.query<Help[], void>({
      query: () => '/helps/list',
    }),
    createHelp: build.mutation<Help, HelpInput>({
      query: (body) => ({ url: '/helps', method: 'POST', body }),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const answer = await succeeded(queryFulfilled);
        if (!answer) return;
        const { data } = answer;
        dispatch(applyHelpChange({ action: 'create', help: data }));
      },
    }),
    updateHelp: build.mutation<Help, { id: Id; changes: HelpInput }>({
      query: ({ id, changes }) => ({ url: `/helps/${id}`, method: 'PUT', body: changes }),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const answer = await succeeded(queryFulfilled);
        if (!answer) return;
        const { data } = answer;
        dispatch(applyHelpChange({ action: 'update', help: data }));
      },
    }),
    deleteHelp: build.mutation<void, Id>({
      query: (id) => ({ url: `/helps/${id}`, method: 'DELETE' }),
      async onQueryStarted(id, { dispatch, queryFulfilled }) {
        if (!(await succeeded(queryFulfilled))) return;
        dispatch(applyHelpChange({ action: 'delete', id }));
      },
    }),
  }),
});

function applyHelpChange(change: HelpChange): AppThunk {
  return (dispatch) => {
    dispatch(
      helpsApi.util.updateQueryData('listHelps', undefined, (draft) => {
        if (change.action === 'delete') return draft.filter((h) => h.id !== change.id);
        const index = draft.findIndex((h) => h.id === change.help.id);
        if (index >= 0) draft[index] = change.help;
        else draft.push(change.help);
        draft.sort(byTitle);
      }),
    );
  };
}

export const { useListHelpsQuery, useCreateHelpMutation, useUpdateHelpMutation, useDeleteHelpMutation } = helpsApi;
