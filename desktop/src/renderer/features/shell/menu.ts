import { can, featureOfPath, hasFeature, type PlanFlags, type SessionUser } from '@atendo/shared';
import {
  BookContactsFilled,
  BookContactsRegular,
  BoxMultipleFilled,
  BoxMultipleRegular,
  BrainCircuitFilled,
  BrainCircuitRegular,
  BuildingMultipleFilled,
  BuildingMultipleRegular,
  CalendarClockFilled,
  CalendarClockRegular,
  ChatMultipleFilled,
  ChatMultipleRegular,
  CodeFilled,
  CodeRegular,
  DocumentMultipleFilled,
  DocumentMultipleRegular,
  FlashFilled,
  FlashRegular,
  FlowchartFilled,
  FlowchartRegular,
  type FluentIcon,
  GridKanbanFilled,
  GridKanbanRegular,
  HomeFilled,
  HomeRegular,
  MegaphoneFilled,
  MegaphoneLoudFilled,
  MegaphoneLoudRegular,
  PeopleChatFilled,
  PeopleChatRegular,
  MegaphoneRegular,
  PeopleListFilled,
  PeopleListRegular,
  PeopleFilled,
  PeopleRegular,
  SettingsFilled,
  SettingsRegular,
  TagMultipleFilled,
  TagMultipleRegular,
  TextQuoteFilled,
  TextQuoteRegular,
  TaskListSquareLtrFilled,
  TaskListSquareLtrRegular,
  TextBulletListSquareFilled,
  TextBulletListSquareRegular,
  TopSpeedFilled,
  TopSpeedRegular,
  VideoClipFilled,
  VideoClipMultipleFilled,
  VideoClipMultipleRegular,
  VideoClipRegular,
  PlugConnectedFilled,
  PlugConnectedRegular,
  PlugConnectedSettingsFilled,
  PlugConnectedSettingsRegular,
  ReceiptMoneyFilled,
  ReceiptMoneyRegular,
} from '@fluentui/react-icons';
import { campaignsShown } from '../../app/campaigns-gate';
import { useAppSelector } from '../../app/store';
import { selectSessionUser } from '../auth/auth.slice';
import { useHasUnreadChats } from '../chats/use-chats';
import { useConnectionWarning } from '../connections/useConnectionWarning';
import { useCompanyPlanQuery } from '../plans/plans.api';

/** What a menu entry may depend on: the role, the plan's feature flags and the `cshow` gate. */
export interface MenuContext {
  user: SessionUser;
  plan: PlanFlags | null;
  cshow: boolean;
  /** Some connection needs attention (spec §2: the Connections entry's warning badge). */
  connectionWarning: boolean;
  /** Some internal chat has messages the user has not read (spec §2: the Chats entry's dot). */
  chatUnread: boolean;
}

export interface MenuEntry {
  path: string;
  /** i18n keys of the entry's label and of its one-line description on the home page. */
  labelKey: string;
  descriptionKey: string;
  /** The label for those who see another page at the same path (the dashboard at `/`). */
  adminLabelKey?: string;
  section: 'main' | 'admin';
  icon: FluentIcon;
  activeIcon: FluentIcon;
  visible: (context: MenuContext) => boolean;
  /** i18n key of a warning badge's accessible label, when the entry shows one. */
  warning?: (context: MenuContext) => string | null;
  /** i18n key of an unread dot's accessible label, when the entry shows one. */
  dot?: (context: MenuContext) => string | null;
}

