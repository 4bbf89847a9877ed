import { type APIRequestContext, expect, type Locator, test } from '@playwright/test';
import {
  apiCall,
  luminance,
  openTicketsScreen,
  sideMenu,
  signIn,
  themeBackground,
  toast,
  unique,
  uniqueEmail,
} from './support/app';
import { CUSTOMER, customerWrites, openSandboxDesk, type Desk, type Ticket } from './support/sandbox';

/** The titles of a menu as the editor lists them, depth first (each option has its own Edit button). */
const titlesOf = async (dialog: Locator) =>
  (
    await dialog
      .getByRole('button', { name: /^Edit / })
      .evaluateAll((buttons) => buttons.map((b) => b.getAttribute('aria-label')))
  ).map((label) => label?.replace(/^Edit /, ''));

/** The customer writes, and the bot answers `replies` messages in the ticket (read through the API). */
async function customerAnswers(request: APIRequestContext, desk: Desk, body: string, replies: number): Promise<Ticket> {
  const ticketOf = async () =>
    (
      await apiCall<{ tickets: Ticket[] }>(
        request,
        desk.adminToken,
        'GET',
        `/tickets?searchParam=${CUSTOMER.from}&showAll=true`,
      )
    ).tickets[0];
  const countOf = async () => {
    const ticket = await ticketOf();
    if (!ticket) return 0;
    return (await apiCall<{ messages: unknown[] }>(request, desk.adminToken, 'GET', `/messages/${ticket.id}`)).messages
      .length;
  };
  const before = await countOf();
  await customerWrites(request, desk, body);
  await expect.poll(countOf).toBe(before + 1 + replies);
  return ticketOf();
}

