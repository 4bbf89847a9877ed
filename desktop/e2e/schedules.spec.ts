import { expect, type Locator, type Page, test } from '@playwright/test';
import type { Schedule, SchedulesPage } from '@atendo/shared';
import {
  apiCall,
  apiSignIn,
  formatDate,
  openTicketsScreen,
  pageToken,
  signIn,
  signupCompany,
  toast,
  trackSocket,
  unique,
} from './support/app';
import { CUSTOMER, customerWrites, openSandboxDesk } from './support/sandbox';

/**
 * Scheduled messages on the real dispatcher: scheduled from a ticket in the browser, shown on the
 * calendar, sent by the sweep (every 2 s) through the sandbox line into the ticket, live.
 */

/** HH:mm in the local time zone, as the schedule dialog takes times (browser and runner share it). */
function formatTime(at: Date): string {
  return `${String(at.getHours()).padStart(2, '0')}:${String(at.getMinutes()).padStart(2, '0')}`;
}

/** The calendar's event of a contact (react-big-calendar's own element). */
function calendarEvent(page: Page, name: string): Locator {
  return page.locator('.rbc-event').filter({ hasText: name });
}

/** The month view's text of an event, whose tooltip reads "time · name · status". */
const eventTooltip = (event: Locator) => event.locator('.rbc-event-content');

/** The legend's swatch of a status: the colours the calendar paints that status's events in. */
function legendSwatch(page: Page, legend: string, status: string): Locator {
  return page.getByRole('list', { name: legend }).getByRole('listitem').filter({ hasText: status }).locator('span');
}

const backgroundOf = (element: Locator) => element.evaluate((el) => getComputedStyle(el).backgroundColor);

/** Switches the signed-in page to Portuguese, the product's main language, and waits for live events again. */
async function inPortuguese(page: Page): Promise<void> {
  const socket = trackSocket(page);
  await page.evaluate(() => window.localStorage.setItem('i18nextLng', 'pt'));
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'pt');
  await expect.poll(() => socket.ready).toBe(true);
}

