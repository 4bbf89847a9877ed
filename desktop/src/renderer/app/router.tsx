import type { Permission } from '@atendo/shared';
import { can } from '@atendo/shared';
import {
  Button,
  makeStyles,
  MessageBar,
  MessageBarActions,
  MessageBarBody,
  Spinner,
  tokens,
} from '@fluentui/react-components';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { createBrowserRouter, Navigate, Outlet, RouterProvider, useLocation } from 'react-router';
import { useMeQuery } from '../features/auth/auth.api';
import { selectSessionUser, selectToken, selectUserFromSnapshot } from '../features/auth/auth.slice';
import { ForgotPasswordPage } from '../features/auth/components/ForgotPasswordPage';
import { LoginPage } from '../features/auth/components/LoginPage';
import { SignupPage } from '../features/auth/components/SignupPage';
import { AnnouncementsPage } from '../features/announcements/components/AnnouncementsPage';
import { ConnectionsPage } from '../features/connections/components/ConnectionsPage';
import { DashboardPage } from '../features/dashboard/components/DashboardPage';
import { HelpsPage } from '../features/helps/components/HelpsPage';
import { HomePage } from '../features/home/components/HomePage';
import { QueuesPage } from '../features/queues/components/QueuesPage';
import { SettingsPage } from '../features/settings/components/SettingsPage';
import { InvoicesPage } from '../features/invoices/components/InvoicesPage';
import { SubscriptionPage } from '../features/invoices/components/SubscriptionPage';
import { AppShell } from '../features/shell/components/AppShell';
import { DesktopIntegration } from '../features/desktop/DesktopIntegration';
import { TicketsPage } from '../features/tickets/components/TicketsPage';
import { UsersPage } from '../features/users/components/UsersPage';
import { PUBLIC_PATHS, type PublicPath } from './public-paths';
import { useAppSelector } from './store';

const useStyles = makeStyles({
  center: {
    minHeight: '100vh',
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    padding: tokens.spacingHorizontalXXL,
  },
});

/**
 * Private area: no token goes to /login; a stored token waits for /auth/me before rendering. The
 * desktop app renders at once with its stored copy of the user and confirms it in the background,
 * so it opens offline too (with the reconnect banner).
 */
function RequireAuth() {
  const { t } = useTranslation();
  const styles = useStyles();
  const token = useAppSelector(selectToken);
  const user = useAppSelector(selectSessionUser);
  const fromSnapshot = useAppSelector(selectUserFromSnapshot);
  const location = useLocation();
  const me = useMeQuery(undefined, { skip: !token || (!!user && !fromSnapshot) });

  if (!token) return <Navigate to="/login" replace state={{ from: location.pathname }} />;
  if (user) return <Outlet />;
  if (me.isError) {
    return (
      <div className={styles.center}>
        <MessageBar intent="error">
          <MessageBarBody>{t('common.networkError')}</MessageBarBody>
          <MessageBarActions>
            <Button onClick={() => void me.refetch()}>{t('common.retry')}</Button>
          </MessageBarActions>
        </MessageBar>
      </div>
    );
  }
  return (
    <div className={styles.center}>
      <Spinner label={t('common.loading')} />
    </div>
  );
}

/** Public pages are for signed-out visitors only (spec §2). */
function PublicOnly() {
  const token = useAppSelector(selectToken);
  const from = (useLocation().state as { from?: string } | null)?.from;
  // After signing in, return to the page that sent the visitor to /login.
  return token ? <Navigate to={from && from !== '/login' ? from : '/'} replace /> : <Outlet />;
}

/** Pages of the admin drawer: other profiles are sent home rather than shown a forbidden page. */
function RequirePermission({ permission }: { permission: Permission }) {
  const user = useAppSelector(selectSessionUser);
  return can(user, permission) ? <Outlet /> : <Navigate to="/" replace />;
}

/** Spec §2: `/` is the admins' dashboard; everyone else lands on their profile and destinations. */
function IndexPage() {
  const user = useAppSelector(selectSessionUser);
  return can(user, 'dashboard:view') ? <DashboardPage /> : <HomePage />;
}

/** Every public path has its page here, and nothing else does. */
const PUBLIC_PAGES: Record<PublicPath, ReactElement> = {
  '/login': <LoginPage />,
  '/signup': <SignupPage />,
  '/forgetpsw': <ForgotPasswordPage />,
};

const routes = [
  {
    element: <PublicOnly />,
    children: PUBLIC_PATHS.map((path) => ({ path, element: PUBLIC_PAGES[path] })),
  },
  {
    element: <RequireAuth />,
    children: [
      {
        element: <AppShell />,
        children: [
          { index: true, element: <IndexPage /> },
          // One route for the list and the open ticket, so opening one keeps the list's tabs and filters.
          { path: '/tickets/:ticketId?', element: <TicketsPage /> },
          // Every signed-in user may look at the connections; the actions are for admins (spec §2).
          { path: '/connections', element: <ConnectionsPage /> },
          {
            element: <RequirePermission permission="users:manage" />,
            children: [{ path: '/users', element: <UsersPage /> }],
          },
          {
            element: <RequirePermission permission="queues:manage" />,
            children: [{ path: '/queues', element: <QueuesPage /> }],
          },
          {
            element: <RequirePermission permission="settings:manage" />,
            children: [{ path: '/settings', element: <SettingsPage /> }],
          },
          // Spec §2: every user watches the help videos; the announcements page tells others it is not theirs.
          { path: '/helps', element: <HelpsPage /> },
          { path: '/announcements', element: <AnnouncementsPage /> },
          {
            element: <RequirePermission permission="invoices:manage" />,
            children: [{ path: '/financeiro', element: <InvoicesPage /> }],
          },
          // Every user may see how long the licence runs; paying is for admins (document 2).
          { path: '/subscription', element: <SubscriptionPage /> },
        ],
      },
    ],
  },
  { path: '*', element: <Navigate to="/" replace /> },
];

// Created on first render rather than at import, so the desktop app can put back its last screen
// into the address before the router reads it (see restoreLastRoute).
let router: ReturnType<typeof createBrowserRouter> | null = null;

export function AppRouter() {
  router ??= createBrowserRouter([{ element: <DesktopIntegration />, children: routes }]);
  return <RouterProvider router={router} />;
}
