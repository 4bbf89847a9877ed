import { describe, expect, it } from '@jest/globals';
import type { SessionUser } from '@atendo/shared';
import { MOVED_SETTINGS_TABS, visibleSettingsTabs } from './settings-tabs';

const user = (overrides: Partial<SessionUser>) => ({ profile: 'admin', super: false, ...overrides }) as SessionUser;
const tabs = (who: SessionUser, scheduleType?: string) =>
  visibleSettingsTabs({ user: who, settings: scheduleType ? [{ key: 'scheduleType', value: scheduleType }] : [] }).map(
    (tab) => tab.value,
  );

describe('settings tabs', () => {
  it('shows a company admin the options, and the schedules only while scheduling by company', () => {
    expect(tabs(user({}))).toEqual(['options']);
    expect(tabs(user({}), 'queue')).toEqual(['options']);
    expect(tabs(user({}), 'company')).toEqual(['options', 'schedules']);
  });

  it('gives the super-admin no back-office tabs: companies, plans and helps are pages of their own', () => {
    expect(tabs(user({ super: true }), 'company')).toEqual(['options', 'schedules']);
    // An old link to one of those tabs leads to its page.
    expect(MOVED_SETTINGS_TABS).toEqual({ companies: '/companies', plans: '/plans', helps: '/helps-admin' });
  });
});
