import { describe, expect, it } from '@jest/globals';
import type { SessionUser } from '@atendo/shared';
import { type MenuContext, visibleEntries } from '../shell/menu';

const context = (profile: string, plan: MenuContext['plan']): MenuContext => ({
  user: { profile, super: false } as SessionUser,
  plan,
  cshow: false,
  connectionWarning: false,
  chatUnread: false,
});
const shown = (profile: string, plan: MenuContext['plan']) =>
  visibleEntries(context(profile, plan)).some((entry) => entry.path === '/schedules');

describe('the schedules menu entry (spec 1 §2)', () => {
  it("shows to every profile of a company whose plan has schedules, and to nobody's otherwise", () => {
    for (const profile of ['admin', 'supervisor', 'user']) {
      expect(shown(profile, { useSchedules: true })).toBe(true);
      expect(shown(profile, { useSchedules: false })).toBe(false);
      expect(shown(profile, null)).toBe(false);
    }
  });
});