/** The side menu, in order. A new page adds its entry here with the condition of spec §2. */
export const MENU_ENTRIES: readonly MenuEntry[] = [
  {
    path: '/',
    labelKey: 'shell.menu.home',
    adminLabelKey: 'shell.menu.dashboard',
    descriptionKey: 'home.destinations.home',
    section: 'main',
    icon: HomeRegular,
    activeIcon: HomeFilled,
    visible: () => true,
  },
  {
    path: '/tickets',
    labelKey: 'shell.menu.tickets',
    descriptionKey: 'home.destinations.tickets',
    section: 'main',
    icon: ChatMultipleRegular,
    activeIcon: ChatMultipleFilled,
    visible: () => true,
  },
  {
    path: '/contacts',
    labelKey: 'shell.menu.contacts',
    descriptionKey: 'home.destinations.contacts',
    section: 'main',
    icon: BookContactsRegular,
    activeIcon: BookContactsFilled,
    visible: () => true,
  },
  {
    // Everyone of a company whose plan has schedules (entryVisible reads the plan).
    path: '/schedules',
    labelKey: 'shell.menu.schedules',
    descriptionKey: 'home.destinations.schedules',
    section: 'main',
    icon: CalendarClockRegular,
    activeIcon: CalendarClockFilled,
    visible: () => true,
  },
  {
    path: '/tags',
    labelKey: 'shell.menu.tags',
    descriptionKey: 'home.destinations.tags',
    section: 'main',
    icon: TagMultipleRegular,
    activeIcon: TagMultipleFilled,
    visible: () => true,
  },
  {
    // Everyone of a company whose plan has the kanban (entryVisible reads the plan): admins see
    // every ticket on it, the others those of their queues.
    path: '/kanban',
    labelKey: 'shell.menu.kanban',
    descriptionKey: 'home.destinations.kanban',
    section: 'main',
    icon: GridKanbanRegular,
    activeIcon: GridKanbanFilled,
    visible: () => true,
  },
  {
    // Everyone of a company whose plan has the internal chat (entryVisible reads the plan).
    path: '/chats',
    labelKey: 'shell.menu.chats',
    descriptionKey: 'home.destinations.chats',
    section: 'main',
    icon: PeopleChatRegular,
    activeIcon: PeopleChatFilled,
    visible: () => true,
    dot: ({ chatUnread }) => (chatUnread ? 'chats.menuDot' : null),
  },
  {
    path: '/quick-messages',
    labelKey: 'shell.menu.quickMessages',
    descriptionKey: 'home.destinations.quickMessages',
    section: 'main',
    icon: FlashRegular,
    activeIcon: FlashFilled,
    visible: () => true,
  },
  {
    path: '/todolist',
    labelKey: 'shell.menu.todos',
    descriptionKey: 'home.destinations.todos',
    section: 'main',
    icon: TaskListSquareLtrRegular,
    activeIcon: TaskListSquareLtrFilled,
    visible: () => true,
  },
  {
    path: '/helps',
    labelKey: 'shell.menu.helps',
    descriptionKey: 'home.destinations.helps',
    section: 'main',
    icon: VideoClipRegular,
    activeIcon: VideoClipFilled,
    visible: () => true,
  },
  {
    path: '/connections',
    labelKey: 'shell.menu.connections',
    descriptionKey: 'home.destinations.connections',
    section: 'admin',
    icon: PlugConnectedRegular,
    activeIcon: PlugConnectedFilled,
    visible: ({ user }) => can(user, 'drawer-admin-items:view'),
    warning: ({ connectionWarning }) => (connectionWarning ? 'shell.connectionWarning' : null),
  },
  {
    // Spec 1 §2: the plan's useExternalApi (entryVisible); in the admin section, since the page
    // works with connections' tokens, which only admins hold.
    path: '/messages-api',
    labelKey: 'shell.menu.messagesApi',
    descriptionKey: 'home.destinations.messagesApi',
    section: 'admin',
    icon: CodeRegular,
    activeIcon: CodeFilled,
    visible: ({ user }) => can(user, 'drawer-admin-items:view'),
  },
  {
    // Spec 2 §6: the plan's useOpenAi (entryVisible); the agents and their API keys are the admins'.
    path: '/prompts',
    labelKey: 'shell.menu.prompts',
    descriptionKey: 'home.destinations.prompts',
    section: 'admin',
    icon: BrainCircuitRegular,
    activeIcon: BrainCircuitFilled,
    visible: ({ user }) => can(user, 'integrations:manage'),
  },
  {
    // Spec 2 §6: the plan's useIntegrations (entryVisible); the integrations and their secrets are the admins'.
    path: '/queue-integration',
    labelKey: 'shell.menu.queueIntegrations',
    descriptionKey: 'home.destinations.queueIntegrations',
    section: 'admin',
    icon: PlugConnectedSettingsRegular,
    activeIcon: PlugConnectedSettingsFilled,
    visible: ({ user }) => can(user, 'integrations:manage'),
  },
  {
    // Spec 1 §2: an admin drawer item; the page itself opens for everyone, read-only (router.tsx).
    path: '/files',
    labelKey: 'shell.menu.files',
    descriptionKey: 'home.destinations.files',
    section: 'admin',
    icon: DocumentMultipleRegular,
    activeIcon: DocumentMultipleFilled,
    visible: ({ user }) => can(user, 'drawer-admin-items:view'),
  },
  {
    path: '/users',
    labelKey: 'shell.menu.users',
    descriptionKey: 'home.destinations.users',
    section: 'admin',
    icon: PeopleRegular,
    activeIcon: PeopleFilled,
    visible: ({ user }) => can(user, 'users:manage'),
  },
  {
    path: '/queues',
    labelKey: 'shell.menu.queues',
    descriptionKey: 'home.destinations.queues',
    section: 'admin',
    icon: TextBulletListSquareRegular,
    activeIcon: TextBulletListSquareFilled,
    visible: ({ user }) => can(user, 'queues:manage'),
  },
  {
    // The campaigns group (spec 1 §2): admins, with campaigns shown for the company; the plan's
    // useCampaigns is entryVisible's.
    path: '/campaigns',
    labelKey: 'campaigns.menu.campaigns',
    descriptionKey: 'campaigns.menu.campaignsDescription',
    section: 'admin',
    icon: MegaphoneLoudRegular,
    activeIcon: MegaphoneLoudFilled,
    visible: ({ user, cshow }) => cshow && can(user, 'campaigns:manage'),
  },
  {
    path: '/contact-lists',
    labelKey: 'shell.menu.contactLists',
    descriptionKey: 'home.destinations.contactLists',
    section: 'admin',
    icon: PeopleListRegular,
    activeIcon: PeopleListFilled,
    visible: ({ user, cshow }) => cshow && can(user, 'campaigns:manage'),
  },
  {
    path: '/campaigns-config',
    labelKey: 'campaigns.menu.config',
    descriptionKey: 'campaigns.menu.configDescription',
    section: 'admin',
    icon: TopSpeedRegular,
    activeIcon: TopSpeedFilled,
    visible: ({ user, cshow }) => cshow && can(user, 'campaigns:manage'),
  },
  {
    // The flow builder (spec 2 §2): behind the same `cshow` gate as the campaigns, for whoever keeps
    // the flows (the admins); no plan feature.
    path: '/flowbuilders',
    labelKey: 'flows.menu.label',
    descriptionKey: 'flows.menu.description',
    section: 'admin',
    icon: FlowchartRegular,
    activeIcon: FlowchartFilled,
    visible: ({ user, cshow }) => cshow && can(user, 'flows:manage'),
  },
  {
    path: '/phrase-lists',
    labelKey: 'flowCampaigns.menu.label',
    descriptionKey: 'flowCampaigns.menu.description',
    section: 'admin',
    icon: TextQuoteRegular,
    activeIcon: TextQuoteFilled,
    visible: ({ user, cshow }) => cshow && can(user, 'flows:manage'),
  },
  {
    path: '/settings',
    labelKey: 'shell.menu.settings',
    descriptionKey: 'home.destinations.settings',
    section: 'admin',
    icon: SettingsRegular,
    activeIcon: SettingsFilled,
    visible: ({ user }) => can(user, 'settings:manage'),
  },
  {
    // The platform's back office (spec 2): the super-admin's own pages, not tabs of the settings.
    path: '/companies',
    labelKey: 'shell.menu.companies',
    descriptionKey: 'home.destinations.companies',
    section: 'admin',
    icon: BuildingMultipleRegular,
    activeIcon: BuildingMultipleFilled,
    visible: ({ user }) => can(user, 'companies:manage'),
  },
  {
    path: '/plans',
    labelKey: 'shell.menu.plans',
    descriptionKey: 'home.destinations.plans',
    section: 'admin',
    icon: BoxMultipleRegular,
    activeIcon: BoxMultipleFilled,
    visible: ({ user }) => can(user, 'plans:manage'),
  },
  {
    // Apart from /helps, where everyone (the super-admin too) watches the videos.
    path: '/helps-admin',
    labelKey: 'shell.menu.helpsAdmin',
    descriptionKey: 'home.destinations.helpsAdmin',
    section: 'admin',
    icon: VideoClipMultipleRegular,
    activeIcon: VideoClipMultipleFilled,
    visible: ({ user }) => can(user, 'helps:manage'),
  },
  {
    path: '/announcements',
    labelKey: 'shell.menu.announcements',
    descriptionKey: 'home.destinations.announcements',
    section: 'admin',
    icon: MegaphoneRegular,
    activeIcon: MegaphoneFilled,
    visible: ({ user }) => can(user, 'announcements:manage'),
  },
  {
    // The super-admin's page shows every company's invoices (InvoicesPage).
    path: '/financeiro',
    labelKey: 'shell.menu.invoices',
    descriptionKey: 'home.destinations.invoices',
    section: 'admin',
    icon: ReceiptMoneyRegular,
    activeIcon: ReceiptMoneyFilled,
    visible: ({ user }) => can(user, 'invoices:manage'),
  },
];

