import { describe, expect, it } from '@jest/globals';
import type { SessionUser } from '@atendo/shared';
import { entryVisible, type MenuContext, visibleEntries } from './menu';

const admin = { profile: 'admin', super: false } as SessionUser;
const context = (plan: MenuContext['plan']): MenuContext => ({
  user: admin,
  plan,
  cshow: false,
  connectionWarning: false,
  chatUnread: false,
});
const page = (path: string) => ({ path, visible: () => true });

describe('side menu', () => {
  it("hides a plan feature's pages unless the company's plan has the feature", () => {
    expect(entryVisible(page('/kanban'), context({ useKanban: true }))).toBe(true);
    expect(entryVisible(page('/kanban'), context({ useKanban: false }))).toBe(false);
    expect(entryVisible(page('/prompts'), context({ useKanban: true }))).toBe(false);
    const prompts = (user: SessionUser) =>
      visibleEntries({ ...context({ useOpenAi: true }), user }).some((entry) => entry.path === '/prompts');
    expect(prompts(admin)).toBe(true);
    // The agents hold the company's API keys: not for supervisors or agents.
    expect(prompts({ profile: 'supervisor', super: false } as SessionUser)).toBe(false);
    const integrations = (plan: MenuContext['plan'], user = admin) =>
      visibleEntries({ ...context(plan), user }).some((entry) => entry.path === '/queue-integration');
    expect(integrations({ useIntegrations: true })).toBe(true);
    expect(integrations({ useIntegrations: false })).toBe(false);
    // Their secrets sign the company's webhooks: the admins' alone.
    expect(integrations({ useIntegrations: true }, { profile: 'supervisor', super: false } as SessionUser)).toBe(false);
    expect(entryVisible(page('/messages-api'), context({ useExternalApi: true }))).toBe(true);
    // Before the plan is known, nothing gated shows.
    expect(entryVisible(page('/chats'), context(null))).toBe(false);
  });

  it("gives the super-admin's back office (companies, plans, help videos) entries of their own", () => {
    const paths = (user: SessionUser) => visibleEntries({ ...context(null), user }).map((entry) => entry.path);
    const superAdmin = { profile: 'admin', super: true } as SessionUser;
    expect(paths(superAdmin)).toEqual(expect.arrayContaining(['/companies', '/plans', '/helps-admin', '/financeiro']));
    for (const path of ['/companies', '/plans', '/helps-admin']) expect(paths(admin)).not.toContain(path);
  });

  it('leaves other pages to their own condition', () => {
    expect(entryVisible(page('/tickets'), context(null))).toBe(true);
    expect(entryVisible({ path: '/kanban', visible: () => false }, context({ useKanban: true }))).toBe(false);
    expect(visibleEntries(context(null)).map((entry) => entry.path)).toEqual(
      expect.arrayContaining(['/', '/tickets', '/settings']),
    );
  });

  it('marks the chats entry with a dot while some chat has unread messages', () => {
    const chats = (chatUnread: boolean) =>
      visibleEntries({ ...context({ useInternalChat: true }), chatUnread }).find((entry) => entry.path === '/chats');
    expect(chats(true)?.dot?.({ ...context(null), chatUnread: true })).toBe('chats.menuDot');
    expect(chats(false)?.dot?.({ ...context(null), chatUnread: false })).toBeNull();
    expect(
      visibleEntries({ ...context({ useInternalChat: false }), chatUnread: true }).map((e) => e.path),
    ).not.toContain('/chats');
  });

  it("shows the contact lists to admins, with the plan's campaigns and campaigns shown for the company", () => {
    const shown = (changes: Partial<MenuContext>) =>
      visibleEntries({ ...context({ useCampaigns: true }), cshow: true, ...changes }).some(
        (entry) => entry.path === '/contact-lists',
      );
    expect(shown({})).toBe(true);
    expect(shown({ cshow: false })).toBe(false);
    expect(shown({ plan: { useCampaigns: false } })).toBe(false);
    expect(shown({ user: { profile: 'supervisor', super: false } as SessionUser })).toBe(false);
    expect(shown({ user: { profile: 'user', super: false } as SessionUser })).toBe(false);
  });

  it('shows the flows and the phrase campaigns to admins while campaigns are shown, whatever the plan', () => {
    const paths = (changes: Partial<MenuContext>) =>
      visibleEntries({ ...context({ useCampaigns: false }), cshow: true, ...changes })
        .filter((entry) => entry.section === 'admin')
        .map((entry) => entry.path)
        .filter((path) => path === '/flowbuilders' || path === '/phrase-lists');
    expect(paths({})).toEqual(['/flowbuilders', '/phrase-lists']);
    expect(paths({ cshow: false })).toEqual([]);
    expect(paths({ user: { profile: 'supervisor', super: false } as SessionUser })).toEqual([]);
    expect(paths({ user: { profile: 'user', super: false } as SessionUser })).toEqual([]);
  });

  it('shows the quick messages to everyone and the file lists in the admin drawer only (spec 1 §2)', () => {
    const paths = (user: SessionUser) => visibleEntries({ ...context(null), user }).map((entry) => entry.path);
    expect(paths(admin)).toEqual(expect.arrayContaining(['/quick-messages', '/files']));
    for (const profile of ['supervisor', 'user']) {
      const others = paths({ profile, super: false } as SessionUser);
      expect(others).toContain('/quick-messages');
      expect(others).not.toContain('/files');
    }
  });

  it('names the entry at / after the page it opens: the dashboard for admins, home for the others', () => {
    const label = (user: SessionUser) =>
      visibleEntries({ ...context(null), user }).find((entry) => entry.path === '/')?.labelKey;
    expect(label(admin)).toBe('shell.menu.dashboard');
    expect(label({ profile: 'user', super: false } as SessionUser)).toBe('shell.menu.home');
  });
});
