import {
  type Campaign,
  type CampaignReport,
  type CampaignSettingRow,
  type CampaignSettings,
  campaignSettingsFromRows,
  type CampaignsPage,
  type CompanyEventPayloads,
  type ContactList,
  type Id,
} from '@atendo/shared';
import { api, succeeded } from '../../app/api';
import type { AppDispatch, AppThunk } from '../../app/store';
import { mergePagedChange, type PagedChange, type PagedRows } from '../../components/paged-cache';
import type { CampaignInput } from './campaign-form';

/** Writes a saved campaign (the mutation's answer) into the list and the report, as its event would. */
async function writeAnswer(
  action: 'create' | 'update',
  { dispatch, queryFulfilled }: { dispatch: AppDispatch; queryFulfilled: Promise<{ data: Campaign }> },
): Promise<void> {
  const answer = await succeeded(queryFulfilled);
  if (answer) dispatch(applyCampaignEvent({ action, record: answer.data }));
}

export const campaignsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The campaigns page: 20 a page, newest first, each with its counts; the argument is the search text. */
    pageCampaigns: build.infiniteQuery<CampaignsPage, string, number>({
      query: ({ queryArg, pageParam }) => ({
        url: '/campaigns',
        params: { searchParam: queryArg, pageNumber: pageParam },
      }),
      infiniteQueryOptions: {
        initialPageParam: 1,
        getNextPageParam: (lastPage, _allPages, lastPageParam) => (lastPage.hasMore ? lastPageParam + 1 : undefined),
      },
    }),
    /** The report page: the campaign, its counts, its connection's pacing and the latest failures. */
    getCampaignReport: build.query<CampaignReport, Id>({
      query: (id) => `/campaigns/${id}/report`,
    }),
    createCampaign: build.mutation<Campaign, CampaignInput>({
      query: (body) => ({ url: '/campaigns', method: 'POST', body }),
      onQueryStarted: (_arg, lifecycle) => writeAnswer('create', lifecycle),
    }),
    updateCampaign: build.mutation<Campaign, { id: Id; changes: CampaignInput }>({
      query: ({ id, changes }) => ({ url: `/campaigns/${id}`, method: 'PUT', body: changes }),
      onQueryStarted: (_arg, lifecycle) => writeAnswer('update', lifecycle),
    }),
    deleteCampaign: build.mutation<void, Id>({
      query: (id) => ({ url: `/campaigns/${id}`, method: 'DELETE' }),
      async onQueryStarted(id, { dispatch, queryFulfilled }) {
        if (await succeeded(queryFulfilled)) dispatch(applyCampaignEvent({ action: 'delete', id }));
      },
    }),
    uploadCampaignMedia: build.mutation<Campaign, { id: Id; file: File }>({
      query: ({ id, file }) => {
        const body = new FormData();
        body.append('file', file, file.name);
        return { url: `/campaigns/${id}/media-upload`, method: 'POST', body };
      },
      onQueryStarted: (_arg, lifecycle) => writeAnswer('update', lifecycle),
    }),
    deleteCampaignMedia: build.mutation<Campaign, Id>({
      query: (id) => ({ url: `/campaigns/${id}/media-upload`, method: 'DELETE' }),
      onQueryStarted: (_arg, lifecycle) => writeAnswer('update', lifecycle),
    }),
    /** Stop: a running or programmed campaign becomes CANCELADA. */
    cancelCampaign: build.mutation<Campaign, Id>({
      query: (id) => ({ url: `/campaigns/${id}/cancel`, method: 'POST' }),
      onQueryStarted: (_arg, lifecycle) => writeAnswer('update', lifecycle),
    }),
    /** A cancelled campaign goes on from where it stopped. */
    restartCampaign: build.mutation<Campaign, Id>({
      query: (id) => ({ url: `/campaigns/${id}/restart`, method: 'POST' }),
      onQueryStarted: (_arg, lifecycle) => writeAnswer('update', lifecycle),
    }),
    /** The pacing and the message variables, read from the rows the server keeps (JSON values). */
    getCampaignSettings: build.query<CampaignSettings, void>({
      query: () => '/campaign-settings',
      transformResponse: (rows: CampaignSettingRow[]) => campaignSettingsFromRows(rows),
    }),
    saveCampaignSettings: build.mutation<CampaignSettings, CampaignSettings>({
      query: (settings) => ({ url: '/campaign-settings', method: 'POST', body: { settings } }),
      transformResponse: (rows: CampaignSettingRow[]) => campaignSettingsFromRows(rows),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const answer = await succeeded(queryFulfilled);
        if (answer) dispatch(campaignsApi.util.upsertQueryData('getCampaignSettings', undefined, answer.data));
      },
    }),
    /** Every contact list of the company: the campaign form's audiences. */
    listAudienceContactLists: build.query<ContactList[], void>({
      query: () => '/contact-lists/list',
    }),
  }),
});

