import { LANGUAGES, type DesktopNotification, type Language, type LoginRequest } from '@atendo/shared';
import type { UnreadState } from './badge.js';
import { isAppUrl } from './app-origin.js';

/** Rejection codes of the IPC layer itself, in the same `ERR_*` family as the server's. */
export const IPC_ERRORS = {
  forbiddenSender: 'ERR_IPC_FORBIDDEN_SENDER',
  invalidArguments: 'ERR_IPC_INVALID_ARGUMENTS',
} as const;

export class IpcRejection extends Error {
  constructor(code: (typeof IPC_ERRORS)[keyof typeof IPC_ERRORS]) {
    super(code);
    this.name = 'IpcRejection';
  }
}

/** The part of an IPC event the checks read; Electron's events carry much more. */
export interface IpcSenderEvent {
  senderFrame: { url: string } | null;
}

/**
 * Only the app's own page may call the bridge. A frame that navigated elsewhere (or any web page
 * loaded by mistake) must not reach sign-in or the token, even though it shares the preload.
 */
export function assertTrustedSender(event: IpcSenderEvent): void {
  const url = event.senderFrame?.url;
  if (typeof url !== 'string' || !isAppUrl(url)) throw new IpcRejection(IPC_ERRORS.forbiddenSender);
}

export const LIMITS = {
  url: 2048,
  email: 254,
  password: 1024,
  accessToken: 8192,
  title: 256,
  body: 2048,
  route: 2048,
  tag: 256,
  unreadCount: 1_000_000,
} as const;

// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/;

function invalid(): never {
  throw new IpcRejection(IPC_ERRORS.invalidArguments);
}

function string(value: unknown, maxLength: number): string {
  if (typeof value !== 'string' || value.length > maxLength) invalid();
  return value;
}

function record(value: unknown): Record<string, unknown> {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) invalid();
  return value as Record<string, unknown>;
}

/** Checks only shape and size: the server validates the content and answers with a code. */
export function parseServerUrlArgs(args: unknown[]): string {
  if (args.length !== 1) invalid();
  const url = string(args[0], LIMITS.url);
  if (url.trim().length === 0 || CONTROL_CHARACTERS.test(url)) invalid();
  return url;
}

export function parseLoginArgs(args: unknown[]): LoginRequest {
  if (args.length !== 1) invalid();
  const credentials = record(args[0]);
  const login: LoginRequest = {
    email: string(credentials.email, LIMITS.email),
    password: string(credentials.password, LIMITS.password),
  };
  if (credentials.language === undefined) return login;
  if (!(LANGUAGES as readonly unknown[]).includes(credentials.language)) invalid();
  return { ...login, language: credentials.language as Language };
}

export function parseNoArgs(args: unknown[]): void {
  if (args.length !== 0) invalid();
}

export function parseLogoutArgs(args: unknown[]): string | null {
  if (args.length !== 1) invalid();
  if (args[0] === null) return null;
  const token = string(args[0], LIMITS.accessToken);
  // A bearer token goes into a header: anything outside printable ASCII would break or smuggle one.
  if (!/^[\x21-\x7e]*$/.test(token)) invalid();
  return token.length > 0 ? token : null;
}

/** `(count)` or `(count, { stale })`; an unknown option is ignored rather than trusted. */
export function parseUnreadCountArgs(args: unknown[]): UnreadState {
  if (args.length !== 1 && args.length !== 2) invalid();
  const count = args[0];
  if (typeof count !== 'number' || !Number.isInteger(count) || count < 0 || count > LIMITS.unreadCount) invalid();
  if (args.length === 1) return { count, stale: false };
  const stale = record(args[1]).stale;
  if (stale !== undefined && typeof stale !== 'boolean') invalid();
  return { count, stale: stale === true };
}

/** A path inside the app (`/tickets/42?tab=notes`), never a URL that could leave it. */
export function parseRoute(value: unknown): string {
  const route = string(value, LIMITS.route);
  if (!route.startsWith('/') || route.startsWith('//') || route.includes('\\') || CONTROL_CHARACTERS.test(route))
    invalid();
  return route;
}

export function parseNotifyArgs(args: unknown[]): DesktopNotification {
  if (args.length !== 1) invalid();
  const input = record(args[0]);
  const title = string(input.title, LIMITS.title);
  if (title.trim().length === 0) invalid();
  return {
    title,
    body: string(input.body, LIMITS.body),
    route: parseRoute(input.route),
    tag: string(input.tag, LIMITS.tag),
  };
}

export function parseTagArgs(args: unknown[]): string {
  if (args.length !== 1) invalid();
  const tag = string(args[0], LIMITS.tag);
  if (tag.length === 0) invalid();
  return tag;
}

/** One boolean: whether a composer holds a message or files not sent yet. */
export function parseComposingArgs(args: unknown[]): boolean {
  if (args.length !== 1 || typeof args[0] !== 'boolean') invalid();
  return args[0] as boolean;
}

export function parseLanguageArgs(args: unknown[]): Language {
  if (args.length !== 1 || !(LANGUAGES as readonly unknown[]).includes(args[0])) invalid();
  return args[0] as Language;
}

/** Shape only: whether the URL may be fetched is the server's origin check in main-app. */
export function parseDownloadArgs(args: unknown[]): string {
  if (args.length !== 1) invalid();
  const url = string(args[0], LIMITS.url);
  if (CONTROL_CHARACTERS.test(url) || !/^https?:\/\//i.test(url)) invalid();
  return url;
}
