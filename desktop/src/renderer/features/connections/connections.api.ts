import type {
  CompanyEventPayloads,
  Id,
  WhatsappConnection,
  WhatsappInput,
  WhatsappSessionUpdate,
} from '@atendo/shared';
import { api, succeeded } from '../../app/api';
import type { AppThunk } from '../../app/store';
import { mergeSession, upsertConnection } from './connection-status';

export const connectionsApi = api.injectEndpoints({
  endpoints: (build) => ({
    listConnections: build.query<WhatsappConnection[], void>({
      query: () => ({ url: '/whatsapp', params: { session: 0 } }),
      providesTags: ['Connections'],
    }),
    createConnection: build.mutation<WhatsappConnection, WhatsappInput>({
      query: (body) => ({ url: '/whatsapp', method: 'POST', body }),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const answer = await succeeded(queryFulfilled);
        if (!answer) return;
        const { data } = answer;
        dispatch(applyWhatsappEvent({ action: 'update', whatsapp: data }));
      },
    }),
    updateConnection: build.mutation<WhatsappConnection, { id: Id; changes: WhatsappInput }>({
      query: ({ id, changes }) => ({ url: `/whatsapp/${id}`, method: 'PUT', body: changes }),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const answer = await succeeded(queryFulfilled);
        if (!answer) return;
        const { data } = answer;
        dispatch(applyWhatsappEvent({ action: 'update', whatsapp: data }));
      },
    }),
    deleteConnection: build.mutation<void, Id>({
      query: (id) => ({ url: `/whatsapp/${id}`, method: 'DELETE' }),
      async onQueryStarted(id, { dispatch, queryFulfilled }) {
        if (!(await succeeded(queryFulfilled))) return;
        dispatch(applyWhatsappEvent({ action: 'delete', whatsappId: id }));
      },
    }),
    /** Start the session (DISCONNECTED "Try again"). */
    startSession: build.mutation<void, Id>({
      query: (id) => ({ url: `/whatsappsession/${id}`, method: 'POST' }),
    }),
    /** Ask for a fresh QR code. */
    requestNewQr: build.mutation<void, Id>({
      query: (id) => ({ url: `/whatsappsession/${id}`, method: 'PUT' }),
    }),
    disconnectSession: build.mutation<void, Id>({
      query: (id) => ({ url: `/whatsappsession/${id}`, method: 'DELETE' }),
    }),
    /** Pairs a sandbox connection as if its QR code had been scanned; the session update follows. */
    simulateScan: build.mutation<{ whatsappId: Id; status: string; number: string }, Id>({
      query: (id) => ({ url: `/sandbox/connections/${id}/scan`, method: 'POST', body: {} }),
    }),
  }),
});

/** A connection saved or removed anywhere: written into the cached list in place. */
export function applyWhatsappEvent(event: CompanyEventPayloads['whatsapp']): AppThunk {
  return (dispatch) => {
    dispatch(
      connectionsApi.util.updateQueryData('listConnections', undefined, (draft) => {
        if (event.action === 'delete') return draft.filter((c) => c.id !== event.whatsappId);
        return upsertConnection(draft, event.whatsapp);
      }),
    );
  };
}

/** Status, QR code and retries of one session: merged into its row without a refetch. */
export function applyWhatsappSessionEvent(event: CompanyEventPayloads['whatsappSession']): AppThunk {
  return (dispatch) => {
    const session: WhatsappSessionUpdate = event.session;
    dispatch(
      connectionsApi.util.updateQueryData('listConnections', undefined, (draft) => mergeSession(draft, session)),
    );
  };
}

export const {
  useListConnectionsQuery,
  useCreateConnectionMutation,
  useUpdateConnectionMutation,
  useDeleteConnectionMutation,
  useStartSessionMutation,
  useRequestNewQrMutation,
  useDisconnectSessionMutation,
  useSimulateScanMutation,
} = connectionsApi;
