import { can, type PlanFlags, type SessionUser } from '@atendo/shared';
import {
  type FluentIcon,
  HomeFilled,
  HomeRegular,
  PeopleFilled,
  PeopleRegular,
  SettingsFilled,
  SettingsRegular,
  TextBulletListSquareFilled,
  TextBulletListSquareRegular,
} from '@fluentui/react-icons';
import { readStored, STORAGE_KEYS } from '../../app/storage';
import { useAppSelector } from '../../app/store';
import { selectSessionUser } from '../auth/auth.slice';
import { useCompanyPlanQuery } from '../plans/plans.api';

/** What a menu entry may depend on: the role, the plan's feature flags and the `cshow` gate. */
export interface MenuContext {
  user: SessionUser;
  plan: PlanFlags | null;
  cshow: boolean;
}

export interface MenuEntry {
  path: string;
  /** i18n keys of the entry's label and of its one-line description on the home page. */
  labelKey: string;
  descriptionKey: string;
  section: 'main' | 'admin';
  icon: FluentIcon;
  activeIcon: FluentIcon;
  visible: (context: MenuContext) => boolean;
}

/** The side menu, in order. A new page adds its entry here with the condition of spec §2. */
export const MENU_ENTRIES: readonly MenuEntry[] = [
  {
    path: '/',
    labelKey: 'shell.menu.home',
    descriptionKey: 'home.destinations.home',
    section: 'main',
    icon: HomeRegular,
    activeIcon: HomeFilled,
    visible: () => true,
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
    path: '/settings',
    labelKey: 'shell.menu.settings',
    descriptionKey: 'home.destinations.settings',
    section: 'admin',
    icon: SettingsRegular,
    activeIcon: SettingsFilled,
    visible: ({ user }) => can(user, 'settings:manage'),
  },
];

export function visibleEntries(context: MenuContext): MenuEntry[] {
  return MENU_ENTRIES.filter((entry) => entry.visible(context));
}

/** The entries the signed-in user may open, re-evaluated when the plan answer arrives. */
export function useMenuEntries(): MenuEntry[] {
  const user = useAppSelector(selectSessionUser);
  const { data } = useCompanyPlanQuery(user?.companyId ?? 0, { skip: !user });
  if (!user) return [];
  return visibleEntries({ user, plan: data?.plan ?? null, cshow: readStored(STORAGE_KEYS.cshow) !== null });
}
