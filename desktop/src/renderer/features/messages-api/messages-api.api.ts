import { type EXTERNAL_SENT } from '@atendo/shared';
import { api } from '../../app/api';

/** What the page's test forms send: the connection's token, the family's fields and, for media, one file. */
export interface ExternalSend {
  token: string;
  number: string;
  body: string;
  closeTicket?: boolean;
  file?: File | null;
}

export const messagesApiApi = api.injectEndpoints({
  endpoints: (build) => ({
    /**
     * `POST /api/messages/send` as an integrator calls it: the connection's send token as the bearer,
     * without the user's session (a PUBLIC_ENDPOINT: no session token, no cookies).
     */
    sendExternalMessage: build.mutation<typeof EXTERNAL_SENT, ExternalSend>({
      query: ({ token, number, body, closeTicket, file }) => {
        let payload: FormData | Record<string, unknown>;
        if (file) {
          payload = new FormData();
          payload.append('number', number);
          if (body) payload.append('body', body);
          if (closeTicket) payload.append('closeTicket', 'true');
          payload.append('medias', file);
        } else {
          payload = { number, body, ...(closeTicket ? { closeTicket } : {}) };
        }
        return {
          url: '/api/messages/send',
          method: 'POST',
          headers: { Authorization: `Bearer ${token.trim()}` },
          body: payload,
        };
      },
    }),
  }),
});

export const { useSendExternalMessageMutation } = messagesApiApi;