/**
 * Whether the signed-in user gets the entry: its own condition, and for the pages of a plan
 * feature (PLAN_FEATURE_PATHS, the same list the server gates its routes by) the company's plan
 * having that feature, so an entry cannot forget the plan.
 */
export function entryVisible(entry: Pick<MenuEntry, 'path' | 'visible'>, context: MenuContext): boolean {
  const feature = featureOfPath(entry.path);
  return (!feature || hasFeature(context.plan, feature)) && entry.visible(context);
}

export function visibleEntries(context: MenuContext): MenuEntry[] {
  // The same rule as the route at `/` (router.tsx) decides which page, and so which label.
  const admin = can(context.user, 'dashboard:view');
  return MENU_ENTRIES.filter((entry) => entryVisible(entry, context)).map((entry) =>
    admin && entry.adminLabelKey ? { ...entry, labelKey: entry.adminLabelKey } : entry,
  );
}

/** The entries the signed-in user may open, re-evaluated when the plan answer arrives. */
export function useMenuEntries(): MenuEntry[] {
  const context = useMenuContext();
  return context ? visibleEntries(context) : [];
}

/** What the entries are evaluated against, for the side menu's badges as much as for visibility. */
export function useMenuContext(): MenuContext | null {
  const user = useAppSelector(selectSessionUser);
  const { data } = useCompanyPlanQuery(user?.companyId ?? 0, { skip: !user });
  const connectionWarning = useConnectionWarning();
  const chatUnread = useHasUnreadChats(hasFeature(data?.plan, 'useInternalChat'));
  if (!user) return null;
  return {
    user,
    plan: data?.plan ?? null,
    cshow: campaignsShown(user),
    connectionWarning,
    chatUnread,
  };
}
