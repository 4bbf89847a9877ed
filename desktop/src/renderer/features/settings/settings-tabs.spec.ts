import { describe, expect, it } from '@jest/globals';
import type { SessionUser } from '@atendo/shared';
import { visibleSettingsTabs } from './settings-tabs';

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

  it('adds the companies and plans tabs for the super-admin, in that order after the options', () => {
    const superTabs = tabs(user({ super: true }), 'company');
    expect(superTabs.slice(0, 4)).toEqual(['options', 'schedules', 'companies', 'plans']);
    expect(tabs(user({}))).not.toContain('companies');
    expect(tabs(user({ profile: 'user' }))).not.toContain('plans');
  });
});
