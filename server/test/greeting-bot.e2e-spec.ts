import { DataSource } from 'typeorm';
import { CompanyEntity } from '../src/modules/companies/entities/company.entity.js';
import { ContactEntity } from '../src/modules/conversations/entities/contact.entity.js';
import { TicketEntity } from '../src/modules/conversations/entities/ticket.entity.js';
import { QueueEntity } from '../src/modules/queues/entities/queue.entity.js';
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

let t: TestApp;
let port: RecordingPort;
let co: Awaited<ReturnType<typeof conversationCompany>>;
let db: DataSource;
let phone = 5511970000000;

beforeAll(async () => {
  t = await startTestApp();
  port = recordOutbound(t);
  db = t.app.get(DataSource);
  co = await conversationCompany(t, 'Greeter');
  await db
    .getRepository(WhatsappEntity)
    .update({ id: co.mainLine }, { greetingMessage: 'Olá {{firstName}}!', outOfHoursMessage: 'Fechados, {{name}}.' });
  await db.getRepository(WhatsappEntity).update({ id: co.salesLine }, { greetingMessage: 'Bem-vindo!' });
  await db.getRepository(QueueEntity).update({ id: co.sales }, { greetingMessage: 'Vendas: protocolo {{protocol}}' });
}, 60_000);
afterAll(() => t.close());

const setSetting = async (key: string, value: string) => {
  const res = await t.request('PUT', `/settings/${key}`, { token: co.admin.token, body: { value } });
  expect(res.status).toBe(200);
};
const newNumber = () => String(++phone);
const ticketOf = async (number: string) => {
  const contact = await db.getRepository(ContactEntity).findOneByOrFail({ companyId: co.companyId, number });
  return db.getRepository(TicketEntity).findOneOrFail({ where: { contactId: contact.id }, order: { id: 'DESC' } });
};
/** What the bot sent to one number since `from`. */
const sentTo = (number: string, from = 0) => port.sent.slice(from).filter((s) => s.to.number === number);
const say = (whatsappId: number, number: string, body: string, extra = {}) =>
  sinkOf(t).message(inbound(co.companyId, whatsappId, { number, name: 'Bia Souza' }, body, extra));
const MENU = '*1* - Sales\n*2* - Support';