/** The fields a campaign's answer may leave out: a save's answer has no counts. */
const KEPT_WHEN_ABSENT = ['totals', 'contactList', 'tag', 'fileList', 'whatsapp'] as const;

/** A campaign as a change tells it, over the copy held: what the change leaves out is kept. */
export function mergeCampaign(held: Campaign | undefined, incoming: Campaign): Campaign {
  if (!held) return incoming;
  const merged = { ...incoming };
  for (const key of KEPT_WHEN_ABSENT) {
    if (merged[key] === undefined && held[key] !== undefined) Object.assign(merged, { [key]: held[key] });
  }
  return merged;
}

const campaignsPages: PagedRows<CampaignsPage, Campaign> = {
  rowsOf: (page) => page.records,
  // The server searches the name (the search text arrives in lower case).
  matches: (campaign, search) => !search || campaign.name.toLowerCase().includes(search),
  order: (a, b) => b.id - a.id,
};

/**
 * Writes a campaign change into one search's loaded pages: a running campaign's update carries
 * its counts, which reach its row; an answer without them keeps the counts the row has.
 */
export function writeCampaignChange(draft: { pages: CampaignsPage[] }, change: PagedChange<Campaign>, search: string) {
  if (change.action === 'delete') {
    mergePagedChange(draft, change, campaignsPages, search);
    return;
  }
  const held = draft.pages.flatMap((page) => page.records).find((row) => row.id === change.row.id);
  mergePagedChange(draft, { action: change.action, row: mergeCampaign(held, change.row) }, campaignsPages, search);
}

/** The report's campaign and counts follow its updates. */
export function writeReportChange(draft: CampaignReport, record: Campaign): void {
  draft.campaign = mergeCampaign(draft.campaign, record);
  if (record.totals) draft.totals = record.totals;
}

/** Writes a campaign change (a live event, or our own save) into the list's searches and the open report. */
export function applyCampaignEvent(event: CompanyEventPayloads['campaign']): AppThunk {
  return (dispatch, getState) => {
    const change: PagedChange<Campaign> =
      event.action === 'delete' ? { action: 'delete', id: event.id } : { action: event.action, row: event.record };
    for (const search of campaignsApi.util.selectCachedArgsForQuery(getState(), 'pageCampaigns')) {
      dispatch(
        campaignsApi.util.updateQueryData('pageCampaigns', search, (draft) =>
          writeCampaignChange(draft, change, search),
        ),
      );
    }
    if (event.action === 'update') {
      dispatch(
        campaignsApi.util.updateQueryData('getCampaignReport', event.record.id, (draft) =>
          writeReportChange(draft, event.record),
        ),
      );
    }
  };
}

export const {
  usePageCampaignsInfiniteQuery,
  useGetCampaignReportQuery,
  useCreateCampaignMutation,
  useUpdateCampaignMutation,
  useDeleteCampaignMutation,
  useUploadCampaignMediaMutation,
  useDeleteCampaignMediaMutation,
  useCancelCampaignMutation,
  useRestartCampaignMutation,
  useGetCampaignSettingsQuery,
  useSaveCampaignSettingsMutation,
  useListAudienceContactListsQuery,
} = campaignsApi;
