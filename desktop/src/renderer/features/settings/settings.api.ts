import type { CompanyEventPayloads, SettingEntry, SettingKey } from '@atendo/shared';
import { api, succeeded } from '../../app/api';
import type { AppThunk } from '../../app/store';
import { companySettingUpdated } from '../auth/auth.slice';

export const settingsApi = api.injectEndpoints({
  endpoints: (build) => ({
    listSettings: build.query<SettingEntry[], void>({
      query: () => '/settings',
    }),
    updateSetting: build.mutation<SettingEntry, { key: SettingKey; value: string }>({
      query: ({ key, value }) => ({ url: `/settings/${key}`, method: 'PUT', body: { key, value } }),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const answer = await succeeded(queryFulfilled);
        if (!answer) return;
        const { data } = answer;
        dispatch(applySettingsEvent({ action: 'update', setting: data }));
      },
    }),
  }),
});

/** Keeps both the settings list and the session's copy of the company settings current. */
export function applySettingsEvent(event: CompanyEventPayloads['settings']): AppThunk {
  return (dispatch) => {
    const { setting } = event;
    dispatch(
      settingsApi.util.updateQueryData('listSettings', undefined, (draft) => {
        const existing = draft.find((s) => s.key === setting.key);
        if (existing) existing.value = setting.value;
        else draft.push({ key: setting.key, value: setting.value });
      }),
    );
    dispatch(companySettingUpdated({ key: setting.key, value: setting.value }));
  };
}

export const { useListSettingsQuery, useUpdateSettingMutation } = settingsApi;
