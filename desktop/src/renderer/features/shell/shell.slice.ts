import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { readStored, STORAGE_KEYS } from '../../app/storage';

export type ThemeMode = 'light' | 'dark';

/** The live connection to the server: its socket, which is how anything new reaches the app. */
export type ConnectionState = 'connecting' | 'online' | 'offline';

export interface ShellState {
  /** The theme the user picked; null follows the system preference. */
  preferredTheme: ThemeMode | null;
  volume: number;
  connection: ConnectionState;
}

function storedTheme(): ThemeMode | null {
  const value = readStored(STORAGE_KEYS.preferredTheme);
  return value === 'light' || value === 'dark' ? value : null;
}

function storedVolume(): number {
  const raw = readStored(STORAGE_KEYS.volume);
  const value = raw === null ? NaN : Number(raw);
  return Number.isFinite(value) && value >= 0 && value <= 1 ? value : 1;
}

export const shellSlice = createSlice({
  name: 'shell',
  initialState: (): ShellState => ({ preferredTheme: storedTheme(), volume: storedVolume(), connection: 'connecting' }),
  reducers: {
    themeChosen(state, action: PayloadAction<ThemeMode>) {
      state.preferredTheme = action.payload;
    },
    volumeChanged(state, action: PayloadAction<number>) {
      state.volume = Math.min(1, Math.max(0, Math.round(action.payload * 10) / 10));
    },
    connectionChanged(state, action: PayloadAction<ConnectionState>) {
      state.connection = action.payload;
    },
  },
  selectors: {
    selectPreferredTheme: (state) => state.preferredTheme,
    selectVolume: (state) => state.volume,
    selectConnection: (state) => state.connection,
  },
});

export const { themeChosen, volumeChanged, connectionChanged } = shellSlice.actions;
export const { selectPreferredTheme, selectVolume, selectConnection } = shellSlice.selectors;
