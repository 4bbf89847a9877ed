import { type SessionUser, type SettingEntry, settingValue } from '@atendo/shared';
import type { ComponentType } from 'react';
import { CompanySchedulesTab } from '../companies/components/CompanySchedulesTab';
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
 * schedules by company. A new tab adds its entry.
 */
export const SETTINGS_TABS: readonly SettingsTab[] = [
  { value: 'options', labelKey: 'settings.tabs.options', visible: () => true, component: OptionsTab },
  {
    value: 'schedules',
    labelKey: 'settings.tabs.schedules',
    visible: ({ settings }) => settingValue(settings, 'scheduleType') === 'company',
    component: CompanySchedulesTab,
  },
];

export function visibleSettingsTabs(context: SettingsTabContext): SettingsTab[] {
  return SETTINGS_TABS.filter((tab) => tab.visible(context));
}

/**
 * The super-admin's tabs that became pages of their own, with their own menu entries: an old link
 * to the tab (`/settings?tab=plans`) opens the page.
 */
export const MOVED_SETTINGS_TABS: Readonly<Record<string, string>> = {
  companies: '/companies',
  plans: '/plans',
  helps: '/helps-admin',
};
