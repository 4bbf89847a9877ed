import type { QuickMessage } from '@atendo/shared';
import { api } from '../../app/api';

export const quickMessagesApi = api.injectEndpoints({
  endpoints: (build) => ({
    listQuickMessages: build.query<QuickMessage[], void>({
      query: () => '/quick-messages/list',
    }),
  }),
});

export const { useListQuickMessagesQuery } = quickMessagesApi;
