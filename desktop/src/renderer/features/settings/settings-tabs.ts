import { can, type SessionUser, type SettingEntry, settingValue } from '@atendo/shared';
import type { ComponentType } from 'react';
import { CompaniesTab } from '../companies/components/CompaniesTab';
import { CompanySchedulesTab } from '../companies/components/CompanySchedulesTab';
import { HelpsTab } from '../helps/components/HelpsTab';
import { PlansTab } from '../plans/components/PlansTab';
import { OptionsTab } from './components/OptionsTab';

/** What decides whether a tab shows: who is signed in and the company's current settings. */
export interface SettingsTabContext {
  user: SessionUser | null;
  settings: SettingEntry[] | undefined;
}

export interface SettingsTab {
  /** The tab's value, also its `?tab=` in the address. */
  value: string;
  /** i18n key of the tab's label. */
  labelKey: string;
  visible: (context: SettingsTabContext) => boolean;
  component: ComponentType;
}

/**
 * The settings page's tabs in order (spec §2): options always; schedules while the company
 * schedules by company; companies, plans and helps for the super-admin. A new tab adds its entry.
 */
export const SETTINGS_TABS: readonly SettingsTab[] = [
  { value: 'options', labelKey: 'settings.tabs.options', visible: () => true, component: OptionsTab },
  {
    value: 'schedules',
    labelKey: 'settings.tabs.schedules',
    visible: ({ settings }) => settingValue(settings, 'scheduleType') === 'company',
    component: CompanySchedulesTab,
  },
  {
    value: 'companies',
    labelKey: 'settings.tabs.companies',
    visible: ({ user }) => can(user, 'companies:manage'),
    component: CompaniesTab,
  },
  {
    value: 'plans',
    labelKey: 'settings.tabs.plans',
    visible: ({ user }) => can(user, 'plans:manage'),
    component: PlansTab,
  },
  {
    value: 'helps',
    labelKey: 'settings.tabs.helps',
    visible: ({ user }) => can(user, 'helps:manage'),
    component: HelpsTab,
  },
];

export function visibleSettingsTabs(context: SettingsTabContext): SettingsTab[] {
  return SETTINGS_TABS.filter((tab) => tab.visible(context));
}
