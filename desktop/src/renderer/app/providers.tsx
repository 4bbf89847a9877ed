import { FluentProvider, makeStaticStyles, makeStyles, Toaster, tokens } from '@fluentui/react-components';
import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { selectPreferredTheme } from '../features/shell/shell.slice';
import { useMediaQuery } from './hooks';
import { type AppStore, useAppSelector } from './store';
import { darkTheme, lightTheme } from './theme';
import { TOASTER_ID } from './toasts';
import './i18n';

const useGlobalStyles = makeStaticStyles({
  body: { margin: 0 },
});

const useStyles = makeStyles({
  root: {
    minHeight: '100vh',
    backgroundColor: tokens.colorNeutralBackground2,
  },
});

function ThemedApp({ children }: { children: ReactNode }) {
  useGlobalStyles();
  const styles = useStyles();
  const dark = useIsDarkTheme();
  return (
    <FluentProvider theme={dark ? darkTheme : lightTheme}>
      {/* Page styles live on a child: FluentProvider copies its own className onto every portal. */}
      <div className={styles.root}>{children}</div>
      <Toaster toasterId={TOASTER_ID} position="top-end" pauseOnHover />
    </FluentProvider>
  );
}

/** Redux, theme and toasts; i18n is initialised on import. */
export function AppProviders({ store, children }: { store: AppStore; children: ReactNode }) {
  return (
    <Provider store={store}>
      <ThemedApp>{children}</ThemedApp>
    </Provider>
  );
}

/** Whether the active theme is dark, for the top-bar toggle. */
export function useIsDarkTheme(): boolean {
  const preferred = useAppSelector(selectPreferredTheme);
  const systemDark = useMediaQuery('(prefers-color-scheme: dark)');
  return preferred ? preferred === 'dark' : systemDark;
}
