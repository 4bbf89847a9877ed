import { DataSource } from 'typeorm';
import { MessageEntity } from '../src/modules/conversations/entities/message.entity.js';
import { TicketEntity } from '../src/modules/conversations/entities/ticket.entity.js';
import { settle } from './support/conversations.js';
import { ADMIN, adminOnPlan, signupCompany, startTestApp, type TestApp } from './support/test-app.js';

/** The external send API of COMPAT.md, sent through the sandbox network and counted there. */
let t: TestApp;
let superToken: string;
const LIMIT = 5;
beforeAll(async () => {
  t = await startTestApp({
    SANDBOX: 'true',
    SANDBOX_ACK_INTERVAL_MS: '50',
    EXTERNAL_API_LIMIT_PER_SECOND: String(LIMIT),
  });
  superToken = (await t.login(ADMIN.email, ADMIN.password)).token;
}, 60_000);
afterAll(() => t.close());

type Company = Awaited<ReturnType<typeof signupCompany>>;
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/** A connected sandbox connection of the company: its id and its send token. */
async function line(company: Company) {
  const created = (
    await t.request('POST', '/whatsapp', {
      token: company.token,
      body: { name: 'API line', provider: 'sandbox', isDefault: true },
    })
  ).body;
  expect((await t.request('POST', `/whatsappsession/${created.id}`, { token: company.token })).status).toBe(200);
  expect(
    (await t.request('POST', `/sandbox/connections/${created.id}/scan`, { token: company.token, body: {} })).status,
  ).toBe(200);
  return { id: created.id as number, token: created.token as string };
}

const send = (token: string, body: unknown, headers: Record<string, string> = {}) =>
  t.request('POST', '/api/messages/send', { body, headers: { authorization: `Bearer ${token}`, ...headers } });

