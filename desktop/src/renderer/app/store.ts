import {
  combineSlices,
  configureStore,
  createListenerMiddleware,
  isAnyOf,
  type ThunkAction,
  type UnknownAction,
} from '@reduxjs/toolkit';
import { useDispatch, useSelector } from 'react-redux';
import {
  authSlice,
  companyDueDateUpdated,
  companySettingUpdated,
  sessionCleared,
  sessionStarted,
  sessionUserLoaded,
  sessionUserUpdated,
} from '../features/auth/auth.slice';
import { shellSlice, themeChosen, volumeChanged } from '../features/shell/shell.slice';
import { api } from './api';
import { STORAGE_KEYS, writeStored } from './storage';

const rootReducer = combineSlices(api, authSlice, shellSlice);
export type RootState = ReturnType<typeof rootReducer>;

/** Persistence lives here, next to the actions that cause it, so reducers stay pure. */
function persistenceListeners() {
  const listeners = createListenerMiddleware();
  listeners.startListening({
    actionCreator: sessionStarted,
    effect: (action) => writeStored(STORAGE_KEYS.token, action.payload.token),
  });
  listeners.startListening({
    actionCreator: sessionCleared,
    effect: (_action, listenerApi) => {
      writeStored(STORAGE_KEYS.token, null);
      writeStored(STORAGE_KEYS.sessionUser, null);
      writeStored(STORAGE_KEYS.lastRoute, null);
      // However the session ended (sign-out, refused refresh, taken over), the badge goes with it.
      window.desktop?.setUnreadCount(0);
      // Cached company data must not survive into the next user's session.
      listenerApi.dispatch(api.util.resetApiState());
    },
  });
  listeners.startListening({
    matcher: isAnyOf(
      sessionStarted,
      sessionUserLoaded,
      sessionUserUpdated,
      companySettingUpdated,
      companyDueDateUpdated,
    ),
    effect: (_action, listenerApi) => {
      if (!window.desktop) return;
      const user = (listenerApi.getState() as RootState).auth.user;
      writeStored(STORAGE_KEYS.sessionUser, user ? JSON.stringify(user) : null);
    },
  });
  listeners.startListening({
    actionCreator: themeChosen,
    effect: (action) => writeStored(STORAGE_KEYS.preferredTheme, action.payload),
  });
  listeners.startListening({
    actionCreator: volumeChanged,
    effect: (_action, listenerApi) =>
      writeStored(STORAGE_KEYS.volume, String((listenerApi.getState() as RootState).shell.volume)),
  });
  return listeners;
}

export function createAppStore() {
  return configureStore({
    reducer: rootReducer,
    middleware: (getDefault) => getDefault().prepend(persistenceListeners().middleware).concat(api.middleware),
  });
}

export type AppStore = ReturnType<typeof createAppStore>;
export type AppDispatch = AppStore['dispatch'];
export type AppThunk<R = void> = ThunkAction<R, RootState, unknown, UnknownAction>;

export const useAppDispatch = useDispatch.withTypes<AppDispatch>();
export const useAppSelector = useSelector.withTypes<RootState>();