test.describe('queue option menus', () => {
  test('build a two-level option menu and walk it as a sandbox customer', async ({ page, browser, request }) => {
    const desk = await openSandboxDesk(request);
    // A second admin builds the menu in the browser: the first one drives the sandbox over HTTP.
    const manager = { name: unique('Gerente'), email: uniqueEmail('gerente'), password: 'Admin-pass-1' };
    await apiCall(request, desk.adminToken, 'POST', '/users', {
      ...manager,
      profile: 'admin',
      queueIds: [desk.queue1.id],
    });
    await signIn(page, manager);
    await sideMenu(page).getByRole('link', { name: 'Queues', exact: true }).click();
    await page.getByRole('button', { name: `Edit ${desk.queue1.name}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit queue' });
    await dialog.getByRole('tab', { name: 'Options menu' }).click();
    await expect(dialog.getByText(/^No options yet/)).toBeVisible();

    const newOption = dialog.getByRole('group', { name: 'New option' });
    const addOption = async (title: string, message: string, under?: string) => {
      await dialog
        .getByRole('button', { name: under ? `Add a sub-option to ${under}` : 'Add option', exact: true })
        .click();
      await newOption.getByLabel('Title').fill(title);
      await newOption.getByLabel('Message').fill(message);
      await newOption.getByRole('button', { name: 'Save option' }).click();
      await expect(newOption).toBeHidden();
      await expect(dialog.getByRole('button', { name: `Edit ${title}`, exact: true })).toBeVisible();
    };

    // A title is required, and said so under the field.
    await dialog.getByRole('button', { name: 'Add option', exact: true }).click();
    await newOption.getByRole('button', { name: 'Save option' }).click();
    await expect(newOption.getByText('Required', { exact: true })).toBeVisible();
    await newOption.getByRole('button', { name: 'Cancel' }).click();

    await addOption('Internet', 'Qual o problema com a internet?');
    await expect(toast(page, 'Option saved.').first()).toBeVisible();
    await addOption('Telefone', 'Ligue 0800 000 0000.');
    await addOption('Sem sinal', 'Um técnico vai te chamar.', 'Internet');
    await addOption('Lenta', 'Reinicie o modem.', 'Internet');
    await addOption('Temporária', '');
    expect(await titlesOf(dialog)).toEqual(['Internet', 'Sem sinal', 'Lenta', 'Telefone', 'Temporária']);

    // Enter in the title saves the option, not the queue: the dialog stays open.
    await dialog.getByRole('button', { name: 'Edit Lenta', exact: true }).click();
    const editing = dialog.getByRole('group', { name: 'Edit Lenta' });
    await editing.getByLabel('Title').fill('Lenta demais');
    await editing.getByLabel('Title').press('Enter');
    await expect(editing).toBeHidden();
    await expect(dialog.getByRole('button', { name: 'Edit Lenta demais', exact: true })).toBeVisible();

    // Order: Telefone up before Internet, and back.
    await dialog.getByRole('button', { name: 'Move Telefone up', exact: true }).click();
    await expect
      .poll(() => titlesOf(dialog))
      .toEqual(['Telefone', 'Internet', 'Sem sinal', 'Lenta demais', 'Temporária']);
    await dialog.getByRole('button', { name: 'Move Telefone down', exact: true }).click();
    await expect
      .poll(() => titlesOf(dialog))
      .toEqual(['Internet', 'Sem sinal', 'Lenta demais', 'Telefone', 'Temporária']);

    // Deleted after the question.
    await dialog.getByRole('button', { name: 'Delete Temporária', exact: true }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete Temporária?' });
    await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect(toast(page, 'Option deleted.')).toBeVisible();
    await expect.poll(() => titlesOf(dialog)).toEqual(['Internet', 'Sem sinal', 'Lenta demais', 'Telefone']);

    // On a phone, in the dark theme, the nested editor still fits.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.emulateMedia({ colorScheme: 'dark' });
    await dialog.getByRole('button', { name: 'Add a sub-option to Sem sinal', exact: true }).click();
    await expect(newOption).toBeVisible();
    expect(luminance(await themeBackground(page))).toBeLessThan(80);
    // Everything in the dialog within the window's 390 px, nothing in it scrolling sideways.
    const misfits = await dialog.evaluate((surface) => {
      const width = window.innerWidth;
      const problems: string[] = [];
      for (const el of [surface, ...surface.querySelectorAll('*')]) {
        const box = el.getBoundingClientRect();
        const name = (el.getAttribute('aria-label') || el.textContent || el.tagName).trim().slice(0, 40);
        if (box.width && (box.left < -1 || box.right > width + 1))
          problems.push(`"${name}" spans ${box.left}–${box.right}`);
        if (['auto', 'scroll'].includes(getComputedStyle(el).overflowX) && el.scrollWidth > el.clientWidth + 1) {
          problems.push(`"${name}" scrolls sideways`);
        }
      }
      return problems;
    });
    expect(misfits).toEqual([]);
    await newOption.getByRole('button', { name: 'Cancel' }).click();
    await dialog.getByRole('button', { name: 'Cancel', exact: true }).click();
    await expect(dialog).toBeHidden();

    // The customer walks it: the line's only queue offers its options at once.
    await customerAnswers(request, desk, 'Oi', 1);
    await customerAnswers(request, desk, '7', 1);
    await customerAnswers(request, desk, '1', 1);
    const ticket = await customerAnswers(request, desk, '1', 1);
    expect(ticket).toMatchObject({ status: 'pending', queueId: desk.queue1.id });

    // The queue's agent reads the path the customer took before accepting.
    const agentContext = await browser.newContext();
    const agentPage = await agentContext.newPage();
    await openTicketsScreen(agentPage, desk.agent);
    await agentPage.getByRole('tab', { name: /^Waiting/ }).click();
    const row = agentPage
      .getByRole('list', { name: 'Waiting tickets', exact: true })
      .getByRole('listitem')
      .filter({ hasText: CUSTOMER.name });
    await row.getByText(CUSTOMER.name).click();
    const peek = agentPage.getByRole('dialog', { name: `Conversation with ${CUSTOMER.name} (read-only)` });
    const sent = peek.getByRole('group', { name: 'Sent message' });
    const received = peek.getByRole('group', { name: 'Received message' });
    await expect(received).toHaveCount(4);
    for (const [index, text] of ['Oi', '7', '1', '1'].entries()) await expect(received.nth(index)).toContainText(text);
    await expect(sent).toHaveCount(4);
    for (const index of [0, 1]) {
      await expect(sent.nth(index)).toContainText('Internet');
      await expect(sent.nth(index)).toContainText('Telefone');
    }
    await expect(sent.nth(2)).toContainText('Qual o problema com a internet?');
    await expect(sent.nth(2)).toContainText('Sem sinal');
    await expect(sent.nth(2)).toContainText('Lenta demais');
    await expect(sent.nth(3)).toContainText('Um técnico vai te chamar.');
    await agentContext.close();
  });
});
