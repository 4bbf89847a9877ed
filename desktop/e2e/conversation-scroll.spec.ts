import { deflateSync } from 'node:zlib';
import { crc32 } from 'node:zlib';
import { expect, type Page, test } from '@playwright/test';
import { apiCall, signIn } from './support/app';
import { openSandboxDesk, type Ticket } from './support/sandbox';

/** A plain-coloured PNG of the given size: a customer's photo, as tall as the thumbnail allows. */
function png(width: number, height: number, [r, g, b]: [number, number, number]): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.alloc(1 + width * 3);
  for (let x = 0; x < width; x++) row.set([r, g, b], 1 + x * 3);
  const pixels = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** How far the conversation's newest message stands from being fully in view (0: it is). */
async function newestHiddenBy(page: Page): Promise<number> {
  return page.getByRole('log').evaluate((log) => {
    const rows = log.querySelectorAll('[data-message-id]');
    const newest = rows[rows.length - 1];
    if (!newest) return Number.POSITIVE_INFINITY;
    return Math.max(0, Math.round(newest.getBoundingClientRect().bottom - log.getBoundingClientRect().bottom));
  });
}

test.describe('opening a conversation', () => {
  test('shows its newest message, whatever pictures load after it opened', async ({ page, request }) => {
    test.setTimeout(180_000);
    const desk = await openSandboxDesk(request);
    const customers = Array.from({ length: 5 }, (_, i) => ({
      from: `55119777${String(Date.now() % 10_000).padStart(4, '0')}${i}`,
      name: `Cliente com fotos ${i + 1}`,
    }));
    const say = (customer: (typeof customers)[number], payload: object) =>
      apiCall(request, desk.adminToken, 'POST', `/sandbox/connections/${desk.whatsappId}/messages`, {
        ...customer,
        ...payload,
      });
    // Long threads, their last messages photos (each shown 260 px tall) and a last line of text.
    for (const [n, customer] of customers.entries()) {
      for (let i = 1; i <= 24; i++) await say(customer, { body: `Mensagem ${i} de ${customer.name}` });
      for (let i = 0; i < 4; i++) {
        const photo = png(640, 480, [40 * i, 120, 200 - 30 * n]);
        await say(customer, {
          media: { mimetype: 'image/png', filename: `foto-${i}.png`, base64: photo.toString('base64') },
        });
      }
      await say(customer, { body: `Última mensagem de ${customer.name}` });
    }
    const tickets: Ticket[] = [];
    for (const customer of customers) {
      await expect
        .poll(async () => {
          const found = await apiCall<{ tickets: Ticket[] }>(
            request,
            desk.adminToken,
            'GET',
            `/tickets?searchParam=${customer.from}&showAll=true&status=pending`,
          );
          return found.tickets[0]?.id ?? null;
        })
        .not.toBeNull();
      const found = await apiCall<{ tickets: Ticket[] }>(
        request,
        desk.adminToken,
        'GET',
        `/tickets?searchParam=${customer.from}&showAll=true&status=pending`,
      );
      const ticket = found.tickets[0];
      await apiCall(request, desk.adminToken, 'PUT', `/tickets/${ticket.id}`, {
        status: 'open',
        userId: desk.agent.id,
        queueId: desk.queue1.id,
      });
      tickets.push(ticket);
    }

    // Pictures arrive late and at once, as on a slow connection: after the list went to its end.
    await page.route(/\.png(\?.*)?$/, async (route) => {
      const response = await route.fetch();
      await new Promise((resolve) => setTimeout(resolve, 400 + Math.random() * 200));
      await route.fulfill({ response });
    });
    await signIn(page, desk.agent);
    for (const [n, ticket] of tickets.entries()) {
      await page.goto(`/tickets/${ticket.uuid}`);
      const log = page.getByRole('log');
      await expect(log.getByText(`Última mensagem de ${customers[n].name}`)).toBeAttached();
      // Every picture in view has loaded (and grown the list) before the check.
      await expect
        .poll(() =>
          log.locator('img').evaluateAll((images) => {
            const box = images[0]?.closest('[role="log"]')?.getBoundingClientRect();
            return images
              .filter((image) => box && image.getBoundingClientRect().bottom > box.top)
              .every((image) => (image as HTMLImageElement).complete && (image as HTMLImageElement).naturalHeight > 0);
          }),
        )
        .toBe(true);
      await page.waitForTimeout(300);
      expect(await newestHiddenBy(page), `ticket ${ticket.id}: the newest message is in view`).toBe(0);
      await expect(log.getByText(`Última mensagem de ${customers[n].name}`)).toBeInViewport();
    }
  });
});
