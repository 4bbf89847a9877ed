import type { Language } from '../common/common.types.js';
import type { SessionUser } from '../users/users.types.js';

/** Name of the httpOnly cookie that carries the refresh token. */
export const REFRESH_COOKIE = 'jrt';
/** Access tokens live this long; the client refreshes on the 403 that follows. */
export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;

export interface LoginRequest {
  email: string;
  password: string;
  /** The app's language at sign-in: stored as the user's if they have none yet. */
  language?: Language;
}

export interface AuthResponse {
  token: string;
  user: SessionUser;
}

export interface AccessTokenClaims {
  sub: string;
  /** Session id: one per sign-in, shared by every rotated refresh token of that sign-in. */
  sid: string;
  companyId: number;
  profile: string;
  super: boolean;
}

/** A password-reset code works once, for this long, and for this many tries (spec 2 §4). */
export const PASSWORD_RESET_TTL_MINUTES = 15;
export const PASSWORD_RESET_MAX_ATTEMPTS = 5;
/** Codes are 8 characters; typed with spaces or a dash they are still accepted, up to this length. */
export const PASSWORD_RESET_CODE_MAX_INPUT = 20;
