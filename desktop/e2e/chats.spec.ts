import { expect, type Page, test } from '@playwright/test';
import {
  apiCall,
  apiSignIn,
  sideMenu,
  signIn,
  signupCompany,
  toast,
  trackSocket,
  unique,
  uniqueEmail,
} from './support/app';

const chatsEntry = (page: Page) => sideMenu(page).getByRole('link', { name: 'Internal chat', exact: true });
const unreadDot = (page: Page) => chatsEntry(page).getByTestId('menu-dot');
const chatsButton = (page: Page) => page.getByRole('button', { name: /^Internal chat \(/ });
const messages = (page: Page, title: string) => page.getByRole('log', { name: `Messages of ${title}` });

test.describe('internal chat', () => {
  test('two users chat and see the unread dot clear', async ({ page, browser, request }) => {
    const company = await signupCompany(request, 'Chats');
    const adminToken = await apiSignIn(request, company);
    const agentName = unique('Bruna Costa');
    const agent = { email: uniqueEmail('bruna'), password: 'Agent-pass-1' };
    await apiCall(request, adminToken, 'POST', '/users', { name: agentName, ...agent, profile: 'user', queueIds: [] });

    // The agent works elsewhere in the app, with the live socket up.
    const agentContext = await browser.newContext();
    const agentPage = await agentContext.newPage();
    const agentSocket = trackSocket(agentPage);
    await signIn(agentPage, agent);
    await expect.poll(() => agentSocket.ready).toBe(true);
    await expect(chatsEntry(agentPage)).toBeVisible();
    await expect(unreadDot(agentPage)).toHaveCount(0);
    await expect(chatsButton(agentPage)).toHaveAccessibleName('Internal chat (0 unread chats)');

    // The admin starts a chat: the dialog asks for a title and a member first.
    await signIn(page, company);
    await chatsEntry(page).click();
    await expect(page).toHaveURL(/\/chats$/);
    await expect(page.getByRole('heading', { name: 'Internal chat', exact: true })).toBeVisible();
    await expect(page.getByText('No chats yet.', { exact: false })).toBeVisible();
    await page.getByRole('button', { name: 'New chat' }).click();
    const dialog = page.getByRole('dialog', { name: 'New chat' });
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByText('Required', { exact: true })).toBeVisible();
    await expect(dialog.getByText('Select at least one', { exact: true })).toBeVisible();
    const title = unique('Plantão');
    await dialog.getByLabel('Title').fill(title);
    const members = dialog.getByRole('combobox', { name: 'Members' });
    await members.click();
    await members.pressSequentially(agentName.slice(0, 8));
    await page.getByRole('option', { name: agentName }).click();
    // Chosen, the member shows as a tag of the field.
    await expect(dialog.getByRole('listbox', { name: 'Members' }).getByText(agentName)).toBeVisible();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(toast(page, 'Chat saved.')).toBeVisible();
    await expect(page).toHaveURL(/\/chats\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { name: title, level: 2 })).toBeVisible();

    // Enter sends; Shift+Enter breaks the line.
    const composer = page.getByRole('textbox', { name: 'Message' });
    await composer.fill('Oi, tudo bem?');
    await composer.press('Enter');
    await composer.pressSequentially('Primeira linha');
    await composer.press('Shift+Enter');
    await composer.pressSequentially('Segunda linha');
    await composer.press('Enter');
    await expect(composer).toHaveValue('');
    const adminLog = messages(page, title);
    await expect(adminLog.getByTestId('chat-message')).toHaveCount(2);
    await expect(adminLog.getByTestId('chat-message').nth(1)).toContainText('Primeira linha\nSegunda linha');

    // The agent hears of it live: the menu dot, and the chat in the top bar's popover.
    await expect(unreadDot(agentPage)).toBeVisible();
    await expect(chatsButton(agentPage)).toHaveAccessibleName('Internal chat (1 unread chat)');
    await chatsButton(agentPage).click();
    const popover = agentPage.getByRole('group', { name: 'Unread chats' });
    await expect(popover.getByText(title)).toBeVisible();
    await expect(popover.getByText('2', { exact: true })).toBeVisible();
    await popover.getByRole('button', { name: new RegExp(title) }).click();

    // Opening the chat reads it: the dot and the count go for the agent.
    await expect(agentPage).toHaveURL(/\/chats\/[0-9a-f-]{36}$/);
    const agentLog = messages(agentPage, title);
    await expect(agentLog.getByText('Oi, tudo bem?')).toBeVisible();
    await expect(agentLog.getByText(company.name, { exact: false }).first()).toBeVisible();
    await expect(unreadDot(agentPage)).toHaveCount(0);
    await expect(chatsButton(agentPage)).toHaveAccessibleName('Internal chat (0 unread chats)');
    await expect(agentPage.getByRole('list', { name: 'Chats' }).getByTestId('chat-unread')).toHaveCount(0);
    // Only the owner edits or deletes the chat.
    await expect(agentPage.getByRole('button', { name: `Actions of ${title}` })).toHaveCount(0);

    // The reply reaches the admin, who has the chat open: it is read at once, no dot.
    const reply = agentPage.getByRole('textbox', { name: 'Message' });
    await reply.fill('Tudo ótimo!');
    await reply.press('Enter');
    await expect(adminLog.getByText('Tudo ótimo!')).toBeVisible();
    await expect(adminLog.getByText(agentName)).toBeVisible();
    await expect(page.getByRole('list', { name: 'Chats' })).toContainText('Tudo ótimo!');
    await expect(chatsButton(page)).toHaveAccessibleName('Internal chat (0 unread chats)');
    await expect(unreadDot(page)).toHaveCount(0);

    // The owner renames the chat; the agent's screen follows. Then deletes it, and the agent's page leaves it.
    await page.getByRole('button', { name: `Actions of ${title}` }).click();
    await page.getByRole('menuitem', { name: 'Edit' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit chat' });
    await expect(edit.getByLabel('Title')).toHaveValue(title);
    const renamed = `${title} (sábado)`;
    await edit.getByLabel('Title').fill(renamed);
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(toast(page, 'Chat saved.')).toBeVisible();
    await expect(agentPage.getByRole('heading', { name: renamed, level: 2 })).toBeVisible();

    await page.getByRole('button', { name: `Actions of ${renamed}` }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    await page
      .getByRole('alertdialog', { name: `Delete ${renamed}?` })
      .getByRole('button', { name: 'Delete' })
      .click();
    await expect(toast(page, 'Chat deleted.')).toBeVisible();
    await expect(page).toHaveURL(/\/chats$/);
    await expect(toast(agentPage, 'This chat was deleted, or you are no longer one of its members.')).toBeVisible();
    await expect(agentPage).toHaveURL(/\/chats$/);
    await expect(agentPage.getByText('No chats yet.', { exact: false })).toBeVisible();
    await agentContext.close();
  });

  test('on a phone, the list and the messages are tabs', async ({ browser, request }) => {
    const company = await signupCompany(request, 'ChatsPhone');
    const adminToken = await apiSignIn(request, company);
    const agent = { email: uniqueEmail('celular'), password: 'Agent-pass-1' };
    const { id: agentId } = await apiCall<{ id: number }>(request, adminToken, 'POST', '/users', {
      name: unique('Caio'),
      ...agent,
      profile: 'user',
      queueIds: [],
    });
    const title = unique('Escala');
    const chat = await apiCall<{ id: number; uuid: string }>(request, adminToken, 'POST', '/chats', {
      title,
      users: [{ id: agentId }],
    });
    // More messages than a page: scrolling up brings the older ones.
    for (let i = 1; i <= 45; i += 1) {
      await apiCall(request, adminToken, 'POST', `/chats/${chat.id}/messages`, { message: `Mensagem ${i}` });
    }

    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const phone = await context.newPage();
    await signIn(phone, agent);
    await phone.goto('/chats');
    await expect(phone.getByRole('tab', { name: 'Chats' })).toHaveAttribute('aria-selected', 'true');
    await phone
      .getByRole('list', { name: 'Chats' })
      .getByRole('link', { name: new RegExp(title) })
      .click();
    await expect(phone.getByRole('tab', { name: 'Messages' })).toHaveAttribute('aria-selected', 'true');
    const log = messages(phone, title);
    await expect(log.getByText('Mensagem 45', { exact: true })).toBeVisible();
    await expect(log.getByText('Mensagem 1', { exact: true })).toHaveCount(0);
    for (let tries = 0; tries < 10 && (await log.getByText('Mensagem 1', { exact: true }).count()) === 0; tries += 1) {
      await log.evaluate((element) => element.scrollTo({ top: 0 }));
      await phone.waitForTimeout(300);
    }
    await expect(log.getByText('Mensagem 1', { exact: true })).toBeAttached();
    await expect(log.getByTestId('chat-message')).toHaveCount(45);
    await phone.getByRole('tab', { name: 'Chats' }).click();
    await expect(phone.getByRole('button', { name: 'New chat' })).toBeVisible();
    await context.close();
  });
});
