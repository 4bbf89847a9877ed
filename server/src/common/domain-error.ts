import { ERROR_STATUS, type ErrorCode, type FieldError, type OpenTicketConflict } from '@atendo/shared';

/** What services throw: an ERR_* code, its HTTP status from the shared catalogue, and extra fields. */
export class DomainError extends Error {
  readonly status: number;

  constructor(
    readonly code: ErrorCode,
    readonly extra: {
      fields?: FieldError[];
      dueDate?: string;
      ticket?: OpenTicketConflict;
      /** The number a send was refused for (the send API names it). */
      number?: string;
    } = {},
  ) {
    super(code);
    this.status = ERROR_STATUS[code];
  }
}

export function notFound(code: ErrorCode = 'ERR_NOT_FOUND'): DomainError {
  return new DomainError(code);
}

/** 429: a throttle's budget is spent; the answer says when to try again (Retry-After). */
export class ThrottledError extends DomainError {
  constructor(readonly retryAfterSeconds: number) {
    super('ERR_TOO_MANY_REQUESTS');
  }
}
