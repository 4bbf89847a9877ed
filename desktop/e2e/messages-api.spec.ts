import { expect, test } from '@playwright/test';
import { apiCall, signIn, toast } from './support/app';
import { openSandboxDesk } from './support/sandbox';

/**
 * The Messages API page: its documentation and test forms send exactly as an integrator does (a
 * connection's token, not the user's session), through the sandbox line into the contact's ticket.
 */

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

test('the Messages API page documents the call and its forms send a text and a file into the ticket', async ({
  page,
  request,
}) => {
  const desk = await openSandboxDesk(request);
  const { token } = await apiCall<{ token: string }>(request, desk.adminToken, 'GET', `/whatsapp/${desk.whatsappId}`);
  const number = '5511976543210';

  await signIn(page, desk.agent);
  await page.evaluate(() => window.localStorage.setItem('i18nextLng', 'pt'));
  await page.goto('/messages-api');
  await expect(page.getByRole('heading', { name: 'API de mensagens', level: 1 })).toBeVisible();
  await expect(page.getByTestId('json-example')).toContainText('/api/messages/send');
  await expect(page.getByTestId('json-example')).toContainText('Authorization: Bearer <token>');

  const text = page.getByRole('form', { name: 'Testar envio de texto' });
  // Everything is checked before anything goes out.
  await text.getByRole('button', { name: 'Enviar texto' }).click();
  await expect(text.getByText('Obrigatório')).toHaveCount(3);
  // A token that is no connection's is the form's error, not the session's.
  await text.getByRole('textbox', { name: /^Token da conexão/ }).fill('not-a-token');
  await text.getByRole('textbox', { name: /^Número/ }).fill(number);
  await text.getByRole('textbox', { name: /^Mensagem/ }).fill('Seu pedido saiu para entrega');
  await text.getByRole('button', { name: 'Enviar texto' }).click();
  await expect(text.getByText('Nenhuma conexão tem este token.')).toBeVisible();
  await expect(page).toHaveURL(/\/messages-api$/);

  await text.getByRole('textbox', { name: /^Token da conexão/ }).fill(token);
  await text.getByRole('button', { name: 'Enviar texto' }).click();
  await expect(toast(page, 'Mensagem enviada')).toBeVisible();
  // Ready for the next test: the token stays, the message starts over.
  await expect(text.getByRole('textbox', { name: /^Mensagem/ })).toHaveValue('');
  await expect(text.getByRole('textbox', { name: /^Token da conexão/ })).toHaveValue(token);

  const media = page.getByRole('form', { name: 'Testar envio de arquivo' });
  await media.getByRole('textbox', { name: /^Token da conexão/ }).fill(token);
  await media.getByRole('textbox', { name: /^Número/ }).fill(number);
  await media.getByRole('textbox', { name: /^Legenda/ }).fill('Segue o comprovante');
  await media
    .locator('input[type="file"]')
    .setInputFiles({ name: 'comprovante.png', mimeType: 'image/png', buffer: PNG });
  await media.getByRole('button', { name: 'Enviar arquivo' }).click();
  // Sent: the form starts over (the text form's toast may still be on screen).
  await expect(media.getByRole('textbox', { name: /^Legenda/ })).toHaveValue('');
  await expect(toast(page, 'Mensagem enviada')).toBeVisible();

  // Both landed in the contact's ticket, like any message an agent sends.
  const tickets = await apiCall<{ tickets: { id: number; contact: { number: string } }[] }>(
    request,
    desk.adminToken,
    'GET',
    '/tickets?status=pending&showAll=true',
  );
  const ticket = tickets.tickets.find((tk) => tk.contact.number === number);
  expect(ticket).toBeDefined();
  const thread = await apiCall<{ messages: { body: string; mediaType: string; fromMe: boolean }[] }>(
    request,
    desk.adminToken,
    'GET',
    `/messages/${ticket!.id}`,
  );
  expect(thread.messages.map((m) => [m.body, m.mediaType, m.fromMe])).toEqual([
    ['Seu pedido saiu para entrega', 'chat', true],
    ['Segue o comprovante', 'image', true],
  ]);
});

test('the Messages API page fits a phone: nothing wider than the screen', async ({ page, request }) => {
  const desk = await openSandboxDesk(request);
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, desk.agent);
  await page.goto('/messages-api');
  await expect(page.getByRole('heading', { name: 'Messages API', level: 1 })).toBeVisible();
  await expect(page.getByRole('form', { name: 'Try a file' })).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});
