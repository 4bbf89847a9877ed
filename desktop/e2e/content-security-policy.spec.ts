import { expect, type Page, test } from '@playwright/test';
import { sideMenu, signIn } from './support/app';
import { CUSTOMER, customerSendsFile, openSandboxDesk } from './support/sandbox';

/**
 * The server sends the app's page with a strict CSP (scripts from the app's own files only, no
 * framing), and the desktop app its app:// pages with the same policy opened to its server (the
 * second-origin run plays that). The app must work under it: every violation the page reports
 * fails the test.
 */

// A 1×1 PNG and an Ogg Opus header: a photo and a voice note as far as their bytes go.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const OPUS = Buffer.concat([Buffer.from('OggS'), Buffer.alloc(24), Buffer.from('OpusHead'), Buffer.alloc(200, 7)]);

/** Records every CSP violation the page sees, from its first script on, and what the console says of them. */
async function watchViolations(page: Page): Promise<() => Promise<string[]>> {
  const console: string[] = [];
  page.on('console', (message) => {
    if (/content security policy/i.test(message.text())) console.push(message.text());
  });
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __violations: string[] }).__violations = seen;
    document.addEventListener('securitypolicyviolation', (event) =>
      seen.push(`${event.effectiveDirective} blocked ${event.blockedURI || 'inline'}`),
    );
  });
  return async () => [
    ...(await page.evaluate(() => (window as unknown as { __violations: string[] }).__violations)),
    ...console,
  ];
}

test.describe('content security policy', () => {
  test("signing in and working a ticket with media and emoji breaks no rule of the page's CSP", async ({
    page,
    request,
  }) => {
    const desk = await openSandboxDesk(request, { agentAllTicket: 'enabled' });
    const files = [
      { mimetype: 'image/png', filename: 'foto.png', content: PNG },
      { mimetype: 'audio/ogg', filename: 'voz.ogg', content: OPUS },
      { mimetype: 'text/html', filename: 'boleto.html', content: Buffer.from('<script>alert(1)</script>') },
    ];
    for (const file of files) await customerSendsFile(request, desk, file);
    const violations = await watchViolations(page);
    const voiceLoaded = page.waitForResponse((res) => res.url().endsWith('/voz.ogg') && res.ok());

    const response = await page.goto('/login');
    expect(response?.headers()['content-security-policy']).toContain("script-src 'self';");
    expect(response?.headers()['x-frame-options']).toBe('DENY');
    await signIn(page, desk.agent);
    await sideMenu(page).getByRole('link', { name: 'Tickets', exact: true }).click();
    await page.getByRole('tab', { name: /^Waiting/ }).click();
    await page
      .getByRole('list', { name: 'Waiting tickets', exact: true })
      .getByRole('listitem')
      .filter({ hasText: CUSTOMER.name })
      .getByRole('button', { name: 'Accept', exact: true })
      .click();

    // The photo and the voice note load from /public under the page's img-src and media-src.
    const photo = page.getByRole('log', { name: 'Messages' }).getByRole('img', { name: 'Photo', exact: true });
    await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1);
    await expect(page.getByLabel('Audio', { exact: true })).toBeVisible();
    await voiceLoaded;

    // emoji-mart's picker: a custom element with styles of its own in its shadow root.
    await page.getByRole('button', { name: 'Emoji', exact: true }).click();
    await expect(page.locator('em-emoji-picker')).toBeVisible();
    await expect
      .poll(() => page.locator('em-emoji-picker').evaluate((picker) => picker.shadowRoot?.childElementCount ?? 0))
      .toBeGreaterThan(0);

    // The customer's HTML file is a download, never a page on the app's origin.
    const href = await page.getByRole('link', { name: 'boleto.html' }).getAttribute('href');
    const tab = await page.context().newPage();
    const download = tab.waitForEvent('download');
    await tab.goto(href!).catch(() => undefined);
    expect((await download).suggestedFilename()).toBe('boleto.html');

    expect(await violations()).toEqual([]);
  });
});
