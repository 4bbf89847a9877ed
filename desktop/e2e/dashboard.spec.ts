import { expect, type Page, test } from '@playwright/test';
import { apiCall, apiSignIn, signIn, toast, trackSocket, unique, uniqueEmail } from './support/app';
import { customerWrites, openSandboxDesk, type Ticket } from './support/sandbox';

/** The value shown on one of the six counter cards. */
/** Live refreshes are at least 5 s apart (DashboardPage): room for two and the request. */
const LIVE = { timeout: 15_000 };
const counter = (page: Page, label: string) =>
  page.getByRole('group', { name: label, exact: true }).locator('[data-counter]');

test('an admin watches the counters move as a customer writes in and an agent accepts and resolves', async ({
  page,
  request,
}) => {
  const desk = await openSandboxDesk(request);
  // The browser's admin is a second admin: the desk's first one drives the sandbox over the API.
  const admin = { name: unique('Manager'), email: uniqueEmail('manager'), password: 'Manager-pass-1' };
  await apiCall(request, desk.adminToken, 'POST', '/users', { ...admin, profile: 'admin', queueIds: [] });

  const socket = trackSocket(page);
  await signIn(page, admin);
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  for (const label of ['In conversation', 'Waiting', 'Finished', 'New contacts']) {
    await expect(counter(page, label)).toHaveText('0');
  }
  await expect(counter(page, 'Average talk time')).toHaveText('0 min');
  await expect(counter(page, 'Average wait time')).toHaveText('0 min');
  const attendants = page.getByRole('table', { name: 'Attendants' });
  await expect(attendants.getByRole('row', { name: new RegExp(desk.agent.name) })).toContainText('Offline');
  await expect(page.getByRole('heading', { name: 'Tickets per attendant' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Tickets per day' })).toBeVisible();
  await expect(page.getByText('No tickets in this period')).toHaveCount(2);
  await expect.poll(() => socket.ready).toBe(true);

  // A customer writes: one waiting, one new contact, without reloading the page.
  await customerWrites(request, desk, 'Olá, preciso de ajuda');
  await expect(counter(page, 'Waiting')).toHaveText('1', LIVE);
  await expect(counter(page, 'New contacts')).toHaveText('1', LIVE);

  // The agent accepts: in conversation now.
  const agentToken = await apiSignIn(request, desk.agent);
  const { tickets } = await apiCall<{ tickets: Ticket[] }>(request, agentToken, 'GET', '/tickets?status=pending');
  expect(tickets).toHaveLength(1);
  await apiCall(request, agentToken, 'PUT', `/tickets/${tickets[0].id}`, { status: 'open' });
  await expect(counter(page, 'In conversation')).toHaveText('1', LIVE);
  await expect(counter(page, 'Waiting')).toHaveText('0', LIVE);

  // ... and resolves: finished, and the agent's row counts it.
  await apiCall(request, agentToken, 'PUT', `/tickets/${tickets[0].id}`, { status: 'closed' });
  await expect(counter(page, 'Finished')).toHaveText('1', LIVE);
  await expect(counter(page, 'In conversation')).toHaveText('0', LIVE);
  await expect(page.getByText(/^1 ticket$/).first()).toBeVisible();
  await expect(page.getByText('No tickets in this period')).toHaveCount(0);

  // The browser's own app pinged userStatus on connecting: its admin shows online, the agent
  // (signed in through the API only, no app) offline.
  await expect(attendants.getByRole('row', { name: new RegExp(admin.name) })).toContainText('Online');
  await expect(attendants.getByRole('row', { name: new RegExp(desk.agent.name) })).toContainText('Offline');
});

test('the dashboard asks for a filter before filtering', async ({ page, request }) => {
  const desk = await openSandboxDesk(request);
  const admin = { name: unique('Manager'), email: uniqueEmail('manager'), password: 'Manager-pass-1' };
  await apiCall(request, desk.adminToken, 'POST', '/users', { ...admin, profile: 'admin', queueIds: [] });
  await signIn(page, admin);
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();

  // By period with no period chosen.
  await page.getByLabel('Filter by').selectOption('period');
  await page.getByRole('button', { name: 'Filter', exact: true }).first().click();
  await expect(toast(page, 'Select a filter')).toBeVisible();

  // By dates with both dates cleared.
  await page.getByLabel('Filter by').selectOption('date');
  await page.getByLabel('From', { exact: true }).fill('');
  await page.getByLabel('To', { exact: true }).fill('');
  await page.getByRole('button', { name: 'Filter', exact: true }).first().click();
  await expect(toast(page, 'Select a filter')).toBeVisible();

  // A period filters.
  await page.getByLabel('Filter by').selectOption('period');
  await page.getByLabel('Period', { exact: true }).selectOption({ label: 'Last 7 days' });
  const answer = page.waitForResponse((r) => r.url().includes('/dashboard?days=7'));
  await page.getByRole('button', { name: 'Filter', exact: true }).first().click();
  expect((await answer).status()).toBe(200);
});

test('an agent lands on the home page, not the dashboard', async ({ page, request }) => {
  const desk = await openSandboxDesk(request);
  await signIn(page, desk.agent);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Welcome');
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toHaveCount(0);
});
