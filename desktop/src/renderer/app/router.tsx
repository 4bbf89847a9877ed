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
import { useTranslation } from 'react-i18next';
import { createBrowserRouter, Navigate, Outlet, RouterProvider, useLocation } from 'react-router';
import { useMeQuery } from '../features/auth/auth.api';
import { selectSessionUser, selectToken } from '../features/auth/auth.slice';
import { LoginPage } from '../features/auth/components/LoginPage';
import { SignupPage } from '../features/auth/components/SignupPage';
import { ConnectionsPage } from '../features/connections/components/ConnectionsPage';
import { HomePage } from '../features/home/components/HomePage';
import { QueuesPage } from '../features/queues/components/QueuesPage';
import { SettingsPage } from '../features/settings/components/SettingsPage';
import { AppShell } from '../features/shell/components/AppShell';
import { TicketsPage } from '../features/tickets/components/TicketsPage';
import { UsersPage } from '../features/users/components/UsersPage';
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

/** Private area: no token goes to /login; a stored token waits for /auth/me before rendering. */
function RequireAuth() {
  const { t } = useTranslation();
  const styles = useStyles();
  const token = useAppSelector(selectToken);
  const user = useAppSelector(selectSessionUser);
  const location = useLocation();
  const me = useMeQuery(undefined, { skip: !token || !!user });

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

const router = createBrowserRouter([
  {
    element: <PublicOnly />,
    children: [
      { path: '/login', element: <LoginPage /> },
      { path: '/signup', element: <SignupPage /> },
    ],
  },
  {
    element: <RequireAuth />,
    children: [
      {
        element: <AppShell />,
        children: [
          { index: true, element: <HomePage /> },
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
        ],
      },
    ],
  },
  { path: '*', element: <Navigate to="/" replace /> },
]);

export function AppRouter() {
  return <RouterProvider router={router} />;
}
