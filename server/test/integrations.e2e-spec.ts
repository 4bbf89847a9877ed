import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DataSource } from 'typeorm';
import { QueueIntegrationEntity } from '../src/modules/integrations/entities/queue-integration.entity.js';
import { HANDOFF_MESSAGE } from '../src/modules/conversations/automation.js';
import { IntegrationBots } from '../src/modules/integrations/integration-bots.js';
import { TicketEntity } from '../src/modules/conversations/entities/ticket.entity.js';
import { TicketNoteEntity } from '../src/modules/conversations/entities/ticket-note.entity.js';
import { PasswordResetEntity } from '../src/modules/password-reset/entities/password-reset.entity.js';
import { QueueEntity } from '../src/modules/queues/entities/queue.entity.js';
import {
  conversationCompany,
  inbound,
  recordOutbound,
  settle,
  sinkOf,
  type ConversationCompany,
  type RecordingPort,
} from './support/conversations.js';
import { ADMIN, adminOnPlan, signupCompany, startTestApp, type TestApp } from './support/test-app.js';

/**
 * Queue integrations: their CRUD with sealed secrets, and the webhook runtime posting a queue's
 * events, signed, to a local receiver that stands in for the customer's n8n.
 */
let t: TestApp;
let port: RecordingPort;
let co: ConversationCompany;
let superToken: string;
let receiver: Server;
let receiverUrl: string;
/** What the receiver answers: a status and a JSON body, per request. */
let answer: (body: { event: string; message: { body: string } | null }) => { status: number; json?: unknown };
const received: { headers: IncomingHttpHeaders; raw: string; body: any }[] = [];

beforeAll(async () => {
  receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const body = JSON.parse(raw);
      received.push({ headers: req.headers, raw, body });
      const { status, json } = answer(body);
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(json ?? {}));
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/webhook/atendo`;
  // The receiver is on loopback: this app lets 127.0.0.1 through, and nothing else private.
  t = await startTestApp({ SANDBOX: 'true', WEBHOOK_RETRY_BASE_MS: '20', AI_TIMEOUT_MS: '400' }, undefined, {
    outboundHttp: { allowAddress: (address) => address === '127.0.0.1' },
  });
  port = recordOutbound(t);
  co = await conversationCompany(t, 'Integra');
  superToken = (await t.login(ADMIN.email, ADMIN.password)).token;
}, 60_000);
afterAll(async () => {
  await t.close();
  await new Promise((resolve) => receiver.close(resolve));
});
beforeEach(() => {
  received.length = 0;
  answer = () => ({ status: 200 });
});

const db = () => t.app.get(DataSource);

function integrationBody(overrides: Record<string, unknown> = {}) {
  return { type: 'webhook', name: 'Pedidos n8n', urlN8N: receiverUrl, ...overrides };
}

async function create(overrides: Record<string, unknown> = {}, token = co.admin.token) {
  const res = await t.request('POST', '/queueIntegration', { token, body: integrationBody(overrides) });
  if (res.status !== 201) throw new Error(`integration: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as { id: number; signingSecret: string; jsonContent: string; projectName: string };
}

async function waitFor<T>(what: () => T | undefined | false, ms = 3000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const found = what();
    if (found) return found;
    if (Date.now() > until) throw new Error('not within time');
    await settle(20);
  }
}

let customer = 0;
const nextNumber = () => `55119${String(5000000 + ++customer).padStart(8, '0')}`;
const says = (number: string, body: string) =>
  sinkOf(t).message(inbound(co.companyId, co.salesLine, { number, name: 'Cliente' }, body));

