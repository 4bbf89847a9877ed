import { type APIRequestContext, expect, type Locator, type Page } from '@playwright/test';
import { type Account, apiCall, sideMenu, signIn, trackSocket, unique, uniqueEmail } from './app';
import { CUSTOMER, type Desk } from './sandbox';

/**
 * An admin following a sandbox desk's waiting tickets in the browser, as automations (an AI agent,
 * a flow) answer its customer: the tickets screen's waiting tab and the read-only peek of one.
 */

/**
 * A second admin of the desk's company for the browser: the desk's first admin drives the sandbox
 * over HTTP, and a browser sign-in as that admin would end its API session.
 */
export async function deskAdmin(page: Page, request: APIRequestContext, desk: Desk): Promise<Account> {
  const account = { name: unique('Admin'), email: uniqueEmail('aiadmin'), password: 'Admin-pass-1' };
  await apiCall(request, desk.adminToken, 'POST', '/users', {
    ...account,
    profile: 'admin',
    queueIds: [],
    allTicket: 'enabled',
  });
  await signIn(page, account);
  await page.evaluate(() => window.localStorage.setItem('i18nextLng', 'pt'));
  return account;
}

/** The tickets screen in Portuguese, every ticket shown ("Todos"), on the waiting tab, live. */
export async function openWaitingTickets(page: Page): Promise<Locator> {
  const socket = trackSocket(page);
  await page.goto('/');
  await sideMenu(page, 'Menu principal').getByRole('link', { name: 'Atendimentos', exact: true }).click();
  await expect(page).toHaveURL(/\/tickets$/);
  await expect(page.getByText('Escolha um ticket para iniciar o atendimento.', { exact: true })).toBeVisible();
  await expect.poll(() => socket.ready).toBe(true);
  // The admin is in no queue: "Todos" shows the desk's every ticket.
  await page.getByRole('switch', { name: 'Todos' }).check();
  await page.getByRole('tab', { name: /^Aguardando/ }).click();
  return page.getByRole('list', { name: 'Tickets aguardando', exact: true });
}

/** The waiting ticket's messages, read-only, as a click on its row shows them. */
export async function peek(page: Page, row: Locator): Promise<Locator> {
  await row.getByRole('button', { name: `Espiar a conversa de ${CUSTOMER.name}` }).click();
  const dialog = page.getByRole('dialog', { name: `Conversa com ${CUSTOMER.name} (somente leitura)` });
  await expect(dialog).toBeVisible();
  return dialog.getByRole('log', { name: 'Mensagens' });
}

export async function closePeek(page: Page): Promise<void> {
  const dialog = page.getByRole('dialog', { name: `Conversa com ${CUSTOMER.name} (somente leitura)` });
  await dialog.getByRole('button', { name: 'Fechar', exact: true }).click();
  await expect(dialog).toBeHidden();
}

export const received = (log: Locator) => log.getByRole('group', { name: 'Mensagem recebida' });
export const sent = (log: Locator) => log.getByRole('group', { name: 'Mensagem enviada' });
