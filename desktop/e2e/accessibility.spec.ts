import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { apiCall, apiSignIn, E2E_ADMIN, signIn, signupCompany, userMenuButton } from './support/app';

/** What axe reports that keeps people out: a critical or serious violation, with where it is. */
async function blockers(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((v) => v.impact === 'critical' || v.impact === 'serious')
    .map((v) => ({
      ...v,
      // Fluent's focus manager (tabster) keeps aria-hidden sentinels that hand focus on the moment
      // they get it, so that screen readers never announce them: axe counts each one as
      // aria-hidden-focus, a false positive Fluent lists and Accessibility Insights leaves out. A
      // sentinel inside a hidden area (a closed drawer) is still reported: its node is the area.
      nodes: v.nodes.filter((n) => !(v.id === 'aria-hidden-focus' && /^<i [^>]*data-tabster-dummy/.test(n.html))),
    }))
    .filter((v) => v.nodes.length > 0)
    .map(
      (v) => `${v.impact} ${v.id}: ${v.nodes.map((n) => `${n.target.join(' ')} ${n.html.slice(0, 160)}`).join(', ')}`,
    );
}

/** Opens a page of the signed-in app and waits until it has drawn its content. */
async function visit(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await expect(userMenuButton(page)).toBeVisible();
  await page.waitForLoadState('networkidle');
  // The page's own chunk and data have arrived: what is drawn now is what people get.
  await expect(page.getByRole('progressbar')).toHaveCount(0);
}

const ADMIN_PAGES = [
  '/',
  '/tickets',
  '/connections',
  '/users',
  '/queues',
  '/settings',
  '/helps',
  '/tags',
  '/contacts',
  '/kanban',
  '/quick-messages',
  '/todolist',
  '/schedules',
  '/files',
  '/chats',
  '/announcements',
  '/messages-api',
  '/prompts',
  '/queue-integration',
  '/contact-lists',
  '/campaigns',
  '/campaigns-config',
  '/flowbuilders',
  '/phrase-lists',
  '/financeiro',
  '/subscription',
];
const SUPER_PAGES = ['/companies', '/plans', '/helps-admin', '/financeiro', '/settings', '/announcements'];

test.describe('accessibility (axe)', () => {
  test('the sign-in, sign-up and password pages have no critical or serious violation', async ({ page }) => {
    const found: Record<string, string[]> = {};
    for (const path of ['/login', '/signup', '/forgetpsw']) {
      await page.goto(path);
      await expect(page.getByRole('button', { name: /^Language/ })).toBeVisible();
      await page.waitForLoadState('networkidle');
      found[path] = await blockers(page);
    }
    expect(found).toEqual(Object.fromEntries(Object.keys(found).map((path) => [path, []])));
  });

  test("every page of a company's admin, light and dark, has no critical or serious violation", async ({
    page,
    request,
  }) => {
    test.setTimeout(240_000);
    const company = await signupCompany(request, 'Axe');
    const token = await apiSignIn(request, company);
    // Content for the pages whose problems show only with some: a lane, a contact's schedule.
    await apiCall(request, token, 'POST', '/whatsapp', { name: 'Linha Axe', provider: 'sandbox', isDefault: true });
    await apiCall(request, token, 'POST', '/tags', { name: 'Novo pedido', color: '#1e88e5', kanban: 1 });
    const contact = await apiCall<{ id: number }>(request, token, 'POST', '/contacts', {
      name: 'Cliente Axe',
      number: '5511987650001',
    });
    await apiCall(request, token, 'POST', '/schedules', {
      body: 'Lembrete',
      contactId: contact.id,
      sendAt: new Date(Date.now() + 2 * 3_600_000).toISOString(),
    });
    await signIn(page, company);
    const found: Record<string, string[]> = {};
    for (const path of ADMIN_PAGES) {
      await visit(page, path);
      found[path] = await blockers(page);
    }
    await page.getByRole('switch', { name: /dark theme/i }).check();
    for (const path of ['/', '/tickets', '/kanban', '/schedules', '/contacts']) {
      await visit(page, path);
      found[`${path} (dark)`] = await blockers(page);
    }
    // A phone: the schedules open on the day (its events are buttons), the kanban a lane at a time.
    await page.setViewportSize({ width: 390, height: 844 });
    for (const path of ['/schedules', '/kanban', '/tickets']) {
      await visit(page, path);
      found[`${path} (390 px, dark)`] = await blockers(page);
    }
    expect(found).toEqual(Object.fromEntries(Object.keys(found).map((path) => [path, []])));
  });

  test("the platform super-admin's pages have no critical or serious violation", async ({ page }) => {
    await signIn(page, E2E_ADMIN);
    const found: Record<string, string[]> = {};
    for (const path of SUPER_PAGES) {
      await visit(page, path);
      found[path] = await blockers(page);
    }
    expect(found).toEqual(Object.fromEntries(Object.keys(found).map((path) => [path, []])));
  });
});
