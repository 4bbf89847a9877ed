import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { AuthResponse, SessionUser, SettingEntry, User } from '@atendo/shared';
import { readStored, STORAGE_KEYS } from '../../app/storage';

export interface AuthState {
  token: string | null;
  /** Null until login, refresh or /auth/me has answered for the stored token. */
  user: SessionUser | null;
}

function initialState(): AuthState {
  return { token: readStored(STORAGE_KEYS.token), user: null };
}

export const authSlice = createSlice({
  name: 'auth',
  initialState,
  reducers: {
    sessionStarted(state, action: PayloadAction<AuthResponse>) {
      state.token = action.payload.token;
      state.user = action.payload.user;
    },
    sessionUserLoaded(state, action: PayloadAction<SessionUser>) {
      state.user = action.payload;
    },
    sessionCleared(state) {
      state.token = null;
      state.user = null;
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
  },
  selectors: {
    selectToken: (state) => state.token,
    selectSessionUser: (state) => state.user,
  },
});

export const { sessionStarted, sessionUserLoaded, sessionCleared, sessionUserUpdated, companySettingUpdated } =
  authSlice.actions;
export const { selectToken, selectSessionUser } = authSlice.selectors;
