import type { SerializedError } from '@reduxjs/toolkit';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { type ErrorBody, toValidationMessage } from '@atendo/shared';
import type { i18n as I18n } from 'i18next';
import { formatDate } from './format';

export type ApiError = FetchBaseQueryError | SerializedError | undefined;

export function errorBody(error: unknown): ErrorBody | null {
  if (!error || typeof error !== 'object' || !('data' in error)) return null;
  const data = (error as { data: unknown }).data;
  if (data && typeof data === 'object' && typeof (data as ErrorBody).error === 'string') return data as ErrorBody;
  return null;
}

/** Spec §8: a known code is translated, an unknown one is shown as the server wrote it. */
export function errorText(i18n: I18n, error: unknown): string {
  const body = errorBody(error);
  if (body) {
    if (body.error === 'ERR_SUBSCRIPTION_EXPIRED' && body.dueDate) {
      return i18n.t('auth.subscriptionExpiredOn', { date: formatDate(body.dueDate) });
    }
    const key = `errors.${body.error}`;
    return i18n.exists(key) ? i18n.t(key) : body.error;
  }
  if (error && typeof error === 'object') {
    const status = (error as { status?: unknown }).status;
    if (status === 'FETCH_ERROR' || status === 'TIMEOUT_ERROR') return i18n.t('common.networkError');
    const text = (error as { error?: unknown; message?: unknown }).error ?? (error as { message?: unknown }).message;
    // The desktop bridge rejects with a bare `ERR_*` code as the message (main process and IPC codes).
    if (typeof text === 'string' && /^ERR_[A-Z0-9_]+$/.test(text) && i18n.exists(`errors.${text}`)) {
      return i18n.t(`errors.${text}`);
    }
    if (typeof text === 'string' && text) return text;
  }
  return i18n.t('errors.ERR_INTERNAL_SERVER_ERROR');
}

/**
 * Field errors are kept in formik as the validation message itself (a key, or `{ key, params }`
 * from the shared schemas and from the server), and translated when rendered, so a language
 * switch re-translates errors already on screen.
 */
export function validationText(i18n: I18n, message: unknown): string | undefined {
  if (message === undefined || message === null || message === '') return undefined;
  const { key, params } = toValidationMessage(message);
  return i18n.t(key, params ?? {});
}

/** Turns a 400 ERR_VALIDATION answer into formik errors; false when the answer is something else. */
export function serverFieldErrors(error: unknown): Record<string, unknown> | null {
  const body = errorBody(error);
  if (body?.error !== 'ERR_VALIDATION' || !body.fields?.length) return null;
  const errors: Record<string, unknown> = {};
  for (const field of body.fields) {
    errors[field.field] = { key: field.message, params: field.params };
  }
  return errors;
}
