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
import { Component, type ComponentType, lazy, type ReactNode, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  createBrowserRouter,
  createRoutesFromElements,
  Navigate,
  Outlet,
  Route,
  RouterProvider,
  useLocation,
} from 'react-router';
import { useMeQuery } from '../features/auth/auth.api';
import { selectSessionUser, selectToken, selectUserFromSnapshot } from '../features/auth/auth.slice';
// The one page in the first chunk: whoever is not signed in lands on it, and what it uses (forms,
// inputs, the language menu) every signed-in screen uses too.
import { LoginPage } from '../features/auth/components/LoginPage';
import { DesktopIntegration } from '../features/desktop/DesktopIntegration';
import { campaignsShown } from './campaigns-gate';
import { PUBLIC_PATHS, type PublicPath } from './public-paths';
import { RequirePlanFeature } from './RequirePlanFeature';
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
  return <Waiting />;
}

/** What stands in for a page while its code or its data is on the way. */
function Waiting() {
  const { t } = useTranslation();
  const styles = useStyles();
  return (
    <div className={styles.center}>
      <Spinner label={t('common.loading')} />
    </div>
  );
}

/**
 * A page whose code fails to load is, after a release, most often a chunk the new build no longer
 * has: reloading fetches the new index.html and its chunks.
 */
function LoadFailed() {
  const { t } = useTranslation();
  const styles = useStyles();
  return (
    <div className={styles.center}>
      <MessageBar intent="error">
        <MessageBarBody>{t('common.loadFailed')}</MessageBarBody>
        <MessageBarActions>
          <Button onClick={() => window.location.reload()}>{t('common.reload')}</Button>
        </MessageBarActions>
      </MessageBar>
    </div>
  );
}

class LoadBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render() {
    return this.state.failed ? <LoadFailed /> : this.props.children;
  }
}

/**
 * A page whose code is fetched when it is first shown, so the sign-in page does not download the
 * tickets screen (and the other way round). Navigations run in a transition: the current page
 * stays on screen until the next one's code is there.
 */
