import type { FlowUpload } from '@atendo/shared';
import { useCallback } from 'react';
import { useStore } from 'react-redux';
import { resolveBaseUrl } from '../../app/base-url';
import { needsRefresh } from '../../app/reauth-base-query';
import { sessionRefresher } from '../../app/session-refresh';
import type { AppDispatch, RootState } from '../../app/store';

export type UploadRoute = 'img' | 'audio' | 'video' | 'content';

/** A failed upload, shaped as RTK Query's errors so errorText and serverFieldErrors read it. */
interface UploadFailure {
  status: number | 'FETCH_ERROR';
  data?: unknown;
}

/**
 * One multipart POST through XMLHttpRequest, the one browser API that reports upload progress
 * (fetch does not). `onProgress` gets the share sent, 0 to 1.
 */
function send(
  url: string,
  token: string | null,
  form: FormData,
  onProgress: (share: number) => void,
): Promise<{ status: number; data: unknown }> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', url);
    request.withCredentials = true;
    if (token) request.setRequestHeader('Authorization', `Bearer ${token}`);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total) onProgress(event.loaded / event.total);
    };
    request.onload = () => {
      let data: unknown;
      try {
        data = request.responseText ? JSON.parse(request.responseText) : null;
      } catch {
        data = request.responseText;
      }
      resolve({ status: request.status, data });
    };
    request.onerror = () => reject({ status: 'FETCH_ERROR' } satisfies UploadFailure);
    request.send(form);
  });
}

/**
 * Sends files for a flow's blocks (`POST /flowbuilder/img|audio|video|content`, field `medias`)
 * with the session's token; an expired token is refreshed once and the upload sent again, as the
 * API slice does for its calls.
 */
export function useFlowUpload() {
  const store = useStore<RootState>();
  return useCallback(
    async (route: UploadRoute, files: File[], onProgress: (share: number) => void): Promise<FlowUpload[]> => {
      const dispatch = store.dispatch as AppDispatch;
      const form = () => {
        const body = new FormData();
        for (const file of files) body.append('medias', file);
        return body;
      };
      const url = `${await resolveBaseUrl()}/flowbuilder/${route}`;
      const pending = sessionRefresher.pending();
      if (pending) await pending;
      const tokenSent = store.getState().auth.token;
      let answer = await send(url, tokenSent, form(), onProgress);
      if (tokenSent && needsRefresh({ status: answer.status, data: answer.data })) {
        const current = store.getState().auth.token;
        const refreshed = current !== tokenSent ? current !== null : await sessionRefresher.refresh(dispatch);
        if (refreshed) answer = await send(url, store.getState().auth.token, form(), onProgress);
      }
      if (answer.status < 200 || answer.status >= 300) {
        throw { status: answer.status, data: answer.data } satisfies UploadFailure;
      }
      return (Array.isArray(answer.data) ? answer.data : [answer.data]) as FlowUpload[];
    },
    [store],
  );
}
