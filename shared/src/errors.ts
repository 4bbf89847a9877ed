/**
 * The error catalogue. The server answers `{ "error": code }`; the UI maps the code to the
 * translation key `errors.<code>` and shows the raw text when no mapping exists.
 */
export const ERROR_STATUS = {
  ERR_INTERNAL_SERVER_ERROR: 500,
  ERR_NO_OTHER_WHATSAPP: 400,
  ERR_NO_DEF_WAPP_FOUND: 404,
  ERR_WAPP_NOT_INITIALIZED: 400,
  ERR_WAPP_CHECK_CONTACT: 400,
  ERR_WAPP_INVALID_CONTACT: 400,
  ERR_WAPP_DOWNLOAD_MEDIA: 400,
  ERR_WAPP_GREETING_REQUIRED: 400,
  ERR_INVALID_CREDENTIALS: 401,
  ERR_USER_DONT_EXISTS: 404,
  ERR_SENDING_WAPP_MSG: 400,
  ERR_DELETE_WAPP_MSG: 400,
  ERR_OTHER_OPEN_TICKET: 409,
  ERR_SESSION_EXPIRED: 401,
  ERR_USER_CREATION_DISABLED: 403,
  ERR_NO_PERMISSION: 403,
  ERR_DUPLICATED_CONTACT: 409,
  ERR_NO_SETTING_FOUND: 404,
  ERR_NO_CONTACT_FOUND: 404,
  ERR_NO_TICKET_FOUND: 404,
  ERR_NO_USER_FOUND: 404,
  ERR_NO_WAPP_FOUND: 404,
  ERR_NO_QUEUE_FOUND: 404,
  ERR_NO_TAG_FOUND: 404,
  ERR_NO_COMPANY_FOUND: 404,
  ERR_NO_PLAN_FOUND: 404,
  ERR_NOT_FOUND: 404,
  ERR_CREATING_MESSAGE: 400,
  ERR_CREATING_TICKET: 400,
  ERR_FETCH_WAPP_MSG: 400,
  ERR_QUEUE_COLOR_ALREADY_EXISTS: 409,
  ERR_QUEUE_NAME_ALREADY_EXISTS: 409,
  // Errors of this product beyond the inherited catalogue.
  ERR_VALIDATION: 400,
  ERR_INVALID_TOKEN: 401,
  ERR_TOKEN_EXPIRED: 403,
  ERR_REFRESH_TOKEN_REUSED: 401,
  /** The session was ended because the account's password was reset: sign in with the new one. */
  ERR_PASSWORD_CHANGED: 401,
  ERR_SUBSCRIPTION_EXPIRED: 402,
  ERR_COMPANY_INACTIVE: 403,
  ERR_EMAIL_ALREADY_EXISTS: 409,
  ERR_PLAN_LIMIT_USERS: 403,
  ERR_PLAN_LIMIT_QUEUES: 403,
  ERR_PLAN_LIMIT_CONNECTIONS: 403,
  ERR_PLAN_FEATURE_DISABLED: 403,
  ERR_CANNOT_DELETE_SELF: 400,
  ERR_LAST_ADMIN: 400,
  ERR_TOO_MANY_REQUESTS: 429,
  ERR_PAYLOAD_TOO_LARGE: 413,
  ERR_INVALID_JSON: 400,
  ERR_NO_INVOICE_FOUND: 404,
  ERR_INVOICE_ALREADY_PAID: 409,
  /** No payment provider is configured on this server. */
  ERR_PAYMENTS_UNAVAILABLE: 503,
  /** The payment provider refused the charge or could not be reached. */
  ERR_PAYMENT_PROVIDER: 502,
  // Password reset: a wrong code, one no longer valid (expired, used, replaced), and one locked by wrong tries.
  ERR_INVALID_RESET_CODE: 400,
  ERR_RESET_CODE_EXPIRED: 400,
  ERR_RESET_CODE_LOCKED: 400,
  /** The mail server refused or could not be reached. */
  ERR_EMAIL_NOT_SENT: 502,
  ERR_NO_HELP_FOUND: 404,
  ERR_NO_ANNOUNCEMENT_FOUND: 404,
  ERR_NO_QUEUE_OPTION_FOUND: 404,
  ERR_NO_CONTACT_LIST_FOUND: 404,
  ERR_NO_CONTACT_LIST_ITEM_FOUND: 404,
  /** A chat the caller is not a member of answers like a missing one. */
  ERR_NO_CHAT_FOUND: 404,
  /**
   * Only a chat's owner renames, re-members or deletes it. 404 rather than 403: the existing
   * clients read any 403 as an expired token and sign the user out.
   */
  ERR_CHAT_OWNER_ONLY: 404,
  /** A plan some company is on cannot be deleted; move those companies first. */
  ERR_PLAN_IN_USE: 409,
  /** The platform company (the super-admin's own) cannot be deleted or disabled. */
  ERR_PLATFORM_COMPANY_PROTECTED: 400,
  /**
   * The connection's session is moving to another server (its holder stopped) or the servers cannot
   * reach each other for a moment: the same request may be sent again (see RETRY_AFTER_SECONDS).
   */
  ERR_WAPP_UNAVAILABLE: 503,
  /** The AI service (or its stand-in) cannot answer now. */
  ERR_AI_UNAVAILABLE: 503,
  /** An integration's service did not answer a test (Dialogflow's test session). */
  ERR_INTEGRATION_UNREACHABLE: 502,
  /** WhatsApp refused a send for sending too fast (`rate-overlimit`): the connection's campaigns pause. */
  ERR_WAPP_RATE_LIMITED: 429,
  ERR_NO_SCHEDULE_FOUND: 404,
  /** A schedule that was sent (or is being sent) cannot be changed. */
  ERR_SCHEDULE_NOT_EDITABLE: 400,
  ERR_NO_CAMPAIGN_FOUND: 404,
  /** Spec §4: only INATIVA, or PROGRAMADA more than an hour ahead, is edited (a CANCELADA one's messages too). */
  ERR_CAMPAIGN_NOT_EDITABLE: 400,
  /** Cancel or restart from a status that does not allow it. */
  ERR_CAMPAIGN_STATUS: 400,
  /** A running campaign is cancelled before it is deleted. */
  ERR_CAMPAIGN_RUNNING: 409,
  /** Not an answer to a request: why a campaign contact failed (no answer to its confirmation within a day). */
  ERR_CAMPAIGN_NO_CONFIRMATION: 400,
  /** An `Idempotency-Key` of the send API used again for another message. */
  ERR_IDEMPOTENCY_KEY_REUSED: 409,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

/** Errors of a passing condition: their answer carries `Retry-After` with this many seconds. */
export const RETRY_AFTER_SECONDS: Partial<Record<ErrorCode, number>> = { ERR_WAPP_UNAVAILABLE: 1 };

/**
 * Codes the desktop app's main process raises itself (no HTTP status): reaching the configured
 * server, and IPC calls it refused. The UI translates them like the server's.
 */
export const DESKTOP_ERROR_CODES = [
  'ERR_NO_SERVER_URL',
  'ERR_SERVER_UNREACHABLE',
  'ERR_SERVER_CERTIFICATE',
  'ERR_UNEXPECTED_RESPONSE',
  'ERR_IPC_FORBIDDEN_SENDER',
  'ERR_IPC_INVALID_ARGUMENTS',
] as const;
export type DesktopErrorCode = (typeof DESKTOP_ERROR_CODES)[number];

export const ERROR_CODES = Object.keys(ERROR_STATUS) as ErrorCode[];

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.prototype.hasOwnProperty.call(ERROR_STATUS, value);
}

/** One field that failed validation: `message` is an i18n key, `params` its interpolation values. */
export interface FieldError {
  field: string;
  message: string;
  params?: Record<string, unknown>;
}

/** The body of every error answer. */
export interface ErrorBody {
  error: ErrorCode | string;
  fields?: FieldError[];
  /** ERR_SUBSCRIPTION_EXPIRED carries the date the subscription ended. */
  dueDate?: string;
  /** Present on 5xx answers (and in X-Request-Id on every answer) so support can find the log lines. */
  requestId?: string;
  /** ERR_OTHER_OPEN_TICKET names the ticket already open for the contact, its owner and queue. */
  ticket?: OpenTicketConflict;
}

export interface OpenTicketConflict {
  id: number;
  uuid: string;
  status: string;
  user: { name: string } | null;
  queue: { name: string } | null;
}