function page<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) {
  return lazy(async () => ({ default: (await load())[name] }));
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

/**
 * The campaign pages (spec 1 §2): for admins, while campaigns are shown for the company (the
 * `cshow` gate, campaignsShown); the plan's feature is RequirePlanFeature's.
 */
function RequireCampaigns() {
  const user = useAppSelector(selectSessionUser);
  return can(user, 'campaigns:manage') && campaignsShown(user) ? <Outlet /> : <Navigate to="/" replace />;
}

/** The flow builder's pages (spec 2 §2): behind the same `cshow` gate, for whoever keeps the flows. */
function RequireFlows() {
  const user = useAppSelector(selectSessionUser);
  return can(user, 'flows:manage') && campaignsShown(user) ? <Outlet /> : <Navigate to="/" replace />;
}

const SignupPage = page(() => import('../features/auth/components/SignupPage'), 'SignupPage');
const ForgotPasswordPage = page(() => import('../features/auth/components/ForgotPasswordPage'), 'ForgotPasswordPage');
const AppShell = page(() => import('../features/shell/components/AppShell'), 'AppShell');
const DashboardPage = page(() => import('../features/dashboard/components/DashboardPage'), 'DashboardPage');
const HomePage = page(() => import('../features/home/components/HomePage'), 'HomePage');
const TicketsPage = page(() => import('../features/tickets/components/TicketsPage'), 'TicketsPage');
const ConnectionsPage = page(() => import('../features/connections/components/ConnectionsPage'), 'ConnectionsPage');
const UsersPage = page(() => import('../features/users/components/UsersPage'), 'UsersPage');
const QueuesPage = page(() => import('../features/queues/components/QueuesPage'), 'QueuesPage');
const TagsPage = page(() => import('../features/tags/components/TagsPage'), 'TagsPage');
const ContactsPage = page(() => import('../features/contacts/components/ContactsPage'), 'ContactsPage');
const KanbanPage = page(() => import('../features/kanban/components/KanbanPage'), 'KanbanPage');
const TodoPage = page(() => import('../features/todos/components/TodoPage'), 'TodoPage');
const QuickMessagesPage = page(
  () => import('../features/quick-messages/components/QuickMessagesPage'),
  'QuickMessagesPage',
);
const SchedulesPage = page(() => import('../features/schedules/components/SchedulesPage'), 'SchedulesPage');
const FilesPage = page(() => import('../features/files/components/FilesPage'), 'FilesPage');
const ChatsPage = page(() => import('../features/chats/components/ChatsPage'), 'ChatsPage');
const SettingsPage = page(() => import('../features/settings/components/SettingsPage'), 'SettingsPage');
const HelpsPage = page(() => import('../features/helps/components/HelpsPage'), 'HelpsPage');
const HelpsAdminPage = page(() => import('../features/helps/components/HelpsAdminPage'), 'HelpsAdminPage');
const CompaniesPage = page(() => import('../features/companies/components/CompaniesPage'), 'CompaniesPage');
const PlansPage = page(() => import('../features/plans/components/PlansPage'), 'PlansPage');
const MessagesApiPage = page(() => import('../features/messages-api/components/MessagesApiPage'), 'MessagesApiPage');
const PromptsPage = page(() => import('../features/prompts/components/PromptsPage'), 'PromptsPage');
const QueueIntegrationsPage = page(
  () => import('../features/queue-integrations/components/QueueIntegrationsPage'),
  'QueueIntegrationsPage',
);
const AnnouncementsPage = page(
  () => import('../features/announcements/components/AnnouncementsPage'),
  'AnnouncementsPage',
);
const InvoicesPage = page(() => import('../features/invoices/components/InvoicesPage'), 'InvoicesPage');
const ContactListsPage = page(
  () => import('../features/contact-lists/components/ContactListsPage'),
  'ContactListsPage',
);
const ContactListItemsPage = page(
  () => import('../features/contact-lists/components/ContactListItemsPage'),
  'ContactListItemsPage',
);
const SubscriptionPage = page(() => import('../features/invoices/components/SubscriptionPage'), 'SubscriptionPage');
const CampaignsPage = page(() => import('../features/campaigns/components/CampaignsPage'), 'CampaignsPage');
const CampaignReportPage = page(
  () => import('../features/campaigns/components/CampaignReportPage'),
  'CampaignReportPage',
);
const CampaignSettingsPage = page(
  () => import('../features/campaigns/components/CampaignSettingsPage'),
  'CampaignSettingsPage',
);
const FlowsPage = page(() => import('../features/flows/components/FlowsPage'), 'FlowsPage');
// Its own chunk: the canvas library (@xyflow/react) loads only with the editor.
const FlowEditorPage = page(() => import('../features/flow-editor/components/FlowEditorPage'), 'FlowEditorPage');
const FlowCampaignsPage = page(
  () => import('../features/flow-campaigns/components/FlowCampaignsPage'),
  'FlowCampaignsPage',
);

/** Spec §2: `/` is the admins' dashboard; everyone else lands on their profile and destinations. */
function IndexPage() {
  const user = useAppSelector(selectSessionUser);
  return can(user, 'dashboard:view') ? <DashboardPage /> : <HomePage />;
}

/** Every public path has its page here, and nothing else does. */
const PUBLIC_PAGES: Record<PublicPath, ComponentType> = {
  '/login': LoginPage,
  '/signup': SignupPage,
  '/forgetpsw': ForgotPasswordPage,
};

/** The pages, each loading in place, while the desktop bridge above them stays mounted. */
function Pages() {
  return (
    <LoadBoundary>
      <Suspense fallback={<Waiting />}>
        <Outlet />
      </Suspense>
    </LoadBoundary>
  );
}

const routes = createRoutesFromElements(
  <Route element={<DesktopIntegration />}>
    <Route element={<Pages />}>
      <Route element={<PublicOnly />}>
        {PUBLIC_PATHS.map((path) => {
          const Page = PUBLIC_PAGES[path];
          return <Route key={path} path={path} element={<Page />} />;
        })}
      </Route>
      <Route element={<RequireAuth />}>
        <Route element={<AppShell />}>
          <Route index element={<IndexPage />} />
          {/* One route for the list and the open ticket, so opening one keeps the list's tabs and filters. */}
          <Route path="/tickets/:ticketId?" element={<TicketsPage />} />
          {/* Every signed-in user may look at the connections; the actions are for admins (spec §2). */}
          <Route path="/connections" element={<ConnectionsPage />} />
          <Route element={<RequirePermission permission="users:manage" />}>
            <Route path="/users" element={<UsersPage />} />
          </Route>
          <Route element={<RequirePermission permission="queues:manage" />}>
            <Route path="/queues" element={<QueuesPage />} />
          </Route>
          <Route element={<RequirePermission permission="settings:manage" />}>
            <Route path="/settings" element={<SettingsPage />} />
          </Route>
          {/* The platform's back office: the super-admin's pages, each with its menu entry. */}
          <Route element={<RequirePermission permission="companies:manage" />}>
            <Route path="/companies" element={<CompaniesPage />} />
          </Route>
          <Route element={<RequirePermission permission="plans:manage" />}>
            <Route path="/plans" element={<PlansPage />} />
          </Route>
          <Route element={<RequirePermission permission="helps:manage" />}>
            <Route path="/helps-admin" element={<HelpsAdminPage />} />
          </Route>
          {/* Spec §2: every user watches the help videos; the announcements page tells others it is not theirs. */}
          <Route path="/helps" element={<HelpsPage />} />
          {/* Everyone tags tickets, so everyone keeps the tags (the kanban switch is for admins and supervisors). */}
          <Route path="/tags" element={<TagsPage />} />
          {/* Everyone keeps the contacts; deleting one is for the rule contacts-page:deleteContact. */}
          <Route path="/contacts" element={<ContactsPage />} />
          <Route element={<RequirePlanFeature feature="useKanban" />}>
            <Route path="/kanban" element={<KanbanPage />} />
          </Route>
          {/* Everyone keeps quick messages: the company's shared ones and their own. */}
          <Route path="/quick-messages" element={<QuickMessagesPage />} />
          <Route path="/todolist" element={<TodoPage />} />
          {/* Every user of a company whose plan has schedules (spec 1 §2). */}
          <Route element={<RequirePlanFeature feature="useSchedules" />}>
            <Route path="/schedules" element={<SchedulesPage />} />
          </Route>
          {/* Everyone reads the file lists (campaigns send them); only admins keep them (files:manage). */}
          <Route path="/files" element={<FilesPage />} />
          {/* Everyone of a company whose plan has the internal chat; the id is the chat's uuid. */}
          <Route element={<RequirePlanFeature feature="useInternalChat" />}>
            <Route path="/chats/:id?" element={<ChatsPage />} />
          </Route>
          <Route path="/announcements" element={<AnnouncementsPage />} />
          {/* Spec 1 §2: whoever's company plan has the external API; it sends with a connection's token. */}
          <Route element={<RequirePlanFeature feature="useExternalApi" />}>
            <Route path="/messages-api" element={<MessagesApiPage />} />
          </Route>
          {/* Spec 2 §6: admins of a company whose plan has the AI agents (useOpenAi). */}
          <Route element={<RequirePlanFeature feature="useOpenAi" />}>
            <Route element={<RequirePermission permission="integrations:manage" />}>
              <Route path="/prompts" element={<PromptsPage />} />
            </Route>
          </Route>
          {/* Spec 2 §6: admins of a company whose plan has the integrations (useIntegrations). */}
          <Route element={<RequirePlanFeature feature="useIntegrations" />}>
            <Route element={<RequirePermission permission="integrations:manage" />}>
              <Route path="/queue-integration" element={<QueueIntegrationsPage />} />
            </Route>
          </Route>
          <Route element={<RequirePlanFeature feature="useCampaigns" />}>
            <Route element={<RequireCampaigns />}>
              <Route path="/contact-lists" element={<ContactListsPage />} />
              <Route path="/contact-lists/:contactListId/contacts" element={<ContactListItemsPage />} />
              <Route path="/campaigns" element={<CampaignsPage />} />
              <Route path="/campaign/:campaignId/report" element={<CampaignReportPage />} />
              <Route path="/campaigns-config" element={<CampaignSettingsPage />} />
            </Route>
          </Route>
          <Route element={<RequireFlows />}>
            <Route path="/flowbuilders" element={<FlowsPage />} />
            <Route path="/flowbuilder/:id?" element={<FlowEditorPage />} />
            <Route path="/phrase-lists" element={<FlowCampaignsPage />} />
          </Route>
          <Route element={<RequirePermission permission="invoices:manage" />}>
            <Route path="/financeiro" element={<InvoicesPage />} />
          </Route>
          {/* Every user may see how long the licence runs; paying is for admins (document 2). */}
          <Route path="/subscription" element={<SubscriptionPage />} />
        </Route>
      </Route>
      <Route path="*" element={<Navigate to="/" replace />} />
    </Route>
  </Route>,
);

/**
 * A data router rather than `<BrowserRouter>`: only it lets a page hold a navigation back (the flow
 * editor with unsaved changes, `useBlocker`), the browser's back button included.
 */
export function AppRouter() {
  const [router] = useState(() => createBrowserRouter(routes));
  return <RouterProvider router={router} />;
}
