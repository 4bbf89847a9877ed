import { expect, test } from '@playwright/test';
import { signIn, signupCompany, toast, trackSocket } from './support/app';

test('a sandbox connection pairs from its QR dialog with "Simulate scan"', async ({ page, request }) => {
  const company = await signupCompany(request, 'Pairing');
  const socket = trackSocket(page);
  await signIn(page, company);
  await page.goto('/connections');
  await expect.poll(() => socket.ready).toBe(true);

  // A new connection goes straight to pairing: its QR dialog opens.
  await page.getByRole('button', { name: 'Add connection' }).click();
  const form = page.getByRole('dialog', { name: 'Add connection' });
  await form.getByRole('textbox', { name: 'Name' }).fill('Simulated line');
  await form.getByRole('combobox', { name: 'Provider' }).selectOption({ label: 'Sandbox (simulated network)' });
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Connection saved.')).toBeVisible();

  const dialog = page.getByRole('dialog', { name: 'Scan the QR code: Simulated line' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText("the server's simulated WhatsApp network, with no phone");
  await expect(dialog).not.toContainText('Open WhatsApp on your phone');
  const id = (await dialog.getByText(/^Connection id: \d+$/).textContent())?.match(/\d+/)?.[0];
  expect(id).toBeDefined();
  await expect(dialog.locator('code')).toHaveText(`npm run sandbox -- scan ${id}`);

  // The button waits for the session's QR (the sandbox refuses a scan before it), then pairs.
  const simulate = dialog.getByRole('button', { name: 'Simulate scan' });
  await expect(simulate).toBeEnabled();
  const scanned = page.waitForResponse((response) => response.url().endsWith(`/sandbox/connections/${id}/scan`));
  await simulate.click();
  expect((await scanned).status()).toBe(200);
  // The session update closes the dialog; the row is connected.
  await expect(dialog).toBeHidden();
  const row = page.getByRole('row').filter({ hasText: 'Simulated line' });
  await expect(row.getByText('Connected', { exact: true })).toBeVisible();
});