test.describe('scheduled messages', () => {
  test('an agent schedules a message from a ticket, sees it on the calendar turn Enviada live and lands in the ticket', async ({
    page,
    request,
  }) => {
    const desk = await openSandboxDesk(request);
    await openTicketsScreen(page, desk.agent);
    await customerWrites(request, desk, 'Podem me lembrar do pagamento amanhã?');
    await page.getByRole('tab', { name: /^Waiting/ }).click();
    await page
      .getByRole('list', { name: 'Waiting tickets', exact: true })
      .getByRole('listitem')
      .filter({ hasText: CUSTOMER.name })
      .getByRole('button', { name: 'Accept', exact: true })
      .click();
    await expect(page).toHaveURL(/\/tickets\/[0-9a-f-]{36}$/);
    const uuid = page.url().split('/').pop() as string;
    await inPortuguese(page);

    // The ticket header's calendar button opens the dialog for the ticket's contact.
    await page.getByRole('button', { name: 'Agendar mensagem', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Agendar mensagem' });
    await expect(dialog.getByRole('combobox', { name: /^Contato/ })).toHaveValue(CUSTOMER.name);

    // Too short a message is refused in the user's language, before anything is sent.
    const body = dialog.getByRole('textbox', { name: /^Mensagem/ });
    await body.fill('Oi');
    await dialog.getByRole('button', { name: 'Salvar', exact: true }).click();
    await expect(dialog.getByText('Muito curto! Pelo menos 5 caracteres.', { exact: true })).toBeVisible();

    // The dialog takes minutes: two minutes ahead, so the minute cannot turn into the past meanwhile.
    const message = `Olá, Maria! Lembrete do pagamento ${unique('ref')}.`;
    const at = new Date(Date.now() + 2 * 60_000);
    await body.fill(message);
    await dialog.getByRole('textbox', { name: /^Data do envio/ }).fill(formatDate(at.toISOString()));
    await dialog.getByRole('textbox', { name: /^Hora do envio/ }).fill(formatTime(at));
    await dialog.getByRole('button', { name: 'Salvar', exact: true }).click();
    await expect(toast(page, 'Agendamento salvo com sucesso!')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\/schedules$/);
    await expect(page.getByRole('heading', { name: 'Agendamentos', level: 1 })).toBeVisible();

    // On the calendar at its time, with the contact's name, pending.
    const event = calendarEvent(page, CUSTOMER.name);
    await expect(event).toBeVisible();
    await expect(event).toContainText(`${formatTime(at)} ${CUSTOMER.name}`);
    await expect(eventTooltip(event)).toHaveAttribute('title', `${formatTime(at)} · ${CUSTOMER.name} · Pendente`);
    const legend = 'Situações';
    expect(await backgroundOf(event)).toBe(await backgroundOf(legendSwatch(page, legend, 'Pendente')));

    // The server holds what the dialog chose: the ticket's contact and ticket, at that minute.
    const found = await apiCall<SchedulesPage>(
      request,
      desk.adminToken,
      'GET',
      `/schedules?searchParam=${encodeURIComponent(message)}`,
    );
    expect(found.schedules).toHaveLength(1);
    const schedule = found.schedules[0];
    expect(schedule).toMatchObject({ body: message, status: 'PENDENTE', ticket: { uuid } });
    expect(new Date(schedule.sendAt).getTime()).toBe(new Date(at).setSeconds(0, 0));

    // Not to wait for the minute: the time moves to a few seconds from now (the dialog cannot pick
    // seconds). The dispatcher sweeps every 2 s; the page follows the statuses live.
    await apiCall(request, desk.adminToken, 'PUT', `/schedules/${schedule.id}`, {
      body: schedule.body,
      contactId: schedule.contactId,
      ticketId: schedule.ticketId,
      whatsappId: schedule.whatsappId,
      sendAt: new Date(Date.now() + 3_000).toISOString(),
    });
    await expect(eventTooltip(event)).toHaveAttribute('title', new RegExp(` · ${CUSTOMER.name} · Enviada$`), {
      timeout: 20_000,
    });
    expect(await backgroundOf(event)).toBe(await backgroundOf(legendSwatch(page, legend, 'Enviada')));
    expect(await backgroundOf(event)).not.toBe(await backgroundOf(legendSwatch(page, legend, 'Pendente')));

    // Opened once sent, it can only be read.
    await event.click();
    const sent = page.getByRole('dialog', { name: 'Mensagem agendada · Enviada' });
    await expect(sent).toContainText(
      'Esta mensagem já foi enviada ou está sendo enviada e não pode mais ser alterada.',
    );
    await expect(sent.getByRole('textbox', { name: /^Mensagem/ })).toHaveValue(message);
    await expect(sent.getByRole('button', { name: 'Salvar', exact: true })).toHaveCount(0);
    await sent.getByRole('button', { name: 'Fechar', exact: true }).click();
    await expect(sent).toBeHidden();

    // The message is in the ticket's conversation, sent.
    await page.goto(`/tickets/${uuid}`);
    await expect(
      page
        .getByRole('log', { name: 'Mensagens' })
        .getByRole('group', { name: 'Mensagem enviada' })
        .filter({ hasText: message }),
    ).toBeVisible();
    const after = await apiCall<Schedule>(request, desk.adminToken, 'GET', `/schedules/${schedule.id}`);
    expect(after).toMatchObject({ status: 'ENVIADA', error: null });
    expect(after.sentAt).not.toBeNull();
  });

  test('/schedules?contactId=N opens a new schedule for that contact, and the address forgets it once saved', async ({
    page,
    request,
  }) => {
    const company = await signupCompany(request, 'Agenda');
    const token = await apiSignIn(request, company);
    const name = unique('Joana Prado');
    // A schedule goes out on a connection: without a ticket's, on the company's default one.
    await apiCall(request, token, 'POST', '/whatsapp', { name: 'Sandbox line', provider: 'sandbox', isDefault: true });
    const contact = await apiCall<{ id: number }>(request, token, 'POST', '/contacts', {
      name,
      number: '5511987659876',
    });

    await signIn(page, company);
    await page.evaluate(() => window.localStorage.setItem('i18nextLng', 'pt'));
    await page.goto(`/schedules?contactId=${contact.id}`);
    const dialog = page.getByRole('dialog', { name: 'Agendar mensagem' });
    await expect(dialog.getByRole('combobox', { name: /^Contato/ })).toHaveValue(name);

    const message = 'Sua consulta está confirmada para amanhã às 9h.';
    await dialog.getByRole('textbox', { name: /^Mensagem/ }).fill(message);
    await dialog.getByRole('button', { name: 'Salvar', exact: true }).click();
    await expect(toast(page, 'Agendamento salvo com sucesso!')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\/schedules$/);

    // Saved for that contact, at the dialog's default time (an hour ahead); a reload opens nothing.
    const saved = await apiCall<SchedulesPage>(
      request,
      await pageToken(page),
      'GET',
      `/schedules?contactId=${contact.id}`,
    );
    expect(saved.schedules).toHaveLength(1);
    expect(saved.schedules[0]).toMatchObject({ contactId: contact.id, body: message, status: 'PENDENTE' });
    const ahead = new Date(saved.schedules[0].sendAt).getTime() - Date.now();
    expect(ahead).toBeGreaterThan(55 * 60_000);
    expect(ahead).toBeLessThan(61 * 60_000);
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Agendamentos', level: 1 })).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });
  test('a busy day of the month shows the events that fit, whole, and "+N mais" for the rest, which opens the day', async ({
    page,
    request,
  }) => {
    await page.setViewportSize({ width: 1400, height: 900 });
    const company = await signupCompany(request, 'AgendaCheia');
    const token = await apiSignIn(request, company);
    await apiCall(request, token, 'POST', '/whatsapp', { name: 'Sandbox line', provider: 'sandbox', isDefault: true });
    const name = unique('Rita Lopes');
    const contact = await apiCall<{ id: number }>(request, token, 'POST', '/contacts', {
      name,
      number: '5511987651234',
    });
    // Six on one day two days ahead: within the month grid whatever today is.
    const day = new Date();
    day.setDate(day.getDate() + 2);
    for (let i = 0; i < 6; i++) {
      const at = new Date(day);
      at.setHours(9 + i, 0, 0, 0);
      await apiCall(request, token, 'POST', '/schedules', {
        body: `Lembrete número ${i + 1}`,
        contactId: contact.id,
        sendAt: at.toISOString(),
      });
    }

    await signIn(page, company);
    await page.evaluate(() => window.localStorage.setItem('i18nextLng', 'pt'));
    await page.goto('/schedules');
    const month = page.locator('.rbc-month-view');
    await expect(month).toBeVisible();
    const shown = month.locator('.rbc-event').filter({ hasText: name });
    const more = month.locator('.rbc-show-more');
    await expect(more).toHaveCount(1);
    await expect(shown.first()).toBeVisible();
    const count = await shown.count();
    expect(count).toBeGreaterThan(0);
    await expect(more).toHaveText(`+${6 - count} mais`);
    // Each event shown is whole: inside its week's row, none cut by the next week.
    const row = month.locator('.rbc-month-row').filter({ has: page.locator('.rbc-event').filter({ hasText: name }) });
    const rowBox = (await row.boundingBox())!;
    for (let i = 0; i < count; i++) {
      const box = (await shown.nth(i).boundingBox())!;
      expect(box.y + box.height).toBeLessThanOrEqual(rowBox.y + rowBox.height + 0.5);
    }
    const moreBox = (await more.boundingBox())!;
    expect(moreBox.y + moreBox.height).toBeLessThanOrEqual(rowBox.y + rowBox.height + 0.5);

    await more.click();
    await expect(page.locator('.rbc-time-view .rbc-event').filter({ hasText: name })).toHaveCount(6);
  });
});
