import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { i18nReady } from './app/i18n';
import { restoreLastRoute } from './app/last-route';
import { AppProviders } from './app/providers';
import { AppRouter } from './app/router';
import { createAppStore } from './app/store';

restoreLastRoute();
const store = createAppStore();

// Drawn once the language's texts are loaded (see i18n.ts); if they cannot be, the page still
// opens, with the keys in place of the texts, rather than staying blank.
void i18nReady.finally(() => {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <AppProviders store={store}>
        <AppRouter />
      </AppProviders>
    </StrictMode>,
  );
});
