import { expect, test } from '@playwright/test';
import { sideMenu, signIn } from './support/app';
import { CUSTOMER, customerWrites, openSandboxDesk } from './support/sandbox';

/** WhatsApp's formatting in the thread and the ticket list, and the preview of a deleted message. */

test('formatting shows styled in the bubble and the preview; a deleted last message leaves the preview', async ({
  page,
  request,
}) => {
  const desk = await openSandboxDesk(request);
  await signIn(page, desk.agent);
  await sideMenu(page).getByRole('link', { name: 'Tickets', exact: true }).click();
  await page.getByRole('tab', { name: /^Waiting/ }).click();

  await customerWrites(
    request,
    desk,
    '*Bom dia* _preciso_ de ~ajuda~ com `pedido 12` <b>sem HTML</b> https://loja.example/a_b_c ```linha 1\nlinha 2```',
  );
  const waitingRow = page
    .getByRole('list', { name: 'Waiting tickets', exact: true })
    .getByRole('listitem')
    .filter({ hasText: CUSTOMER.name });
  // The preview: styled, on one line, without the markers.
  await expect(waitingRow.locator('strong')).toHaveText('Bom dia');
  await expect(waitingRow.locator('em')).toHaveText('preciso');
  await expect(waitingRow.locator('s')).toHaveText('ajuda');
  await expect(waitingRow).toContainText('Bom dia preciso de ajuda com pedido 12 <b>sem HTML</b>');
  await expect(waitingRow).not.toContainText('*');
  const preview = waitingRow.locator('code').last();
  expect(await preview.evaluate((el) => getComputedStyle(el).display)).toBe('inline');

  await waitingRow.getByRole('button', { name: 'Accept', exact: true }).click();
  const log = page.getByRole('log', { name: 'Messages' });
  const received = log.getByRole('group', { name: 'Received message' }).filter({ hasText: 'Bom dia' });
  await expect(received.locator('strong')).toHaveText('Bom dia');
  await expect(received.locator('em')).toHaveText('preciso');
  await expect(received.locator('s')).toHaveText('ajuda');
  await expect(received.locator('code')).toHaveText(['pedido 12', 'linha 1\nlinha 2']);
  await expect(received).toContainText('<b>sem HTML</b> https://loja.example/a_b_c');
  await expect(received.locator('b')).toHaveCount(0);
  expect(
    await received
      .locator('code')
      .last()
      .evaluate((el) => getComputedStyle(el).display),
  ).toBe('block');

  // The agent's answer is the ticket's last message; deleting it takes it off the preview.
  const composer = page.getByRole('textbox', { name: 'Message' });
  await composer.fill('Um momento, vou _verificar_');
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  const sent = log.getByRole('group', { name: 'Sent message' }).filter({ hasText: 'Um momento' });
  await expect(sent.locator('em')).toHaveText('verificar');
  const progressRow = page
    .getByRole('list', { name: 'Tickets in progress', exact: true })
    .getByRole('listitem')
    .filter({ hasText: CUSTOMER.name });
  await page.getByRole('tab', { name: /^In progress/ }).click();
  await expect(progressRow).toContainText('Um momento, vou verificar');

  // Once deleted its text is gone: the bubble is found by its message id from then on.
  const sentId = await log
    .locator('[data-message-id]')
    .filter({ hasText: 'Um momento' })
    .getAttribute('data-message-id');
  const deleted = log.locator(`[data-message-id="${sentId}"]`);
  await sent.getByRole('button', { name: 'Message options' }).click();
  await page.getByRole('menuitem', { name: 'Delete', exact: true }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete this message?' });
  await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(deleted).toContainText('This message was deleted');
  await expect(progressRow.getByTestId('preview-deleted')).toHaveText('This message was deleted');
  await expect(progressRow).not.toContainText('Um momento');

  // After a reload the server's ticket says the same.
  await page.reload();
  await page.getByRole('tab', { name: /^In progress/ }).click();
  await expect(progressRow.getByTestId('preview-deleted')).toBeVisible();
});
