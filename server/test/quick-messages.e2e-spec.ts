import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { DataSource } from 'typeorm';
import { ContactEntity } from '../src/modules/conversations/entities/contact.entity.js';
import { TicketEntity } from '../src/modules/conversations/entities/ticket.entity.js';
import {
  collect,
  connected,
  conversationApp,
  type ConversationCompany,
  inbound,
  type RecordingPort,
  settle,
  type SignedUpCompany,
  sinkOf,
} from './support/conversations.js';
import { nextEvent, type TestApp } from './support/test-app.js';

let t: TestApp, port: RecordingPort, co: ConversationCompany, other: SignedUpCompany;

beforeAll(async () => {
  ({ t, port, co, other } = await conversationApp('Quick', 'Elsewhere'));
}, 60_000);
afterAll(() => t.close());

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n');

const create = (token: string, body: Record<string, unknown>) => t.request('POST', '/quick-messages', { token, body });

/** A multipart body with one file under `file` and the `typeArch` the existing clients add. */
function upload(id: number, token: string, filename: string, data: Buffer) {
  const boundary = '----atendo-quick';
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="typeArch"\r\n\r\nquickMessage\r\n`),
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return t.request('POST', `/quick-messages/${id}/media-upload`, {
    token,
    body: payload,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  });
}

/** An open ticket of the seller's: a customer writes to the Sales line, the seller accepts. */
async function openTicket(number: string): Promise<number> {
  await sinkOf(t).message(inbound(co.companyId, co.salesLine, { number }, 'oi'));
  const db = t.app.get(DataSource);
  const contact = await db.getRepository(ContactEntity).findOneByOrFail({ companyId: co.companyId, number });
  const ticket = await db.getRepository(TicketEntity).findOneByOrFail({ contactId: contact.id });
  await t.request('PUT', `/tickets/${ticket.id}`, { token: co.seller.token, body: { status: 'open' } });
  return ticket.id;
}

describe('quick messages', () => {
  it('pages the shared ones and the caller’s own by shortcode, searched; a personal one is its author’s alone', async () => {
    for (let i = 0; i < 21; i++) {
      expect((await create(co.admin.token, { shortcode: `p${String(i).padStart(2, '0')}`, geral: true })).status).toBe(
        201,
      );
    }
    const mine = await create(co.seller.token, { shortcode: 'pmine', message: 'Só minha' });
    expect(mine).toMatchObject({
      status: 201,
      body: { userId: co.seller.id, geral: false, isMedia: false, mediaPath: null, message: 'Só minha' },
    });

    // The existing clients add their own userId (and companyId): the token decides.
    const first = await t.request('GET', `/quick-messages?searchParam=p&pageNumber=1&userId=${co.admin.user.id}`, {
      token: co.seller.token,
    });
    expect(first.body).toMatchObject({ count: 22, hasMore: true });
    expect(first.body.records).toHaveLength(20);
    const second = await t.request('GET', '/quick-messages?searchParam=p&pageNumber=2', { token: co.seller.token });
    expect(second.body.records.map((q: { shortcode: string }) => q.shortcode)).toEqual(['p20', 'pmine']);
    expect(
      (await t.request('GET', '/quick-messages?searchParam=s%C3%B3%20minha', { token: co.seller.token })).body,
    ).toMatchObject({ count: 1, records: [{ id: mine.body.id }] });

    // Nobody else sees it, the admin included, anywhere.
    for (const token of [co.admin.token, co.helper.token]) {
      const page = await t.request('GET', '/quick-messages?searchParam=pmine', { token });
      expect(page.body).toMatchObject({ count: 0, records: [] });
      const list = await t.request('GET', '/quick-messages/list', { token });
      expect(list.body.map((q: { id: number }) => q.id)).not.toContain(mine.body.id);
      for (const [method, path] of [
        ['GET', `/quick-messages/${mine.body.id}`],
        ['PUT', `/quick-messages/${mine.body.id}`],
        ['DELETE', `/quick-messages/${mine.body.id}`],
        ['DELETE', `/quick-messages/${mine.body.id}/media-upload`],
      ]) {
        expect(await t.request(method, path, { token, body: { shortcode: 'x' } })).toMatchObject({
          status: 404,
          body: { error: 'ERR_NOT_FOUND' },
        });
      }
      expect((await upload(mine.body.id, token, 'a.png', PNG)).status).toBe(404);
    }
    const list = await t.request('GET', '/quick-messages/list', { token: co.seller.token });
    expect(list.body.map((q: { shortcode: string }) => q.shortcode)).toContain('pmine');
    expect((await t.request('GET', `/quick-messages/${mine.body.id}`, { token: co.seller.token })).body).toEqual(
      mine.body,
    );
  });

  it('lets the author and the admins change a shared one, not the other agents', async () => {
    const shared = await create(co.seller.token, { shortcode: 'horario', message: 'Das 8h às 18h', geral: true });
    const edit = { shortcode: 'horario', message: 'Das 9h às 18h', geral: true };
    expect(
      await t.request('PUT', `/quick-messages/${shared.body.id}`, { token: co.helper.token, body: edit }),
    ).toMatchObject({ status: 403, body: { error: 'ERR_NO_PERMISSION' } });
    expect((await t.request('DELETE', `/quick-messages/${shared.body.id}`, { token: co.helper.token })).status).toBe(
      403,
    );
    expect((await t.request('GET', `/quick-messages/${shared.body.id}`, { token: co.helper.token })).status).toBe(200);

    const byAdmin = await t.request('PUT', `/quick-messages/${shared.body.id}`, { token: co.admin.token, body: edit });
    expect(byAdmin).toMatchObject({ status: 200, body: { message: 'Das 9h às 18h', userId: co.seller.id } });
    const byAuthor = await t.request('PUT', `/quick-messages/${shared.body.id}`, {
      token: co.seller.token,
      body: { ...edit, message: 'Das 10h às 18h' },
    });
    expect(byAuthor.body.message).toBe('Das 10h às 18h');
    expect((await t.request('DELETE', `/quick-messages/${shared.body.id}`, { token: co.admin.token })).status).toBe(
      204,
    );
    expect((await t.request('GET', `/quick-messages/${shared.body.id}`, { token: co.seller.token })).status).toBe(404);
  });

  it('requires a shortcode, and answers another company’s quick message as missing', async () => {
    expect(await create(co.admin.token, { shortcode: '  ', message: 'x', geral: 'maybe' })).toMatchObject({
      status: 400,
      body: {
        error: 'ERR_VALIDATION',
        fields: expect.arrayContaining([
          { field: 'shortcode', message: 'validation.required' },
          { field: 'geral', message: 'validation.oneOf' },
        ]),
      },
    });
    const theirs = await create(other.token, { shortcode: 'deles', geral: true });
    for (const [method, path, body] of [
      ['GET', `/quick-messages/${theirs.body.id}`, undefined],
      ['PUT', `/quick-messages/${theirs.body.id}`, { shortcode: 'tomada' }],
      ['DELETE', `/quick-messages/${theirs.body.id}`, undefined],
      ['DELETE', `/quick-messages/${theirs.body.id}/media-upload`, undefined],
      ['POST', `/quick-messages/${theirs.body.id}/send`, { ticketId: 1 }],
    ] as const) {
      expect(await t.request(method, path, { token: co.admin.token, body })).toMatchObject({
        status: 404,
        body: { error: 'ERR_NOT_FOUND' },
      });
    }
    expect((await upload(theirs.body.id, co.admin.token, 'a.png', PNG)).status).toBe(404);
    expect((await t.request('GET', '/quick-messages?searchParam=deles', { token: co.admin.token })).body.count).toBe(0);
    expect((await t.request('GET', `/quick-messages/${theirs.body.id}`, { token: other.token })).status).toBe(200);
  });

  it('tells the company of shared ones and only the author of personal ones', async () => {
    const [author, colleague] = await Promise.all([
      connected(t.socket(co.seller.token)),
      connected(t.socket(co.helper.token)),
    ]);
    const event = `company-${co.companyId}-quickmessage`;
    const heardByColleague = collect(colleague, event);

    const toAuthor = nextEvent(author, event);
    const personal = await create(co.seller.token, { shortcode: 'privada', message: 'Só eu' });
    expect(await toAuthor).toEqual({ action: 'create', record: personal.body });

    const sharedToColleague = nextEvent(colleague, event);
    const shared = await t.request('PUT', `/quick-messages/${personal.body.id}`, {
      token: co.seller.token,
      body: { shortcode: 'privada', message: 'Agora de todos', geral: true },
    });
    expect(await sharedToColleague).toEqual({ action: 'update', record: shared.body });

    // Made personal again: it leaves the colleague's lists, and stays in the author's.
    const goneForColleague = nextEvent(colleague, event);
    const keptByAuthor = nextEvent(author, event);
    const back = await t.request('PUT', `/quick-messages/${personal.body.id}`, {
      token: co.seller.token,
      body: { shortcode: 'privada', message: 'Só eu de novo', geral: false },
    });
    expect(await goneForColleague).toEqual({ action: 'delete', id: personal.body.id });
    expect(await keptByAuthor).toEqual({ action: 'update', record: back.body });

    const deleted = nextEvent(author, event);
    await t.request('DELETE', `/quick-messages/${personal.body.id}`, { token: co.seller.token });
    expect(await deleted).toEqual({ action: 'delete', id: personal.body.id });
    await settle();
    // The colleague heard of it only while it was shared.
    expect(heardByColleague).toEqual([
      { action: 'update', record: shared.body },
      { action: 'delete', id: personal.body.id },
    ]);
  });

  it('keeps an attachment checked by its bytes and capped, replaces and removes it with its file', async () => {
    const quick = await create(co.seller.token, { shortcode: 'catalogo', message: 'Nosso catálogo', geral: true });
    const png = await upload(quick.body.id, co.seller.token, 'produto.png', PNG);
    expect(png).toMatchObject({ status: 201, body: { isMedia: true, mediaName: 'produto.png' } });
    expect(png.body.mediaPath).toMatch(new RegExp(`^/public/company${co.companyId}/[0-9a-f]{24}/produto\\.png$`));
    const served = await t.request('GET', png.body.mediaPath);
    expect(served.status).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');

    const pdf = await upload(quick.body.id, co.admin.token, 'catalogo.pdf', PDF);
    expect(pdf.body).toMatchObject({ mediaName: 'catalogo.pdf', isMedia: true });
    expect(existsSync(join(t.config.dataDir, decodeURIComponent(png.body.mediaPath)))).toBe(false);

    const refused = (field: string, message: string) => ({
      status: 400,
      body: { error: 'ERR_VALIDATION', fields: [expect.objectContaining({ field, message })] },
    });
    // Wrong content whatever the name, too large, no file at all.
    expect(
      await upload(
        quick.body.id,
        co.seller.token,
        'fake.png',
        Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
      ),
    ).toMatchObject(refused('file', 'validation.fileType'));
    expect(
      await upload(quick.body.id, co.seller.token, 'setup.png', Buffer.from('MZ\x90\x00\x03\x00\x00\x00\x04\x00')),
    ).toMatchObject(refused('file', 'validation.fileType'));
    const big = await upload(
      quick.body.id,
      co.seller.token,
      'big.png',
      Buffer.concat([PNG, Buffer.alloc(16 * 1024 * 1024)]),
    );
    expect(big).toMatchObject(refused('file', 'validation.fileTooLarge'));
    expect(big.body.fields[0].params).toEqual({ max: 16 });
    expect(await upload(quick.body.id, co.seller.token, 'empty.png', Buffer.alloc(0))).toMatchObject(
      refused('file', 'validation.required'),
    );
    expect(
      await t.request('POST', `/quick-messages/${quick.body.id}/media-upload`, { token: co.seller.token, body: {} }),
    ).toMatchObject(refused('file', 'validation.required'));
    expect((await upload(quick.body.id, co.helper.token, 'a.png', PNG)).status).toBe(403);
    expect(
      (await t.request('GET', `/quick-messages/${quick.body.id}`, { token: co.seller.token })).body.mediaPath,
    ).toBe(pdf.body.mediaPath);

    const detached = await t.request('DELETE', `/quick-messages/${quick.body.id}/media-upload`, {
      token: co.seller.token,
    });
    expect(detached.body).toMatchObject({ isMedia: false, mediaPath: null, mediaName: null });
    expect((await t.request('GET', pdf.body.mediaPath)).status).toBe(404);

    const again = await upload(quick.body.id, co.seller.token, 'again.png', PNG);
    await t.request('DELETE', `/quick-messages/${quick.body.id}`, { token: co.seller.token });
    expect((await t.request('GET', again.body.mediaPath)).status).toBe(404);
  });

  it('sends its attachment into a ticket from the stored file, as a media message of the caller', async () => {
    const ticketId = await openTicket('5511930000001');
    const quick = await create(co.seller.token, { shortcode: 'foto', message: 'Veja a foto', geral: true });
    await upload(quick.body.id, co.seller.token, 'vitrine.png', PNG);
    const before = port.sent.length;

    const sent = await t.request('POST', `/quick-messages/${quick.body.id}/send`, {
      token: co.seller.token,
      body: { ticketId, body: 'Veja a foto' },
    });
    expect(sent).toMatchObject({
      status: 201,
      body: { ticketId, body: 'Veja a foto', fromMe: true, mediaType: 'image', ack: 1 },
    });
    expect(port.sent).toHaveLength(before + 1);
    const out = port.sent[before].media!;
    expect(out).toMatchObject({ mimetype: 'image/png', filename: 'vitrine.png', caption: 'Veja a foto' });
    expect(Buffer.compare(out.data, PNG)).toBe(0);
    // The message has a copy of its own: the quick message's file may go, the message's stays.
    const quickMedia = (await t.request('GET', `/quick-messages/${quick.body.id}`, { token: co.seller.token })).body
      .mediaPath;
    expect(sent.body.mediaUrl).not.toBe(quickMedia);
    await t.request('DELETE', `/quick-messages/${quick.body.id}/media-upload`, { token: co.seller.token });
    const file = await t.request('GET', sent.body.mediaUrl);
    expect(file).toMatchObject({ status: 200, headers: { 'content-type': 'image/png' } });

    // Without an attachment there is nothing to send; another agent's personal one does not exist.
    expect(
      await t.request('POST', `/quick-messages/${quick.body.id}/send`, { token: co.seller.token, body: { ticketId } }),
    ).toMatchObject({ status: 400, body: { fields: [{ field: 'mediaPath', message: 'validation.required' }] } });
    const helpers = await create(co.helper.token, { shortcode: 'minha', message: 'x' });
    await upload(helpers.body.id, co.helper.token, 'h.png', PNG);
    expect(
      (
        await t.request('POST', `/quick-messages/${helpers.body.id}/send`, {
          token: co.seller.token,
          body: { ticketId },
        })
      ).status,
    ).toBe(404);
    // The ticket must be one the caller may write to, as for any message.
    expect(
      await t.request('POST', `/quick-messages/${helpers.body.id}/send`, {
        token: co.helper.token,
        body: { ticketId },
      }),
    ).toMatchObject({ status: 403, body: { error: 'ERR_NO_PERMISSION' } });
    expect(
      await t.request('POST', `/quick-messages/${helpers.body.id}/send`, { token: co.helper.token, body: {} }),
    ).toMatchObject({ status: 400, body: { fields: [{ field: 'ticketId', message: 'validation.required' }] } });
    expect(port.sent).toHaveLength(before + 1);
  });
});