describe('/queueIntegration', () => {
  it('creates, lists, updates, rotates and deletes; secrets sealed, answered masked, the signing secret whole once', async () => {
    const created = await create();
    expect(created).toMatchObject({
      type: 'webhook',
      name: 'Pedidos n8n',
      projectName: 'Pedidos n8n',
      urlN8N: receiverUrl,
    });
    expect(created.signingSecret).toMatch(/^whsec_/);
    const read = (await t.request('GET', `/queueIntegration/${created.id}`, { token: co.admin.token })).body;
    expect(read.signingSecret).toMatch(/^•+/);
    expect(read.signingSecret).not.toBe(created.signingSecret);

    const credentials = JSON.stringify({
      type: 'service_account',
      client_email: 'bot@proj.iam.gserviceaccount.com',
      private_key: 'KEY-9876',
    });
    const dialogflow = await create({
      type: 'dialogflow',
      name: 'Triagem',
      projectName: 'proj-123',
      jsonContent: credentials,
      urlN8N: '',
    });
    expect(dialogflow.projectName).toBe('proj-123');
    expect(dialogflow.jsonContent).toMatch(/^•+/);
    const row = await db().getRepository(QueueIntegrationEntity).findOneByOrFail({ id: dialogflow.id });
    expect(row.jsonContent).not.toContain('private_key');
    // The mask sent back keeps the credentials.
    const renamed = await t.request('PUT', `/queueIntegration/${dialogflow.id}`, {
      token: co.admin.token,
      body: { type: 'dialogflow', name: 'Triagem 2', projectName: 'proj-123', jsonContent: dialogflow.jsonContent },
    });
    expect(renamed.status).toBe(200);
    expect((await db().getRepository(QueueIntegrationEntity).findOneByOrFail({ id: dialogflow.id })).jsonContent).toBe(
      row.jsonContent,
    );

    const page = (await t.request('GET', '/queueIntegration?searchParam=triagem', { token: co.admin.token })).body;
    expect(page).toMatchObject({
      count: 1,
      hasMore: false,
      queueIntegrations: [{ id: dialogflow.id, name: 'Triagem 2' }],
    });

    const rotated = await t.request('POST', `/queueIntegration/${created.id}/signingSecret`, { token: co.admin.token });
    expect(rotated.status).toBe(200);
    expect(rotated.body.signingSecret).toMatch(/^whsec_/);
    expect(rotated.body.signingSecret).not.toBe(created.signingSecret);

    await db().getRepository(QueueEntity).update({ id: co.support }, { integrationId: created.id });
    expect((await t.request('DELETE', `/queueIntegration/${created.id}`, { token: co.admin.token })).body).toEqual({
      message: 'Integration deleted',
    });
    expect((await db().getRepository(QueueEntity).findOneByOrFail({ id: co.support })).integrationId).toBeNull();
  });

  it('names the fields each type needs', async () => {
    const cases: [Record<string, unknown>, { field: string; message: string }[]][] = [
      [{ urlN8N: '' }, [{ field: 'urlN8N', message: 'validation.required' }]],
      [{ urlN8N: 'ftp://example.com' }, [{ field: 'urlN8N', message: 'validation.url' }]],
      [{ type: 'typebot', typebotSlug: '' }, [{ field: 'typebotSlug', message: 'validation.required' }]],
      [
        { type: 'dialogflow', urlN8N: '' },
        [
          { field: 'projectName', message: 'validation.required' },
          { field: 'jsonContent', message: 'validation.required' },
        ],
      ],
      [{ name: 'x' }, [{ field: 'name', message: 'validation.tooShort' }]],
    ];
    for (const [overrides, fields] of cases) {
      const res = await t.request('POST', '/queueIntegration', {
        token: co.admin.token,
        body: integrationBody(overrides),
      });
      expect([
        overrides,
        res.status,
        res.body.fields?.map((f: any) => ({ field: f.field, message: f.message })),
      ]).toEqual([overrides, 400, fields]);
    }
  });

  it("answers 404 for another company's integration; agents and plans without integrations are refused", async () => {
    const mine = await create();
    const other = await signupCompany(t, 'Alheia');
    for (const [method, path, body] of [
      ['GET', `/queueIntegration/${mine.id}`, undefined],
      ['PUT', `/queueIntegration/${mine.id}`, integrationBody()],
      ['POST', `/queueIntegration/${mine.id}/signingSecret`, undefined],
      ['DELETE', `/queueIntegration/${mine.id}`, undefined],
    ] as const) {
      const res = await t.request(method, path, { token: other.token, body });
      expect([method, path, res.status]).toEqual([method, path, 404]);
    }
    // Nor can another company give this one's integration to its queue.
    const theirQueue = await t.request('POST', '/queue', {
      token: other.token,
      body: { name: 'Deles', color: '#1273DE', integrationId: mine.id },
    });
    expect([theirQueue.status, theirQueue.body.fields]).toEqual([
      400,
      [{ field: 'integrationId', message: 'validation.oneOf' }],
    ]);
    expect((await t.request('GET', '/queueIntegration', { token: co.seller.token })).status).toBe(403);
    const without = await adminOnPlan(t, superToken, 'Sem integrações', { useIntegrations: false });
    expect((await t.request('GET', '/queueIntegration', { token: without.token })).status).toBe(403);
  });
});

