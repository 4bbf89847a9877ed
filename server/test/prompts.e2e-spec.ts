import { jest } from '@jest/globals';
import { HANDOFF_ACTION } from '@atendo/shared';
import { DataSource } from 'typeorm';
import { AiAgent } from '../src/modules/ai/ai-agent.js';
import { HANDOFF_MESSAGE } from '../src/modules/conversations/automation.js';
import { PromptEntity } from '../src/modules/ai/entities/prompt.entity.js';
import { TicketNoteEntity } from '../src/modules/conversations/entities/ticket-note.entity.js';
import { TicketEntity } from '../src/modules/conversations/entities/ticket.entity.js';
import { QueueEntity } from '../src/modules/queues/entities/queue.entity.js';
import { WhatsappEntity } from '../src/modules/whatsapp/entities/whatsapp.entity.js';
import {
  collect,
  connected,
  conversationCompany,
  inbound,
  recordOutbound,
  sinkOf,
  type ConversationCompany,
  type RecordingPort,
} from './support/conversations.js';
import { ADMIN, adminOnPlan, signupCompany, startTestApp, type TestApp } from './support/test-app.js';

/**
 * AI prompts: their CRUD with sealed, masked keys, and the agent answering customers through the
 * OpenAI and Azure stand-ins of this very server (AI_PROVIDER=sandbox), over real HTTP.
 */
let t: TestApp;
let port: RecordingPort;
let co: ConversationCompany;
let superToken: string;
const TIMEOUT_MS = 400;

beforeAll(async () => {
  t = await startTestApp({ SANDBOX: 'true', AI_PROVIDER: 'sandbox', AI_TIMEOUT_MS: String(TIMEOUT_MS) });
  port = recordOutbound(t);
  co = await conversationCompany(t, 'Cerebro');
  superToken = (await t.login(ADMIN.email, ADMIN.password)).token;
}, 60_000);
afterAll(() => t.close());

const db = () => t.app.get(DataSource);
const KEY = 'sk-proj-live-0123456789abcdefWXYZ';
const INSTRUCTIONS =
  'Você é a assistente virtual da Loja Azul. Responda sobre pedidos, entregas e horários de atendimento.';

function promptBody(overrides: Record<string, unknown> = {}) {
  return {
    name: 'Assistente de vendas',
    prompt: INSTRUCTIONS,
    model: 'gpt-4o-mini',
    maxTokens: 100,
    temperature: 1,
    apiKey: KEY,
    queueId: co.sales,
    maxMessages: 10,
    voice: 'texto',
    voiceKey: '',
    voiceRegion: '',
    ...overrides,
  };
}