describe('greeting bot', () => {
  it('offers the queue menu on a multi-queue connection; a valid choice routes the ticket to the queue', async () => {
    const number = newNumber();
    await say(co.mainLine, number, 'Oi');
    expect(sentTo(number).map((s) => s.body)).toEqual([`Olá Bia!\n\n${MENU}`]);
    let ticket = await ticketOf(number);
    expect(ticket).toMatchObject({
      chatbot: true,
      queueId: null,
      status: 'pending',
      // The list shows what the customer asked, not the bot's own menu.
      lastMessage: 'Oi',
    });

    const seller = await connected(t.socket(co.seller.token));
    const helper = await connected(t.socket(co.helper.token));
    const sellerTickets = collect(seller, `company-${co.companyId}-ticket`);
    const helperTickets = collect(helper, `company-${co.companyId}-ticket`);
    await say(co.mainLine, number, ' 1. ');
    await settle();
    ticket = await ticketOf(number);
    expect(ticket).toMatchObject({ chatbot: false, queueId: co.sales });
    expect(sellerTickets).toContainEqual(
      expect.objectContaining({
        action: 'update',
        ticket: expect.objectContaining({ id: ticket.id, queueId: co.sales }),
      }),
    );
    expect(helperTickets).toHaveLength(0);
    const today = new Date();
    const ymd = `${today.getFullYear()}${String(today.getMonth() + 1).padStart(2, '0')}${String(today.getDate()).padStart(2, '0')}`;
    expect(sentTo(number).map((s) => s.body)).toEqual([`Olá Bia!\n\n${MENU}`, `Vendas: protocolo ${ymd}${ticket.id}`]);
    // Once routed, the customer's messages are just messages.
    await say(co.mainLine, number, '2');
    expect(sentTo(number)).toHaveLength(2);
    expect((await ticketOf(number)).queueId).toBe(co.sales);
    seller.disconnect();
    helper.disconnect();
  });

  it('re-sends the menu on invalid answers and gives up after maxUseBotQueues', async () => {
    const number = newNumber();
    await say(co.mainLine, number, 'Oi');
    await say(co.mainLine, number, 'quero comprar');
    await say(co.mainLine, number, '7');
    expect(sentTo(number).map((s) => s.body)).toEqual([`Olá Bia!\n\n${MENU}`, MENU, MENU]);
    await say(co.mainLine, number, 'hein?');
    expect(sentTo(number)).toHaveLength(3);
    expect(await ticketOf(number)).toMatchObject({ chatbot: false, queueId: null, amountUsedBotQueues: 3 });
    // The bot is done: a number now is an ordinary message for the agents.
    await say(co.mainLine, number, '1');
    expect(sentTo(number)).toHaveLength(3);
    expect((await ticketOf(number)).queueId).toBeNull();
  });

  it('takes photos sent while the menu waits as no answer: no resend, no attempt used', async () => {
    const number = newNumber();
    await say(co.mainLine, number, 'Oi');
    for (let i = 0; i < 3; i++) await say(co.mainLine, number, '', { mediaType: 'image' });
    expect(sentTo(number).map((s) => s.body)).toEqual([`Olá Bia!\n\n${MENU}`]);
    expect(await ticketOf(number)).toMatchObject({ chatbot: true, queueId: null, amountUsedBotQueues: 0 });
    await say(co.mainLine, number, '2');
    expect((await ticketOf(number)).queueId).not.toBeNull();
  });

  it('greets on a single-queue connection only while sendGreetingMessageOneQueues is enabled', async () => {
    const number = newNumber();
    await say(co.salesLine, number, 'Oi');
    const ticket = await ticketOf(number);
    expect(ticket).toMatchObject({ queueId: co.sales, chatbot: false });
    expect(sentTo(number).map((s) => s.body)).toEqual([
      'Bem-vindo!',
      expect.stringMatching(/^Vendas: protocolo \d{8}\d+$/),
    ]);

    await setSetting('sendGreetingMessageOneQueues', 'disabled');
    try {
      const quiet = newNumber();
      await say(co.salesLine, quiet, 'Oi');
      expect((await ticketOf(quiet)).queueId).toBe(co.sales);
      expect(sentTo(quiet)).toHaveLength(0);
    } finally {
      await setSetting('sendGreetingMessageOneQueues', 'enabled');
    }
  });

  it('sends the out-of-hours message instead of the menu outside the company schedule', async () => {
    const now = new Date();
    const hhmm = (offsetMinutes: number) => {
      const at = new Date(now.getTime() + offsetMinutes * 60_000);
      return `${String(at.getHours()).padStart(2, '0')}:${String(at.getMinutes()).padStart(2, '0')}`;
    };
    const weekdayEn = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'][now.getDay()];
    const schedule = (startTime: string, endTime: string) => [
      { weekday: weekdayEn, weekdayEn: weekdayEn as 'monday', startTime, endTime },
    ];
    await setSetting('scheduleType', 'company');
    try {
      // Opens in an hour.
      await db.getRepository(CompanyEntity).update({ id: co.companyId }, { schedules: schedule(hhmm(60), hhmm(120)) });
      const late = newNumber();
      await say(co.mainLine, late, 'Oi');
      expect(sentTo(late).map((s) => s.body)).toEqual(['Fechados, Bia Souza.']);
      expect(await ticketOf(late)).toMatchObject({ status: 'pending', chatbot: false, queueId: null });

      // Open now: the menu as usual.
      await db.getRepository(CompanyEntity).update({ id: co.companyId }, { schedules: schedule(hhmm(-60), hhmm(60)) });
      const early = newNumber();
      await say(co.mainLine, early, 'Oi');
      expect(sentTo(early).map((s) => s.body)).toEqual([`Olá Bia!\n\n${MENU}`]);
    } finally {
      await setSetting('scheduleType', 'disabled');
    }
  });

  it('greets no group, and acts on no message of ours nor caught-up history', async () => {
    const before = port.sent.length;
    const group = newNumber();
    await sinkOf(t).message(
      inbound(co.companyId, co.mainLine, { number: group, name: 'Família', isGroup: true }, 'Oi', {
        participant: { number: newNumber(), name: 'Tio', isGroup: false },
      }),
    );
    expect(await ticketOf(group)).toMatchObject({ isGroup: true, chatbot: false });
    const mine = newNumber();
    await say(co.mainLine, mine, 'Olá, aqui é da loja', { fromMe: true });
    expect((await ticketOf(mine)).chatbot).toBe(false);
    const old = newNumber();
    await say(co.mainLine, old, 'Oi de ontem', { historical: true, timestamp: new Date(Date.now() - 86_400_000) });
    expect((await ticketOf(old)).chatbot).toBe(false);
    await say(co.mainLine, old, '1', { historical: true, timestamp: new Date(Date.now() - 86_000_000) });
    expect((await ticketOf(old)).queueId).toBeNull();
    expect(port.sent.length).toBe(before);
  });
});