describe('webhook runtime', () => {
  it("posts the queue's events signed, and sends the customer the reply in the answer", async () => {
    const integration = await create({ type: 'n8n', name: 'Fluxo n8n' });
    await db().getRepository(QueueEntity).update({ id: co.sales }, { integrationId: integration.id });
    answer = (body) =>
      body.event === 'message.created' && body.message?.body === 'Qual o status do pedido 42?'
        ? { status: 200, json: [{ reply: 'Seu pedido 42 saiu para entrega.' }] }
        : { status: 200 };
    const number = nextNumber();
    await says(number, 'Qual o status do pedido 42?');
    const reply = await waitFor(() => port.sent.find((s) => s.to.number === number));
    expect(reply.body).toBe('Seu pedido 42 saiu para entrega.');

    const customerEvent = received.find((r) => r.body.message?.body === 'Qual o status do pedido 42?')!;
    expect(customerEvent.body).toMatchObject({
      event: 'message.created',
      integration: { id: integration.id, name: 'Fluxo n8n', type: 'n8n' },
      ticket: { status: 'pending', queueId: co.sales, contact: { number } },
      message: { fromMe: false, mediaType: 'chat' },
    });
    const expected = `sha256=${createHmac('sha256', integration.signingSecret).update(customerEvent.raw).digest('hex')}`;
    expect(customerEvent.headers['x-atendo-signature']).toBe(expected);
    expect(customerEvent.headers['x-atendo-delivery']).toBe(customerEvent.body.deliveryId);
    // Our own reply is an event too, and a ticket's update (created) is one: neither is answered again.
    await waitFor(() => received.find((r) => r.body.message?.body === 'Seu pedido 42 saiu para entrega.'));
    expect(received.some((r) => r.body.event === 'ticket.updated')).toBe(true);
    await settle(200);
    expect(port.sent.filter((s) => s.to.number === number)).toHaveLength(1);
  });

  it('tries a failing webhook 5 times, then says so on the ticket; a private address is refused at once', async () => {
    const integration = await create();
    await db().getRepository(QueueEntity).update({ id: co.sales }, { integrationId: integration.id });
    // The queue's previous integration may be remembered for a second.
    await settle(1100);
    answer = () => ({ status: 500 });
    const number = nextNumber();
    await says(number, 'Olá');
    const notesOf = () =>
      db()
        .getRepository(TicketNoteEntity)
        .createQueryBuilder('n')
        .innerJoin('contacts', 'c', 'c.id = n.contactId')
        .where('c.number = :number', { number })
        .getMany();
    let notes: TicketNoteEntity[] = [];
    for (let i = 0; i < 150 && !notes.length; i++) {
      await settle(20);
      notes = await notesOf();
    }
    const [note] = notes;
    expect(note?.note).toMatch(
      /^Integração "Pedidos n8n": o webhook não recebeu um evento \(failed: answered 500\)\.$/,
    );
    // The ticket's own event may give up first: the message's fifth try can land a moment later.
    const messageTries = () => received.filter((r) => r.body.message?.body === 'Olá');
    await waitFor(() => messageTries().length >= 5);
    const tries = messageTries();
    expect(tries.map((r) => r.headers['x-atendo-attempt'])).toEqual(['1', '2', '3', '4', '5']);
    expect(new Set(tries.map((r) => r.body.deliveryId)).size).toBe(1);

    // 10.0.0.1 is private: refused before anything is sent, and not tried again.
    await db().getRepository(QueueIntegrationEntity).update({ id: integration.id }, { urlN8N: 'http://10.0.0.1/hook' });
    received.length = 0;
    const other = nextNumber();
    await says(other, 'Oi');
    await settle(400);
    expect(received).toHaveLength(0);
  });
});