async function createPrompt(overrides: Record<string, unknown> = {}, token = co.admin.token) {
  const res = await t.request('POST', '/prompt', { token, body: promptBody(overrides) });
  if (res.status !== 201) throw new Error(`prompt: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as { id: number; apiKey: string; voiceKey: string };
}

let customer = 0;
/** A new customer writes `body` on `whatsappId`; resolves once the agent's turn is over. */
async function customerSays(whatsappId: number, body: string, number?: string) {
  const from = number ?? `55119${String(7000000 + ++customer).padStart(8, '0')}`;
  await sinkOf(t).message(inbound(co.companyId, whatsappId, { number: from, name: 'Cliente' }, body));
  await t.app.get(AiAgent).idle();
  return from;
}

const sentTo = (number: string) => port.sent.filter((s) => s.to.number === number);
const ticketOf = (number: string) =>
  db()
    .getRepository(TicketEntity)
    .findOneOrFail({ where: { contact: { number } }, relations: { contact: true }, order: { id: 'DESC' } });
async function waitUntil(done: () => boolean, ms = 3000) {
  const end = Date.now() + ms;
  while (!done()) {
    if (Date.now() > end) throw new Error(`not reached within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
const notesOf = (ticketId: number) => db().getRepository(TicketNoteEntity).findBy({ ticketId });

/** The sales queue (where salesLine's tickets go) answered by `promptId`; no connection prompt. */
async function servedBy(promptId: number | null) {
  await db().getRepository(QueueEntity).update({ id: co.sales }, { promptId });
  await db().getRepository(WhatsappEntity).update({ companyId: co.companyId }, { promptId: null });
}

describe('/prompt', () => {
  it('creates, lists, reads, updates and deletes, answering the keys masked and keeping them sealed', async () => {
    const created = await createPrompt({
      voice: 'pt-BR-FranciscaNeural',
      voiceKey: 'azure-key-00112233',
      voiceRegion: 'BrazilSouth',
    });
    expect(created).toMatchObject({ name: 'Assistente de vendas', queueId: co.sales, queue: { name: 'Sales' } });
    expect(created.apiKey).toMatch(/^•+WXYZ$/);
    expect(created.voiceKey).toMatch(/^•+2233$/);
    expect(JSON.stringify(created)).not.toContain('0123456789abcdef');
    const row = await db().getRepository(PromptEntity).findOneByOrFail({ id: created.id });
    expect(row.apiKey).not.toContain('sk-proj');
    expect(row.voiceRegion).toBe('brazilsouth');

    const list = (await t.request('GET', '/prompt?searchParam=vendas', { token: co.admin.token })).body;
    expect(list).toMatchObject({ count: 1, hasMore: false, prompts: [{ id: created.id, queue: { name: 'Sales' } }] });

    // The mask sent back keeps the stored keys; a new key replaces one.
    const renamed = await t.request('PUT', `/prompt/${created.id}`, {
      token: co.admin.token,
      body: promptBody({
        ...created,
        name: 'Assistente da loja',
        queue: undefined,
        id: undefined,
        companyId: undefined,
      }),
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({
      name: 'Assistente da loja',
      apiKey: created.apiKey,
      voiceKey: created.voiceKey,
    });
    const stored = await db().getRepository(PromptEntity).findOneByOrFail({ id: created.id });
    expect(stored.apiKey).toBe(row.apiKey);
    const replaced = await t.request('PUT', `/prompt/${created.id}`, {
      token: co.admin.token,
      body: promptBody({ apiKey: 'sk-other-key-9999888877776666', voice: 'texto', voiceKey: '' }),
    });
    expect(replaced.body.apiKey).toMatch(/^•+6666$/);
    expect(replaced.body.voiceKey).toBe('');

    const removed = await t.request('DELETE', `/prompt/${created.id}`, { token: co.admin.token });
    expect(removed).toMatchObject({ status: 200, body: { message: 'Prompt deleted' } });
    expect((await t.request('GET', `/prompt/${created.id}`, { token: co.admin.token })).status).toBe(404);
  });

  it('names the fields of bad input, and a mask where no key is stored', async () => {
    const bad = await t.request('POST', '/prompt', {
      token: co.admin.token,
      body: promptBody({ name: 'Ana', prompt: 'curto', temperature: 3, voice: 'pt-BR-YaraNeural', voiceRegion: 'x/y' }),
    });
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ field: 'name', message: 'validation.tooShort' }),
        expect.objectContaining({ field: 'prompt', message: 'validation.tooShort' }),
        expect.objectContaining({ field: 'temperature', message: 'validation.max' }),
        expect.objectContaining({ field: 'voiceKey', message: 'validation.required' }),
        expect.objectContaining({ field: 'voiceRegion', message: 'validation.invalid' }),
      ]),
    );
    const masked = await t.request('POST', '/prompt', {
      token: co.admin.token,
      body: promptBody({ apiKey: '••••••••abcd' }),
    });
    expect(masked.status).toBe(400);
    expect(masked.body.fields).toEqual([{ field: 'apiKey', message: 'validation.required' }]);
  });

  it("answers 404 for another company's prompt, refuses another company's queue, agents and plans without AI", async () => {
    const other = await signupCompany(t, 'Outra');
    const mine = await createPrompt();
    for (const [method, body] of [
      ['GET', undefined],
      ['PUT', promptBody()],
      ['DELETE', undefined],
    ] as const) {
      const res = await t.request(method, `/prompt/${mine.id}`, { token: other.token, body });
      expect([method, res.status, res.body]).toEqual([method, 404, { error: 'ERR_NOT_FOUND' }]);
    }
    // Nor give this company's prompt to its own queue or connection.
    const theirQueue = await t.request('POST', '/queue', {
      token: other.token,
      body: { name: 'Deles', color: '#1273DE', promptId: mine.id },
    });
    expect([theirQueue.status, theirQueue.body.fields]).toEqual([
      400,
      [{ field: 'promptId', message: 'validation.oneOf' }],
    ]);
    const theirLine = await t.request('POST', '/whatsapp', {
      token: other.token,
      body: { name: 'Linha deles', provider: 'sandbox', promptId: mine.id },
    });
    expect([theirLine.status, theirLine.body.fields]).toEqual([
      400,
      [{ field: 'promptId', message: 'validation.oneOf' }],
    ]);
    // Nor to a ticket: the family's clients send a ticket's promptId back on update.
    await servedBy(null);
    const number = await customerSays(co.salesLine, 'Oi');
    const ticket = await ticketOf(number);
    const otherQueue = await t.request('POST', '/queue', {
      token: other.token,
      body: { name: 'Deles', color: '#1273DE' },
    });
    const foreign = await createPrompt({ queueId: otherQueue.body.id }, other.token);
    const onTicket = await t.request('PUT', `/tickets/${ticket.id}`, {
      token: co.admin.token,
      body: { promptId: foreign.id },
    });
    expect([onTicket.status, onTicket.body.fields]).toEqual([
      400,
      [{ field: 'promptId', message: 'validation.oneOf' }],
    ]);
    expect((await ticketOf(number)).promptId).toBeNull();
    const theirs = await t.request('POST', '/prompt', { token: other.token, body: promptBody({ queueId: co.sales }) });
    expect(theirs.status).toBe(400);
    expect(theirs.body.fields).toEqual([{ field: 'queueId', message: 'validation.oneOf' }]);
    expect((await t.request('GET', '/prompt', { token: co.seller.token })).status).toBe(403);
    const noAi = await adminOnPlan(t, superToken, 'Sem IA', { useOpenAi: false });
    const denied = await t.request('GET', '/prompt', { token: noAi.token });
    expect([denied.status, denied.body]).toEqual([403, { error: 'ERR_NO_PERMISSION' }]);
  });
});

