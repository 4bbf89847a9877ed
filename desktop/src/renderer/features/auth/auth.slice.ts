import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { AuthResponse, SessionUser, SettingEntry, User } from '@atendo/shared';
import { readStored, STORAGE_KEYS } from '../../app/storage';

/** A session ended by something other than the user: the sign-in page says which. */
export type SignedOutReason = 'passwordChanged' | 'takenOver';

export interface AuthState {
  token: string | null;
  /** Null until login, refresh or /auth/me has answered for the stored token. */
  user: SessionUser | null;
  /** The user is the desktop app's stored copy, not yet confirmed by /auth/me since the launch. */
  userFromSnapshot: boolean;
  /**
   * Why the last session ended when the user did not end it (their password was reset, another
   * sign-in took it over): the sign-in page says so.
   */
  signedOutReason: SignedOutReason | null;
}

/** The stored copy of the user, if it has the shape the shell needs (it may be from an older version). */
function storedUser(): SessionUser | null {
  const raw = readStored(STORAGE_KEYS.sessionUser);
  if (!raw) return null;
  try {
    const user = JSON.parse(raw) as Partial<SessionUser> | null;
    if (typeof user?.id !== 'number' || typeof user.name !== 'string' || typeof user.company !== 'object') return null;
    return user as SessionUser;
  } catch {
    return null;
  }
}

function initialState(): AuthState {
  const token = readStored(STORAGE_KEYS.token);
  // Only the desktop app keeps the user: a browser tab has its server at hand or shows nothing.
  const user = token && window.desktop ? storedUser() : null;
  return { token, user, userFromSnapshot: user !== null, signedOutReason: null };
}

export const authSlice = createSlice({
  name: 'auth',
  initialState,
  reducers: {
    sessionStarted(state, action: PayloadAction<AuthResponse>) {
      state.token = action.payload.token;
      state.user = action.payload.user;
      state.userFromSnapshot = false;
      state.signedOutReason = null;
    },
    sessionUserLoaded(state, action: PayloadAction<SessionUser>) {
      state.user = action.payload;
      state.userFromSnapshot = false;
    },
    sessionCleared: {
      reducer(state, action: PayloadAction<{ reason: SignedOutReason | null }>) {
        state.token = null;
        state.user = null;
        state.userFromSnapshot = false;
        state.signedOutReason = action.payload.reason;
      },
      /** Without a reason: the user signed out, or the session simply expired. */
      prepare: (reason: SignedOutReason | null = null) => ({ payload: { reason } }),
    },
    /** Keeps the greeting and menus in step when the signed-in user is edited anywhere. */
    sessionUserUpdated(state, action: PayloadAction<User>) {
      if (state.user && state.user.id === action.payload.id) {
        state.user = { ...state.user, ...action.payload, company: state.user.company };
      }
    },
    companySettingUpdated(state, action: PayloadAction<SettingEntry>) {
      if (!state.user) return;
      const settings = state.user.company.settings;
      const existing = settings.find((s) => s.key === action.payload.key);
      if (existing) existing.value = action.payload.value;
      else settings.push(action.payload);
    },
    /** The signed-in user's company was paid up to a new due date (the rest of the user is as it was). */
    companyDueDateUpdated(state, action: PayloadAction<{ companyId: number; dueDate: string }>) {
      if (state.user?.company.id === action.payload.companyId) state.user.company.dueDate = action.payload.dueDate;
    },
  },
  selectors: {
    selectToken: (state) => state.token,
    selectSessionUser: (state) => state.user,
    selectUserFromSnapshot: (state) => state.userFromSnapshot,
    selectSignedOutReason: (state) => state.signedOutReason,
  },
});

/** The reason an error answer ends a session with, if it names one. */
export function signedOutReasonOf(code: unknown): SignedOutReason | null {
  return code === 'ERR_PASSWORD_CHANGED' ? 'passwordChanged' : null;
}

export const {
  sessionStarted,
  sessionUserLoaded,
  sessionCleared,
  sessionUserUpdated,
  companySettingUpdated,
  companyDueDateUpdated,
} = authSlice.actions;
export const { selectToken, selectSessionUser, selectUserFromSnapshot, selectSignedOutReason } = authSlice.selectors;