const notesOf = (number: string) =>
  db()
    .getRepository(TicketNoteEntity)
    .createQueryBuilder('n')
    .innerJoin('contacts', 'c', 'c.id = n.contactId')
    .where('c.number = :number', { number })
    .getMany();
const ticketOf = (number: string) =>
  db()
    .getRepository(TicketEntity)
    .findOneOrFail({ where: { contact: { number } }, order: { id: 'DESC' } });
/** The customer writes; resolves once the bot's turn is over. */
const talk = async (number: string, body: string) => {
  await says(number, body);
  await t.app.get(IntegrationBots).idle();
  return port.sent.filter((s) => s.to.number === number).map((s) => s.body);
};

describe('typebot runtime', () => {
  async function typebot(overrides: Record<string, unknown> = {}) {
    const integration = await create({
      type: 'typebot',
      name: 'Triagem',
      urlN8N: `${t.url}/sandbox/typebot`,
      typebotSlug: 'loja-azul',
      typebotDelayMessage: 0,
      typebotKeywordFinish: '#sair',
      typebotKeywordRestart: '#reiniciar',
      typebotRestartMessage: 'Vamos recomeçar.',
      typebotUnknownMessage: 'Não entendi, escolha uma das opções.',
      ...overrides,
    });
    await db().getRepository(QueueEntity).update({ id: co.sales }, { integrationId: integration.id });
    await settle(1100); // the webhook relay's memory of the queue's previous integration
    return integration;
  }

  it('walks the customer through the bot: greeting, choices by number, an unknown answer, the end handing over', async () => {
    const integration = await typebot();
    const number = nextNumber();
    expect(await talk(number, 'oi')).toEqual([
      'Olá! Sou o assistente virtual do **loja-azul**. Como posso ajudar?',
      '*1* - Comprar\n*2* - Suporte\n*3* - Falar com atendente',
    ]);
    expect(await ticketOf(number)).toMatchObject({ useIntegration: true, integrationId: integration.id });
    // An answer the bot does not take: the unknown message, and the choices again.
    expect((await talk(number, 'talvez')).slice(2)).toEqual([
      'Não entendi, escolha uma das opções.',
      '*1* - Comprar\n*2* - Suporte\n*3* - Falar com atendente',
    ]);
    expect((await talk(number, '2')).slice(4)).toEqual(['Descreva o problema, por favor.']);
    expect((await talk(number, 'A tela não liga')).slice(5)).toEqual([
      'Obrigado! Anotei: _A tela não liga_. Uma pessoa da equipe continua daqui.',
    ]);
    const ended = await ticketOf(number);
    expect(ended).toMatchObject({ status: 'pending', queueId: co.sales, useIntegration: false, integrationId: null });
    expect(ended.integrationEndedAt).toBeInstanceOf(Date);
    expect((await notesOf(number)).map((n) => n.note)).toEqual([
      'Typebot "Triagem": o fluxo do Typebot terminou. A conversa aguarda um atendente.',
    ]);
    // Left to people: the bot stays quiet.
    expect(await talk(number, 'alô?')).toHaveLength(6);
  });

  it('restarts on its keyword, finishes on the other, and starts over after the session expires', async () => {
    await typebot({ typebotExpires: 1 });
    const number = nextNumber();
    await talk(number, 'oi');
    expect((await talk(number, '#REINICIAR')).slice(2)).toEqual([
      'Vamos recomeçar.',
      'Olá! Sou o assistente virtual do **loja-azul**. Como posso ajudar?',
      '*1* - Comprar\n*2* - Suporte\n*3* - Falar com atendente',
    ]);
    // Two minutes of silence: the next message starts a new session.
    await db()
      .getRepository(TicketEntity)
      .update({ id: (await ticketOf(number)).id }, { typebotSessionAt: new Date(Date.now() - 120_000) });
    expect((await talk(number, 'voltei')).slice(5)).toEqual([
      'Olá! Sou o assistente virtual do **loja-azul**. Como posso ajudar?',
      '*1* - Comprar\n*2* - Suporte\n*3* - Falar com atendente',
    ]);
    expect((await talk(number, '#sair')).slice(7)).toEqual([]);
    expect((await notesOf(number)).map((n) => n.note)).toEqual([
      'Typebot "Triagem": o cliente encerrou o bot. A conversa aguarda um atendente.',
    ]);
  });

  it('hands over, telling the customer, when Typebot fails, is too slow or is a private address', async () => {
    for (const [overrides, reason] of [
      [{ typebotSlug: 'bot-fail' }, 'o Typebot falhou: failed: answered 503'],
      [{ typebotSlug: 'bot-slow' }, 'o Typebot falhou: failed:'],
      [{ urlN8N: 'http://10.1.2.3/typebot' }, 'o Typebot falhou: refused: 10.1.2.3 is not a public address'],
    ] as const) {
      await typebot(overrides);
      const number = nextNumber();
      expect(await talk(number, 'oi')).toEqual([HANDOFF_MESSAGE]);
      const [note] = await notesOf(number);
      expect(note.note).toContain(reason);
      expect(await ticketOf(number)).toMatchObject({ useIntegration: false, queueId: co.sales });
    }
  });

  it("with the stand-ins on, reaches the server's own address only on the stand-in's own paths", async () => {
    const victim = await signupCompany(t, 'Vitima');
    const victimId = (await t.request('GET', '/auth/me', { token: victim.token })).body.id as number;
    const resets = () => db().getRepository(PasswordResetEntity).countBy({ userId: victimId });
    const email = encodeURIComponent(victim.email);
    for (const urlN8N of [
      `${t.url}/forgetpassword/${email}#`,
      `${t.url}/forgetpassword/${email}?`,
      `${t.url}/sandbox/typebot/../../forgetpassword/${email}#`,
      `${t.url}/sandbox/typebot/api/v1/%2e%2e/%2e%2e/%2e%2e/%2e%2e/forgetpassword/${email}#`,
    ]) {
      await typebot({ urlN8N });
      const number = nextNumber();
      expect([urlN8N, await talk(number, 'oi')]).toEqual([urlN8N, [HANDOFF_MESSAGE]]);
      const [note] = await notesOf(number);
      expect(note.note).toMatch(/o Typebot falhou: refused: /);
    }
    expect(await resets()).toBe(0);
    // The stand-in itself still answers there.
    await typebot();
    expect(await talk(nextNumber(), 'oi')).toHaveLength(2);
  });

  it('stops talking once an agent accepts the ticket', async () => {
    await typebot();
    const number = nextNumber();
    await talk(number, 'oi');
    const ticket = await ticketOf(number);
    expect(
      (
        await t.request('PUT', `/tickets/${ticket.id}`, {
          token: co.seller.token,
          body: { status: 'open', userId: co.seller.id },
        })
      ).status,
    ).toBe(200);
    expect(await talk(number, '1')).toHaveLength(2);
    expect(await ticketOf(number)).toMatchObject({ useIntegration: false, integrationId: null });
  });
});

