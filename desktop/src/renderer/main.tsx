import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { restoreLastRoute } from './app/last-route';
import { AppProviders } from './app/providers';
import { AppRouter } from './app/router';
import { createAppStore } from './app/store';

restoreLastRoute();
const store = createAppStore();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AppProviders store={store}>
      <AppRouter />
    </AppProviders>
  </StrictMode>,
);