describe('the AI agent', () => {
  it("answers a queue's customers from the prompt and the conversation, until the customer asks for a person", async () => {
    const prompt = await createPrompt();
    await servedBy(prompt.id);
    const number = await customerSays(co.salesLine, 'Qual o horário de vocês?');
    expect(sentTo(number).map((s) => s.body)).toEqual([
      'Resposta do assistente (gpt-4o-mini): você disse "Qual o horário de vocês?".',
    ]);
    const engaged = await ticketOf(number);
    expect(engaged).toMatchObject({ status: 'pending', userId: null, useIntegration: true, promptId: prompt.id });

    await customerSays(co.salesLine, 'Quero falar com um atendente, por favor', number);
    expect(
      sentTo(number)
        .map((s) => s.body)
        .slice(1),
    ).toEqual([HANDOFF_MESSAGE]);
    const handed = await ticketOf(number);
    expect(handed).toMatchObject({ status: 'pending', queueId: co.sales, useIntegration: false, promptId: null });
    expect(handed.promptEndedAt).toBeInstanceOf(Date);
    expect((await notesOf(handed.id)).map((n) => [n.userId, n.note])).toEqual([
      [null, 'Agente de IA "Assistente de vendas": o cliente pediu um atendente. A conversa aguarda um atendente.'],
    ]);
    // Left to people: the agent stays quiet from now on.
    await customerSays(co.salesLine, 'Alô?', number);
    expect(sentTo(number)).toHaveLength(2);
  });

  it('a prompt saved with a queue answers it at once, the queue showing it; the hand-over note is on the ticket', async () => {
    await servedBy(null);
    const socket = await connected(t.socket(co.admin.token));
    const queueEvents = collect<{ action: string; queue: { id: number; promptId: number | null } }>(
      socket,
      `company-${co.companyId}-queue`,
    );
    const prompt = await createPrompt({ name: 'Atendente virtual' });
    // Nothing else to pick under Queues: the queue's field names the prompt, and the page hears so.
    const queue = await t.request('GET', `/queue/${co.sales}`, { token: co.admin.token });
    expect(queue.body).toMatchObject({ id: co.sales, promptId: prompt.id });
    await waitUntil(() => queueEvents.some((e) => e.queue.id === co.sales && e.queue.promptId === prompt.id));

    const number = await customerSays(co.salesLine, 'Vocês entregam no sábado?');
    expect(sentTo(number).map((s) => s.body)).toEqual([
      'Resposta do assistente (gpt-4o-mini): você disse "Vocês entregam no sábado?".',
    ]);
    await customerSays(co.salesLine, 'Quero falar com um atendente', number);
    const handed = await ticketOf(number);
    expect(handed).toMatchObject({ status: 'pending', queueId: co.sales, useIntegration: false, promptId: null });
    // The note, as the ticket's notes answer it to the people who take it: automatic, saying why.
    const notes = await t.request('GET', `/ticket-notes/list?ticketId=${handed.id}&contactId=${handed.contactId}`, {
      token: co.seller.token,
    });
    expect(notes.body).toEqual([
      expect.objectContaining({
        ticketId: handed.id,
        note: 'Agente de IA "Atendente virtual": o cliente pediu um atendente. A conversa aguarda um atendente.',
      }),
    ]);

    // Written for another queue: that one gets it, the one it left answers without it.
    const moved = await t.request('PUT', `/prompt/${prompt.id}`, {
      token: co.admin.token,
      body: promptBody({ name: 'Atendente virtual', queueId: co.support, apiKey: prompt.apiKey }),
    });
    expect(moved.status).toBe(200);
    const [sales, support] = await Promise.all(
      [co.sales, co.support].map((id) => db().getRepository(QueueEntity).findOneByOrFail({ id })),
    );
    expect([sales.promptId, support.promptId]).toEqual([null, prompt.id]);
    await waitUntil(() => queueEvents.some((e) => e.queue.id === co.sales && e.queue.promptId === null));
    socket.disconnect();
    await db().getRepository(QueueEntity).update({ id: co.support }, { promptId: null });
  });

  it("hands over when the model's answer says so, keeping what else it said", async () => {
    const prompt = await createPrompt();
    await servedBy(prompt.id);
    const number = await customerSays(co.salesLine, 'Pode me transferir para o financeiro?');
    expect(sentTo(number).map((s) => s.body)).toEqual([HANDOFF_MESSAGE]);
    expect(sentTo(number).some((s) => s.body.includes(HANDOFF_ACTION))).toBe(false);
    const ticket = await ticketOf(number);
    expect(ticket.promptEndedAt).toBeInstanceOf(Date);
    expect((await notesOf(ticket.id))[0].note).toContain('o agente de IA passou a conversa adiante');
  });

  it('hands a ticket to people when the AI service fails or is too slow, never leaving the customer unanswered', async () => {
    for (const [key, reason] of [
      ['sk-test-fail-000011112222', 'o serviço de IA falhou: the chat service answered 503'],
      ['sk-test-slow-000011112222', 'o serviço de IA falhou: the chat service did not answer'],
    ]) {
      const prompt = await createPrompt({ apiKey: key });
      await servedBy(prompt.id);
      const started = Date.now();
      const number = await customerSays(co.salesLine, 'Olá, preciso de ajuda');
      expect(sentTo(number).map((s) => s.body)).toEqual([HANDOFF_MESSAGE]);
      const ticket = await ticketOf(number);
      expect(ticket).toMatchObject({ queueId: co.sales, useIntegration: false });
      const [note] = await notesOf(ticket.id);
      expect(note.note).toContain(reason);
      expect(note.note).not.toContain(key);
      // A timeout and one retry, then the hand-over.
      if (key.includes('slow')) expect(Date.now() - started).toBeLessThan(TIMEOUT_MS * 2 + 2000);
    }
  });

  it("stops calling a company's failing chat service after 5 failures in a row, and hands over at once", async () => {
    // A company of its own: the circuit is per company and service.
    const own = await conversationCompany(t, 'Circuito');
    const created = await t.request('POST', '/prompt', {
      token: own.admin.token,
      body: promptBody({ apiKey: 'sk-test-fail-circuit-000111', queueId: own.sales }),
    });
    await db().getRepository(QueueEntity).update({ id: own.sales }, { promptId: created.body.id });
    const reasons: string[] = [];
    for (let i = 0; i < 6; i++) {
      const number = `55119${String(9100000 + i).padStart(8, '0')}`;
      await sinkOf(t).message(inbound(own.companyId, own.salesLine, { number, name: 'Cliente' }, 'Olá'));
      await t.app.get(AiAgent).idle();
      expect(sentTo(number).map((s) => s.body)).toEqual([HANDOFF_MESSAGE]);
      reasons.push((await notesOf((await ticketOf(number)).id))[0].note);
    }
    expect(reasons.slice(0, 5).every((r) => r.includes('the chat service answered 503'))).toBe(true);
    expect(reasons[5]).toContain('the chat service failed repeatedly; calls paused for 30 s');
  });

  it("answers a connection's customers instead of its queue menu, and hands over into the prompt's queue", async () => {
    const prompt = await createPrompt({ queueId: co.support });
    await servedBy(null);
    await db().getRepository(WhatsappEntity).update({ id: co.mainLine }, { promptId: prompt.id });
    const number = await customerSays(co.mainLine, 'Boa tarde');
    expect(sentTo(number).map((s) => s.body)).toEqual([
      'Resposta do assistente (gpt-4o-mini): você disse "Boa tarde".',
    ]);
    expect(await ticketOf(number)).toMatchObject({ queueId: null, chatbot: false, promptId: prompt.id });
    await customerSays(co.mainLine, 'quero um humano', number);
    expect(await ticketOf(number)).toMatchObject({ queueId: co.support, promptId: null });
  });

  it('stops once an agent accepts the ticket', async () => {
    const prompt = await createPrompt();
    await servedBy(prompt.id);
    const number = await customerSays(co.salesLine, 'Oi');
    const ticket = await ticketOf(number);
    const accepted = await t.request('PUT', `/tickets/${ticket.id}`, {
      token: co.seller.token,
      body: { status: 'open', userId: co.seller.id },
    });
    expect(accepted.status).toBe(200);
    const before = sentTo(number).length;
    await customerSays(co.salesLine, 'Ainda aí?', number);
    expect(sentTo(number).length).toBe(before);
    expect(await ticketOf(number)).toMatchObject({ useIntegration: false, promptId: null, userId: co.seller.id });
  });

  it("speaks in the prompt's voice, and hears the customer's voice notes", async () => {
    const prompt = await createPrompt({
      voice: 'pt-BR-AntonioNeural',
      voiceKey: 'azure-key-44556677',
      voiceRegion: 'brazilsouth',
    });
    await servedBy(prompt.id);
    const number = `55119${String(8000000 + ++customer).padStart(8, '0')}`;
    // A voice note: MPEG frames, as a phone's recording would be bytes of audio.
    const audio = Buffer.concat(
      Array.from({ length: 40 }, () => Buffer.concat([Buffer.from([0xff, 0xf3, 0x48, 0xc4]), Buffer.alloc(140)])),
    );
    await sinkOf(t).message(
      inbound(co.companyId, co.salesLine, { number, name: 'Cliente' }, '', {
        mediaType: 'audio',
        media: { mimetype: 'audio/mpeg', filename: 'nota.mp3', load: async () => audio },
      }),
    );
    await t.app.get(AiAgent).idle();
    const [spoken] = sentTo(number);
    expect(spoken.body).toBe('Resposta do assistente (gpt-4o-mini): você disse "Áudio de 6 kB recebido.".');
    expect(spoken.media).toMatchObject({ mimetype: 'audio/mpeg' });
  });
});

