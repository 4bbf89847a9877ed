import type { CompanyEventPayloads, FlowCampaign, Id } from '@atendo/shared';
import { api, succeeded } from '../../app/api';
import type { AppThunk } from '../../app/store';

/** What the create and edit dialog sends (`PUT` adds the campaign's id). */
export interface FlowCampaignInput {
  name: string;
  flowId: Id;
  whatsappId: Id;
  phrase: string;
  status: boolean;
}

/** The list's order, for a campaign that joins it. */
export function byName(a: FlowCampaign, b: FlowCampaign): number {
  return a.name.localeCompare(b.name) || a.id - b.id;
}

export const flowCampaignsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The company's phrase campaigns, whole: a short list. */
    listFlowCampaigns: build.query<FlowCampaign[], void>({
      query: () => '/flowcampaign',
      transformResponse: (answer: { flow: FlowCampaign[] }) => answer.flow,
    }),
    createFlowCampaign: build.mutation<FlowCampaign, FlowCampaignInput>({
      query: (body) => ({ url: '/flowcampaign', method: 'POST', body }),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const answer = await succeeded(queryFulfilled);
        if (!answer) return;
        dispatch(applyFlowCampaignEvent({ action: 'create', flowCampaign: answer.data }));
      },
    }),
    updateFlowCampaign: build.mutation<FlowCampaign, FlowCampaignInput & { id: Id }>({
      query: (body) => ({ url: '/flowcampaign', method: 'PUT', body }),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const answer = await succeeded(queryFulfilled);
        if (!answer) return;
        dispatch(applyFlowCampaignEvent({ action: 'update', flowCampaign: answer.data }));
      },
    }),
    deleteFlowCampaign: build.mutation<{ message: string }, Id>({
      query: (id) => ({ url: `/flowcampaign/${id}`, method: 'DELETE' }),
      async onQueryStarted(id, { dispatch, queryFulfilled }) {
        if (!(await succeeded(queryFulfilled))) return;
        dispatch(applyFlowCampaignEvent({ action: 'delete', flowCampaignId: id }));
      },
    }),
  }),
});

/** Writes a campaign change (a live event, or our own save) into the cached list, merged by id. */
export function applyFlowCampaignEvent(event: CompanyEventPayloads['flowcampaign']): AppThunk {
  return (dispatch) => {
    dispatch(
      flowCampaignsApi.util.updateQueryData('listFlowCampaigns', undefined, (draft) => {
        if (event.action === 'delete') return draft.filter((campaign) => campaign.id !== event.flowCampaignId);
        const index = draft.findIndex((campaign) => campaign.id === event.flowCampaign.id);
        if (index >= 0) {
          draft[index] = event.flowCampaign;
        } else {
          draft.push(event.flowCampaign);
          draft.sort(byName);
        }
      }),
    );
  };
}

/**
 * A flow's change as the campaigns see it: a renamed flow is shown by its new name, and a deleted
 * one takes its campaigns with it (the database deletes them, without an event of their own).
 */
export function applyFlowToCampaigns(event: CompanyEventPayloads['flowbuilder']): AppThunk {
  return (dispatch) => {
    if (event.action === 'create') return;
    dispatch(
      flowCampaignsApi.util.updateQueryData('listFlowCampaigns', undefined, (draft) => {
        if (event.action === 'delete') return draft.filter((campaign) => campaign.flowId !== event.flowId);
        for (const campaign of draft) {
          if (campaign.flowId === event.flow.id) campaign.flow = { id: event.flow.id, name: event.flow.name };
        }
      }),
    );
  };
}

/** A connection's change as the campaigns see it, as a flow's: renamed, or gone with its campaigns. */
export function applyConnectionToCampaigns(event: CompanyEventPayloads['whatsapp']): AppThunk {
  return (dispatch) => {
    dispatch(
      flowCampaignsApi.util.updateQueryData('listFlowCampaigns', undefined, (draft) => {
        if (event.action === 'delete') return draft.filter((campaign) => campaign.whatsappId !== event.whatsappId);
        const { id, name } = event.whatsapp;
        for (const campaign of draft) {
          if (campaign.whatsappId === id && campaign.whatsapp?.name !== name) campaign.whatsapp = { id, name };
        }
      }),
    );
  };
}

export const {
  useListFlowCampaignsQuery,
  useCreateFlowCampaignMutation,
  useUpdateFlowCampaignMutation,
  useDeleteFlowCampaignMutation,
} = flowCampaignsApi;
