import { expect, type Page, test } from '@playwright/test';
import { openTicketsScreen } from './support/app';
import { CUSTOMER, customerWrites, openSandboxDesk } from './support/sandbox';

/** The tab's icon as an SVG text. */
const icon = (page: Page) =>
  page.locator('link[rel="icon"]').evaluate((link) => decodeURIComponent(link.getAttribute('href') ?? ''));

// The alert sound's notice is tried in SoundBlockedBanner.spec.tsx: headless Chromium lets audio
// play without a click whatever its autoplay flag, so it never shows here.
test('the tab shows the unread count in its title and icon, for an agent working in another tab', async ({
  page,
  request,
}) => {
  const desk = await openSandboxDesk(request);
  await openTicketsScreen(page, desk.agent);
  await expect(page).toHaveTitle('Atendo');
  expect(await icon(page)).not.toContain('</text>');

  await customerWrites(request, desk, 'Olá, preciso de ajuda');
  await expect(page).toHaveTitle('(1) Atendo');
  expect(await icon(page)).toContain('>1</text>');

  // Opened again, the tab says it at once.
  const again = await page.context().newPage();
  await again.goto('/tickets');
  await expect(again).toHaveTitle('(1) Atendo');

  // Accepted and read, the count leaves the title and the icon.
  await page.getByRole('tab', { name: /^Waiting/ }).click();
  await page
    .getByRole('list', { name: 'Waiting tickets', exact: true })
    .getByRole('listitem')
    .filter({ hasText: CUSTOMER.name })
    .getByRole('button', { name: 'Accept', exact: true })
    .click();
  await expect(page).toHaveTitle('Atendo');
  expect(await icon(page)).not.toContain('</text>');
});