describe('secrets in logs', () => {
  it('never writes a key to the log, even at debug level with every SQL statement', async () => {
    const written: string[] = [];
    const keep = (...chunks: unknown[]) => {
      written.push(chunks.map(String).join(' '));
      return true;
    };
    // Nest writes to the streams; TypeORM's query log and jest's workers go through console.
    const spies = [
      ...[process.stdout, process.stderr].map((stream) => jest.spyOn(stream, 'write').mockImplementation(keep)),
      ...(['log', 'info', 'warn', 'error', 'debug'] as const).map((level) =>
        jest.spyOn(console, level).mockImplementation(keep),
      ),
    ];
    let chatty: TestApp | undefined;
    try {
      chatty = await startTestApp({ SANDBOX: 'true', AI_PROVIDER: 'sandbox', LOG_LEVEL: 'debug' });
      const local = recordOutbound(chatty);
      const company = await conversationCompany(chatty, 'Discreta');
      const secret = 'sk-test-fail-SECRET-4242424242';
      const created = await chatty.request('POST', '/prompt', {
        token: company.admin.token,
        body: promptBody({ apiKey: secret, queueId: company.sales }),
      });
      expect(created.status).toBe(201);
      await chatty.app
        .get(DataSource)
        .getRepository(QueueEntity)
        .update({ id: company.sales }, { promptId: created.body.id });
      await sinkOf(chatty).message(
        inbound(company.companyId, company.salesLine, { number: '5511955554444', name: 'Cliente' }, 'Olá'),
      );
      await chatty.app.get(AiAgent).idle();
      expect(local.sent.map((s) => s.body)).toEqual([HANDOFF_MESSAGE]);
    } finally {
      await chatty?.close();
      for (const spy of spies) spy.mockRestore();
    }
    expect(written.join('').length).toBeGreaterThan(1000);
    expect(written.join('')).not.toContain('SECRET-4242');
  });
});