function multipart(fields: Record<string, string>, files: { name: string; data: Buffer; type: string }[]) {
  const boundary = '----atendo-api';
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  for (const file of files) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="medias"; filename="${file.name}"\r\n` +
          `Content-Type: ${file.type}\r\n\r\n`,
      ),
      file.data,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(parts), type: `multipart/form-data; boundary=${boundary}` };
}

const deliveries = (company: Company) =>
  t
    .request('GET', '/sandbox/deliveries', { token: company.token })
    .then((r) => r.body as { messages: number; recipients: number; resent: number; repeated: unknown[] });

const db = () => t.app.get(DataSource);
const messagesTo = (whatsappId: number) =>
  db()
    .getRepository(MessageEntity)
    .find({ where: { whatsappId, fromMe: true }, order: { id: 'ASC' } });

describe('POST /api/messages/send', () => {
  it("sends the family's JSON to a number: 200 with their answer, into the contact's pending ticket, once on the network", async () => {
    const company = await signupCompany(t, 'Integra');
    const connection = await line(company);
    const res = await send(connection.token, { number: '+55 (11) 98765-4321', body: 'Seu pedido saiu para entrega' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ mensagem: 'Mensagem enviada' });
    const [message] = await messagesTo(connection.id);
    expect(message).toMatchObject({ body: 'Seu pedido saiu para entrega', companyId: company.companyId });
    const ticket = await db()
      .getRepository(TicketEntity)
      .findOneOrFail({ where: { id: message.ticketId }, relations: { contact: true } });
    expect(ticket).toMatchObject({ status: 'pending', whatsappId: connection.id });
    expect(ticket.contact?.number).toBe('5511987654321');
    // The agents see it like any message of the ticket.
    const thread = (await t.request('GET', `/messages/${ticket.id}`, { token: company.token })).body;
    expect(thread.messages.map((m: { body: string }) => m.body)).toEqual(['Seu pedido saiu para entrega']);
    await settle(300);
    expect(await deliveries(company)).toMatchObject({ messages: 1, recipients: 1, repeated: [] });

    // A second send to the same number lands in the same ticket; closeTicket closes it afterwards.
    await settle(1000);
    expect(
      (await send(connection.token, { number: '5511987654321', body: 'Entregue!', closeTicket: true })).status,
    ).toBe(200);
    const both = await messagesTo(connection.id);
    expect(both.map((m) => m.ticketId)).toEqual([ticket.id, ticket.id]);
    expect(await db().getRepository(TicketEntity).findOneByOrFail({ id: ticket.id })).toMatchObject({
      status: 'closed',
      openKey: null,
    });
  });

  it('sends files under medias, the text as the first caption, by multipart', async () => {
    const company = await signupCompany(t, 'Midia');
    const connection = await line(company);
    const form = multipart({ number: '5511912340000', body: 'Segue o comprovante' }, [
      { name: 'comprovante.png', data: PNG, type: 'image/png' },
      { name: 'nota.txt', data: Buffer.from('nota fiscal'), type: 'text/plain' },
    ]);
    const res = await send(connection.token, form.body, { 'content-type': form.type });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ mensagem: 'Mensagem enviada' });
    const sent = await messagesTo(connection.id);
    expect(sent.map((m) => [m.body, m.mediaType])).toEqual([
      ['Segue o comprovante', 'image'],
      ['nota.txt', 'application'],
    ]);
    expect(new Set(sent.map((m) => m.ticketId)).size).toBe(1);
    // Without files, multipart needs the text like JSON does.
    const empty = multipart({ number: '5511912340000' }, []);
    const refused = await send(connection.token, empty.body, { 'content-type': empty.type });
    expect(refused.status).toBe(400);
    expect(refused.body.fields).toEqual([{ field: 'body', message: 'validation.required' }]);
  });

  it('answers 401 to a missing or unknown token, and 403 to a company whose plan has no external API', async () => {
    expect(
      (await t.request('POST', '/api/messages/send', { body: { number: '5511987654321', body: 'x' } })).status,
    ).toBe(401);
    const unknown = await send('not-a-connection-token', { number: '5511987654321', body: 'Olá' });
    expect(unknown.status).toBe(401);
    expect(unknown.body).toEqual({ error: 'ERR_INVALID_TOKEN' });
    // A user's session token is not a send token either.
    const company = await signupCompany(t, 'Sessao');
    expect((await send(company.token, { number: '5511987654321', body: 'Olá' })).status).toBe(401);

    const admin = await adminOnPlan(t, superToken, 'Sem API', { useExternalApi: false });
    const connection = await line({ ...company, token: admin.token });
    const denied = await send(connection.token, { number: '5511987654321', body: 'Olá' });
    expect(denied.status).toBe(403);
    expect(denied.body).toEqual({ error: 'ERR_PLAN_FEATURE_DISABLED' });
  });

  it('names the field of bad input, and the number that is not on WhatsApp', async () => {
    const company = await signupCompany(t, 'Valida');
    const connection = await line(company);
    const cases: [unknown, { field: string; message: string }[]][] = [
      [{ body: 'Olá' }, [{ field: 'number', message: 'validation.required' }]],
      [{ number: '5511987654321' }, [{ field: 'body', message: 'validation.required' }]],
      [{ number: 'abc', body: 'Olá' }, [{ field: 'number', message: 'validation.phone' }]],
      [
        { number: '5511987654321', body: 'Olá', closeTicket: 'talvez' },
        [{ field: 'closeTicket', message: 'validation.invalid' }],
      ],
    ];
    for (const [body, fields] of cases) {
      const res = await send(connection.token, body);
      expect([res.status, res.body]).toEqual([400, { error: 'ERR_VALIDATION', fields }]);
      await settle(250);
    }
    // The family's empty values: closeTicket false or "false" is just "leave it open".
    expect((await send(connection.token, { number: '5511987654321', body: 'Olá', closeTicket: 'false' })).status).toBe(
      200,
    );
    await t.request('PUT', '/sandbox/numbers/5511900001111', { token: company.token, body: { onWhatsApp: false } });
    const offline = await send(connection.token, { number: '5511900001111', body: 'Olá' });
    expect(offline.status).toBe(400);
    expect(offline.body).toEqual({ error: 'ERR_WAPP_INVALID_CONTACT', number: '5511900001111' });
    expect(await messagesTo(connection.id)).toHaveLength(1);
  });

  it('sends once per Idempotency-Key: a retry answers without sending, the same key for another text is refused', async () => {
    const company = await signupCompany(t, 'Idempotente');
    const connection = await line(company);
    const headers = { 'idempotency-key': 'pedido-4521-aviso' };
    const body = { number: '5511987650042', body: 'Seu boleto vence amanhã' };
    const [first, racing] = await Promise.all([
      send(connection.token, body, headers),
      send(connection.token, body, headers),
    ]);
    expect([first.status, racing.status]).toEqual([200, 200]);
    const retry = await send(connection.token, body, headers);
    expect([retry.status, retry.body]).toEqual([200, { mensagem: 'Mensagem enviada' }]);
    expect(await messagesTo(connection.id)).toHaveLength(1);
    await settle(300);
    const network = await deliveries(company);
    // The racing request may reach the network under the same id: WhatsApp shows it once.
    expect(network).toMatchObject({ messages: 1, recipients: 1, repeated: [] });

    await settle(1000);
    const other = await send(connection.token, { ...body, body: 'Outro texto' }, headers);
    expect([other.status, other.body]).toEqual([409, { error: 'ERR_IDEMPOTENCY_KEY_REUSED' }]);
    const bad = await send(connection.token, body, { 'idempotency-key': 'x'.repeat(300) });
    expect(bad.body.fields).toEqual([{ field: 'Idempotency-Key', message: 'validation.invalid' }]);
  });

  it(`takes at most ${LIMIT} sends a second per token, then 429 with Retry-After`, async () => {
    const company = await signupCompany(t, 'Limite');
    const connection = await line(company);
    await settle(1100);
    const answers = await Promise.all(
      Array.from({ length: LIMIT * 2 }, () => send(connection.token, { number: '5511987654321' })),
    );
    const limited = answers.filter((a) => a.status === 429);
    expect(limited.length).toBeGreaterThanOrEqual(LIMIT);
    expect(limited[0].body).toEqual({ error: 'ERR_TOO_MANY_REQUESTS' });
    expect(Number(limited[0].headers['retry-after'])).toBeGreaterThanOrEqual(1);
    // Another connection's token has its own budget.
    const other = await line(await signupCompany(t, 'Outra'));
    expect((await send(other.token, { number: '5511987654321', body: 'Olá' })).status).toBe(200);
  });
});
