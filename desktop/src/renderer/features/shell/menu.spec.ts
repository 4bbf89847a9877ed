import { describe, expect, it } from '@jest/globals';
import type { SessionUser } from '@atendo/shared';
import { entryVisible, type MenuContext, visibleEntries } from './menu';

const admin = { profile: 'admin', super: false } as SessionUser;
const context = (plan: MenuContext['plan']): MenuContext => ({
  user: admin,
  plan,
  cshow: false,
  connectionWarning: false,
});
const page = (path: string) => ({ path, visible: () => true });

describe('side menu', () => {
  it("hides a plan feature's pages unless the company's plan has the feature", () => {
    expect(entryVisible(page('/kanban'), context({ useKanban: true }))).toBe(true);
    expect(entryVisible(page('/kanban'), context({ useKanban: false }))).toBe(false);
    expect(entryVisible(page('/prompts'), context({ useKanban: true }))).toBe(false);
    expect(entryVisible(page('/messages-api'), context({ useExternalApi: true }))).toBe(true);
    // Before the plan is known, nothing gated shows.
    expect(entryVisible(page('/chats'), context(null))).toBe(false);
  });

  it('leaves other pages to their own condition', () => {
    expect(entryVisible(page('/tickets'), context(null))).toBe(true);
    expect(entryVisible({ path: '/kanban', visible: () => false }, context({ useKanban: true }))).toBe(false);
    expect(visibleEntries(context(null)).map((entry) => entry.path)).toEqual(
      expect.arrayContaining(['/', '/tickets', '/settings']),
    );
  });

  it('names the entry at / after the page it opens: the dashboard for admins, home for the others', () => {
    const label = (user: SessionUser) =>
      visibleEntries({ ...context(null), user }).find((entry) => entry.path === '/')?.labelKey;
    expect(label(admin)).toBe('shell.menu.dashboard');
    expect(label({ profile: 'user', super: false } as SessionUser)).toBe('shell.menu.home');
  });
});
