import type { CompanyEventPayloads, Id, Schedule, SchedulesPage } from '@atendo/shared';
import { api, succeeded } from '../../app/api';
import type { AppThunk } from '../../app/store';
import { changeOf, mergeScheduleChange, type ScheduleChange, type ScheduleRange } from './schedule-calendar';

/** The body of POST and PUT /schedules, as scheduleSchema reads it. */
export interface ScheduleInput {
  body: string;
  contactId: Id;
  /** ISO instant: the body, and the store's copy of it, hold plain data. */
  sendAt: string;
  ticketId: Id | null;
  whatsappId: Id | null;
}

export const schedulesApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The calendar: the schedules due in the visible range (up to 500, by sendAt), narrowed by the search. */
    listSchedules: build.query<SchedulesPage, ScheduleRange>({
      query: (range) => ({ url: '/schedules', params: { ...range, pageNumber: 1 } }),
    }),
    /** One schedule, kept live while its dialog is open: its status changes as it is sent. */
    getSchedule: build.query<Schedule, Id>({
      query: (id) => `/schedules/${id}`,
    }),
    createSchedule: build.mutation<Schedule, ScheduleInput>({
      query: (body) => ({ url: '/schedules', method: 'POST', body }),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const answer = await succeeded(queryFulfilled);
        if (!answer) return;
        const { data } = answer;
        dispatch(applyScheduleChange({ action: 'create', schedule: data }));
      },
    }),
    updateSchedule: build.mutation<Schedule, { id: Id; changes: ScheduleInput }>({
      query: ({ id, changes }) => ({ url: `/schedules/${id}`, method: 'PUT', body: changes }),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const answer = await succeeded(queryFulfilled);
        if (!answer) return;
        const { data } = answer;
        dispatch(applyScheduleChange({ action: 'update', schedule: data }));
      },
    }),
    deleteSchedule: build.mutation<void, Id>({
      query: (id) => ({ url: `/schedules/${id}`, method: 'DELETE' }),
      async onQueryStarted(id, { dispatch, queryFulfilled }) {
        if (!(await succeeded(queryFulfilled))) return;
        dispatch(applyScheduleChange({ action: 'delete', id }));
      },
    }),
    /** The schedule's image (.png, .jpg, .jpeg, 5 MiB), sent with its message. */
    uploadScheduleMedia: build.mutation<Schedule, { id: Id; file: File }>({
      query: ({ id, file }) => {
        const body = new FormData();
        body.append('file', file, file.name);
        return { url: `/schedules/${id}/media-upload`, method: 'POST', body };
      },
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const answer = await succeeded(queryFulfilled);
        if (!answer) return;
        const { data } = answer;
        dispatch(applyScheduleChange({ action: 'update', schedule: data }));
      },
    }),
    deleteScheduleMedia: build.mutation<Schedule, Id>({
      query: (id) => ({ url: `/schedules/${id}/media-upload`, method: 'DELETE' }),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const answer = await succeeded(queryFulfilled);
        if (!answer) return;
        const { data } = answer;
        dispatch(applyScheduleChange({ action: 'update', schedule: data }));
      },
    }),
  }),
});

/**
 * Writes a schedule change (a live event, or our own save, which the event then repeats without
 * effect) into every cached range of the calendar and into the open dialog's copy.
 */
function applyScheduleChange(change: ScheduleChange): AppThunk {
  return (dispatch, getState) => {
    for (const range of schedulesApi.util.selectCachedArgsForQuery(getState(), 'listSchedules')) {
      dispatch(
        schedulesApi.util.updateQueryData('listSchedules', range, (draft) => mergeScheduleChange(draft, change, range)),
      );
    }
    if (change.action !== 'delete') {
      dispatch(schedulesApi.util.updateQueryData('getSchedule', change.schedule.id, () => change.schedule));
    }
  };
}

/** `company-{id}-schedule`: schedules created, edited, sent or failed, and deleted, by anyone of the company. */
export function applyScheduleEvent(event: CompanyEventPayloads['schedule']): AppThunk {
  return applyScheduleChange(changeOf(event));
}

export const {
  useListSchedulesQuery,
  useGetScheduleQuery,
  useCreateScheduleMutation,
  useUpdateScheduleMutation,
  useDeleteScheduleMutation,
  useUploadScheduleMediaMutation,
  useDeleteScheduleMediaMutation,
} = schedulesApi;
