import { DataSource } from 'typeorm';
import { ContactEntity } from '../src/modules/conversations/entities/contact.entity.js';
import { TicketEntity } from '../src/modules/conversations/entities/ticket.entity.js';
import { WhatsappEntity } from '../src/modules/whatsapp/entities/whatsapp.entity.js';
import {
  collect,
  connected,
  conversationCompany,
  inbound,
  recordOutbound,
  settle,
  sinkOf,
  type RecordingPort,
} from './support/conversations.js';
import { startTestApp, type TestApp } from './support/test-app.js';

// The option menu walked by a customer whose messages land on two server processes of one
// installation by turns: the menu's state lives on the ticket, so either continues the other's
// conversation.
let first: TestApp;
let second: TestApp;
const ports = new Map<TestApp, RecordingPort>();
let co: Awaited<ReturnType<typeof conversationCompany>>;
let db: DataSource;
let phone = 5511960000000;
const ids: Record<string, number> = {};

beforeAll(async () => {
  first = await startTestApp();
  second = await startTestApp({}, first);
  ports.set(first, recordOutbound(first));
  ports.set(second, recordOutbound(second));
  db = first.app.get(DataSource);
  co = await conversationCompany(first, 'Menus');
  await db.getRepository(WhatsappEntity).update({ id: co.mainLine }, { greetingMessage: 'Olá!' });
  const add = async (key: string, title: string, message: string, parent?: string) => {
    const res = await first.request('POST', '/queue-options', {
      token: co.admin.token,
      body: { queueId: co.support, title, message, parentId: parent ? ids[parent] : null },
    });
    if (res.status !== 201) throw new Error(`option: ${res.status} ${JSON.stringify(res.body)}`);
    ids[key] = res.body.id;
  };
  await add('internet', 'Internet', 'Qual o problema?');
  await add('phone', 'Telefone', 'Ligue 0800.');
  await add('noSignal', 'Sem sinal', 'Um técnico vai te chamar, {{firstName}}.', 'internet');
  await add('slow', 'Lenta', 'Reinicie o modem.', 'internet');
}, 60_000);
afterAll(async () => {
  await second.close();
  await first.close();
});

const QUEUES = '*1* - Sales\n*2* - Support';
const TOP = '*1* - Internet\n*2* - Telefone\n*0* - Voltar';
const INTERNET_LIST = '*1* - Sem sinal\n*2* - Lenta\n*0* - Voltar\n*#* - Menu inicial';
const INTERNET = `Qual o problema?\n\n${INTERNET_LIST}`;

const newNumber = () => String(++phone);
const ticketOf = async (number: string) => {
  const contact = await db.getRepository(ContactEntity).findOneByOrFail({ companyId: co.companyId, number });
  return db.getRepository(TicketEntity).findOneOrFail({ where: { contactId: contact.id }, order: { id: 'DESC' } });
};

/** The customer writes through `node`; answers what the bot said back, through that node. */
async function say(node: TestApp, number: string, body: string, extra = {}, whatsappId = co.mainLine) {
  const port = ports.get(node)!;
  const from = port.sent.length;
  await sinkOf(node).message(inbound(co.companyId, whatsappId, { number, name: 'Bia Souza' }, body, extra));
  return port.sent
    .slice(from)
    .filter((s) => s.to.number === number)
    .map((s) => s.body);
}