describe('dialogflow runtime', () => {
  const CREDENTIALS = JSON.stringify({
    type: 'service_account',
    project_id: 'loja-azul',
    client_email: 'bot@loja-azul.iam.gserviceaccount.com',
    private_key: '-----BEGIN PRIVATE KEY-----\nMIIE\n-----END PRIVATE KEY-----\n',
    token_uri: 'http://10.0.0.1/token',
  });

  async function dialogflow(projectName = 'loja-azul') {
    const integration = await create({
      type: 'dialogflow',
      name: 'Agente ES',
      projectName,
      jsonContent: CREDENTIALS,
      urlN8N: '',
    });
    await db().getRepository(QueueEntity).update({ id: co.sales }, { integrationId: integration.id });
    await settle(1100); // the webhook relay's memory of the queue's previous integration
    return integration;
  }

  it("answers with the matched intent's fulfilment, and leaves the ticket to people when an intent ends it", async () => {
    await dialogflow();
    const number = nextNumber();
    expect(await talk(number, 'Oi, bom dia')).toEqual([
      'Olá! Sou o agente de triagem. Posso ajudar com pedidos e horários.',
    ]);
    expect((await talk(number, 'Cadê meu pedido?')).slice(1)).toEqual([
      'Seu pedido está a caminho e chega em até 2 dias úteis.',
    ]);
    expect((await talk(number, 'xyz')).slice(2)).toEqual(['Desculpe, não entendi. Pode repetir de outro jeito?']);
    expect((await talk(number, 'quero um atendente')).slice(3)).toEqual([
      'Certo, uma pessoa da equipe vai continuar o atendimento.',
    ]);
    expect(await ticketOf(number)).toMatchObject({ useIntegration: false, integrationId: null, queueId: co.sales });
    expect((await notesOf(number)).map((n) => n.note)).toEqual([
      'Dialogflow "Agente ES": o Dialogflow encerrou a conversa (intenção "Atendente"). A conversa aguarda um atendente.',
    ]);
    expect(await talk(number, 'oi?')).toHaveLength(4);
  });

  it('hands over, telling the customer, when Dialogflow fails', async () => {
    await dialogflow('projeto-fail');
    const number = nextNumber();
    expect(await talk(number, 'oi')).toEqual([HANDOFF_MESSAGE]);
    expect((await notesOf(number))[0].note).toContain('o Dialogflow falhou: detect intent failed');
  });

  it('tests credentials before they are saved, and a saved integration by its mask', async () => {
    const tried = await t.request('POST', '/queueIntegration/testSession', {
      token: co.admin.token,
      body: { projectName: 'loja-azul', jsonContent: CREDENTIALS, language: 'pt-BR' },
    });
    expect(tried).toMatchObject({
      status: 200,
      body: {
        message: 'ok',
        intent: 'Saudação',
        texts: ['Olá! Sou o agente de triagem. Posso ajudar com pedidos e horários.'],
      },
    });
    const saved = await dialogflow();
    const byMask = await t.request('POST', '/queueIntegration/testSession', {
      token: co.admin.token,
      body: { id: saved.id, projectName: 'loja-azul', jsonContent: saved.jsonContent, language: 'pt-BR' },
    });
    expect(byMask.status).toBe(200);
    const bad = await t.request('POST', '/queueIntegration/testSession', {
      token: co.admin.token,
      body: { projectName: 'loja-azul', jsonContent: '{"client_email": "x"}', language: 'pt-BR' },
    });
    expect([bad.status, bad.body.fields]).toEqual([400, [{ field: 'jsonContent', message: 'validation.invalid' }]]);
    const down = await t.request('POST', '/queueIntegration/testSession', {
      token: co.admin.token,
      body: { projectName: 'x-fail', jsonContent: CREDENTIALS, language: 'en' },
    });
    expect([down.status, down.body]).toEqual([
      502,
      { error: 'ERR_INTEGRATION_UNREACHABLE', requestId: expect.any(String) },
    ]);
    // Another company cannot test this company's saved credentials by its id.
    const other = await signupCompany(t, 'Curiosa');
    const theirs = await t.request('POST', '/queueIntegration/testSession', {
      token: other.token,
      body: { id: saved.id, projectName: 'loja-azul', jsonContent: saved.jsonContent, language: 'pt-BR' },
    });
    expect(theirs.status).toBe(400);
  });
});