describe('option menu', () => {
  it('walks two levels to a leaf, one message on each server process by turns', async () => {
    const number = newNumber();
    // On the process that takes the answer below (without Redis, a process reaches its own sockets).
    const helper = await connected(second.socket(co.helper.token));
    const helperTickets = collect(helper, `company-${co.companyId}-ticket`);

    expect(await say(first, number, 'Oi')).toEqual([`Olá!\n\n${QUEUES}`]);
    // Support has options: its top level follows (with the way back to the queues).
    expect(await say(second, number, '2')).toEqual([TOP]);
    const entered = await ticketOf(number);
    expect(entered).toMatchObject({ queueId: co.support, chatbot: true, queueOptionId: null, status: 'pending' });
    expect(entered.botQueueAt).toBeInstanceOf(Date);
    await settle();
    // The queue's agents see the ticket as soon as the customer is in its menu.
    expect(helperTickets).toContainEqual(
      expect.objectContaining({ action: 'update', ticket: expect.objectContaining({ id: entered.id, chatbot: true }) }),
    );

    expect(await say(first, number, '1')).toEqual([INTERNET]);
    expect(await ticketOf(number)).toMatchObject({ queueOptionId: ids.internet, amountUsedBotQueues: 0 });
    // A photo is no answer: nothing said, nothing counted.
    expect(await say(second, number, '', { mediaType: 'image' })).toEqual([]);
    expect(await say(second, number, 'não sei')).toEqual([INTERNET_LIST]);
    expect(await say(first, number, '0')).toEqual([TOP]);
    expect(await say(second, number, '1')).toEqual([INTERNET]);
    expect(await say(first, number, '1')).toEqual(['Um técnico vai te chamar, Bia.']);
    expect(await ticketOf(number)).toMatchObject({
      queueId: co.support,
      status: 'pending',
      chatbot: false,
      queueOptionId: null,
      botQueueAt: null,
      amountUsedBotQueues: 1,
    });
    // Done: a number is now just a message for the agents.
    expect(await say(second, number, '2')).toEqual([]);
    helper.disconnect();
  });

  it('"#" leads back to the queue menu, and the ticket leaves the queue for it', async () => {
    const number = newNumber();
    await say(first, number, 'Oi');
    await say(first, number, '2');
    await say(second, number, '1');
    const helper = await connected(second.socket(co.helper.token));
    const helperTickets = collect(helper, `company-${co.companyId}-ticket`);
    expect(await say(second, number, '#')).toEqual([QUEUES]);
    const back = await ticketOf(number);
    expect(back).toMatchObject({ queueId: null, chatbot: true, queueOptionId: null });
    await settle();
    expect(helperTickets).toContainEqual({ action: 'delete', ticketId: back.id });
    // Sales has no options: choosing it ends the bot there.
    expect(await say(first, number, '1')).toEqual([]);
    expect(await ticketOf(number)).toMatchObject({ queueId: co.sales, chatbot: false });
    helper.disconnect();
  });

  it('gives up after maxUseBotQueues invalid answers, counting the queue menu’s', async () => {
    const number = newNumber();
    await say(first, number, 'Oi');
    expect(await say(first, number, 'suporte')).toEqual([QUEUES]);
    expect(await say(second, number, '2')).toEqual([TOP]);
    expect(await say(first, number, '7')).toEqual([TOP]);
    expect(await say(second, number, 'oi?')).toEqual([]);
    expect(await ticketOf(number)).toMatchObject({
      queueId: co.support,
      chatbot: false,
      status: 'pending',
      amountUsedBotQueues: 3,
    });
  });

  it('ends once the connection’s timeUseBotQueues minutes have passed since the menu began', async () => {
    await db.getRepository(WhatsappEntity).update({ id: co.mainLine }, { timeUseBotQueues: 5 });
    try {
      const number = newNumber();
      await say(first, number, 'Oi');
      await say(first, number, '2');
      expect(await say(second, number, '1')).toEqual([INTERNET]);
      const ticket = await ticketOf(number);
      await db
        .getRepository(TicketEntity)
        .update({ id: ticket.id }, { botQueueAt: new Date(Date.now() - 5 * 60_000 - 1000) });
      expect(await say(first, number, '1')).toEqual([]);
      expect(await ticketOf(number)).toMatchObject({ queueId: co.support, chatbot: false, queueOptionId: null });
    } finally {
      await db.getRepository(WhatsappEntity).update({ id: co.mainLine }, { timeUseBotQueues: 0 });
    }
  });

  it('an agent taking the ticket ends the bot, even if it is returned to the queue', async () => {
    const number = newNumber();
    await say(first, number, 'Oi');
    await say(first, number, '2');
    const { id } = await ticketOf(number);
    for (const status of ['open', 'pending']) {
      const res = await first.request('PUT', `/tickets/${id}`, { token: co.helper.token, body: { status } });
      expect(res.status).toBe(200);
    }
    expect(await ticketOf(number)).toMatchObject({ status: 'pending', chatbot: false });
    expect(await say(second, number, '1')).toEqual([]);
  });

  it('starts over when the option the customer stands in is deleted; a single queue offers no way out', async () => {
    // The sales line has Sales only: its options open straight away, with nothing to go back to.
    const add = async (title: string, message: string, parentId: number | null = null) =>
      (
        await first.request('POST', '/queue-options', {
          token: co.admin.token,
          body: { queueId: co.sales, title, message, parentId },
        })
      ).body.id as number;
    const orders = await add('Pedidos', 'Sobre pedidos:');
    await add('Status', 'Seu pedido está a caminho.', orders);
    await add('Trocas', 'Trocas em até 7 dias.');
    const number = newNumber();
    expect(await say(first, number, 'Oi', {}, co.salesLine)).toEqual(['*1* - Pedidos\n*2* - Trocas']);
    expect(await ticketOf(number)).toMatchObject({ queueId: co.sales, chatbot: true });
    expect(await say(second, number, '0', {}, co.salesLine)).toEqual(['*1* - Pedidos\n*2* - Trocas']);
    expect(await say(second, number, '1', {}, co.salesLine)).toEqual([
      'Sobre pedidos:\n\n*1* - Status\n*0* - Voltar\n*#* - Menu inicial',
    ]);
    expect((await first.request('DELETE', `/queue-options/${orders}`, { token: co.admin.token })).status).toBe(204);
    // "1" answered a level that is gone: the menu, renumbered, starts over without counting it.
    expect(await say(first, number, '1', {}, co.salesLine)).toEqual(['*1* - Trocas']);
    expect(await say(second, number, '1', {}, co.salesLine)).toEqual(['Trocas em até 7 dias.']);
    expect(await ticketOf(number)).toMatchObject({ queueId: co.sales, chatbot: false, amountUsedBotQueues: 0 });
  });
});

// Two answers at the same moment on two processes: the second waits for the first's row lock and
// continues from its step. SQLite has one writer and no second process of the same database.
const withMysql = process.env.DB_URL ? it : it.skip;

withMysql('two answers at once on two processes are taken one after the other', async () => {
  const number = newNumber();
  await say(first, number, 'Oi');
  await say(first, number, '2');
  const [a, b] = await Promise.all([say(first, number, '1'), say(second, number, '1')]);
  // One opened Internet, the other then chose its first sub-option.
  expect([...a, ...b].sort()).toEqual([INTERNET, 'Um técnico vai te chamar, Bia.'].sort());
  expect(await ticketOf(number)).toMatchObject({ chatbot: false, queueOptionId: null });
});
