import { greetingOfHour } from '@atendo/shared';
import { settle } from './support/conversations.js';
import { signupCompany, startTestApp, type TestApp } from './support/test-app.js';

// The message variables filled where each text is sent, on the real gateway: what the sandbox
// network is handed is what the conversation stores.
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ SANDBOX: 'true' });
}, 60_000);
afterAll(() => t.close());

type Company = Awaited<ReturnType<typeof signupCompany>>;
type Message = { body: string; fromMe: boolean };

async function api(company: Company, method: string, url: string, body?: unknown) {
  const res = await t.request(method, url, { token: company.token, body });
  if (res.status >= 300) throw new Error(`${method} ${url}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, ms = 15_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > end) throw new Error(`not reached within ${ms} ms: ${JSON.stringify(value)}`);
    await settle(100);
  }
}

async function line(company: Company) {
  const queue = await api(company, 'POST', '/queue', { name: 'Desk', color: '#123456' });
  const created = await api(company, 'POST', '/whatsapp', {
    name: 'Sandbox line',
    provider: 'sandbox',
    isDefault: true,
    queueIds: [queue.id],
  });
  await api(company, 'POST', `/whatsappsession/${created.id}`);
  await until(
    () => t.request('POST', `/sandbox/connections/${created.id}/scan`, { token: company.token, body: {} }),
    (scan) => scan.status === 200,
  );
  return created.id as number;
}

/** A sandbox customer writes; answers the pending ticket's id. */
async function customerWrites(company: Company, whatsappId: number, from: string, name: string) {
  await api(company, 'POST', `/sandbox/connections/${whatsappId}/messages`, { from, name, body: 'Oi!' });
  const tickets = await until(
    () => api(company, 'GET', `/tickets?searchParam=${from}&showAll=true&status=pending`),
    (page) => page.tickets.length > 0,
  );
  return tickets.tickets[0].id as number;
}

const sent = async (company: Company, ticketId: number) =>
  ((await api(company, 'GET', `/messages/${ticketId}`)).messages as Message[])
    .filter((m) => m.fromMe)
    .map((m) => m.body);

/** The yyyyMMdd of today in this process's zone (the server's), for {{protocol}}. */
const today = () => {
  const now = new Date();
  return `${now.getFullYear()}${String(now.getMonth() + 1).padStart(2, '0')}${String(now.getDate()).padStart(2, '0')}`;
};

it("fills an agent's message and a quick message's text in every spelling before the customer gets them", async () => {
  const company = await signupCompany(t, 'Variaveis');
  const whatsappId = await line(company);
  const ticketId = await customerWrites(company, whatsappId, '5511977710001', 'Sandra Lima');
  await api(company, 'PUT', `/tickets/${ticketId}`, { status: 'open' });
  const agent = company.user.name as string;

  const quick = await api(company, 'POST', '/quick-messages', {
    shortcode: 'oi',
    message: 'Olá {{name}}, sou {{userName}}. Protocolo {{protocol}}.',
  });
  // The composer puts the quick message's text in the box; the agent sends it as it stands.
  await api(company, 'POST', `/messages/${ticketId}`, { body: quick.message });
  await api(company, 'POST', `/messages/${ticketId}`, { body: '{{firstName}}, {nome} / {numero} {{ desconhecida }}' });

  expect(await sent(company, ticketId)).toEqual([
    `Olá Sandra Lima, sou ${agent}. Protocolo ${today()}${ticketId}.`,
    'Sandra, Sandra Lima / 5511977710001 {{ desconhecida }}',
  ]);
}, 30_000);

it("accepting with the family's client gives the customer one greeting, its own, filled", async () => {
  const company = await signupCompany(t, 'Saudacao');
  const whatsappId = await line(company);
  await api(company, 'PUT', '/settings/sendGreetingAccepted', { value: 'enabled' });
  const agent = company.user.name as string;

  // That client accepts, reads the setting and posts its greeting with its placeholders.
  const theirs = await customerWrites(company, whatsappId, '5511977710002', 'Rita Alves');
  const before = greetingOfHour(new Date().getHours());
  await api(company, 'PUT', `/tickets/${theirs}`, { status: 'open', userId: company.user.id });
  await api(company, 'POST', `/messages/${theirs}`, {
    body: `{{ms}} *{{name}}*, meu nome é *${agent}* e agora vou prosseguir com seu atendimento!`,
  });
  const after = greetingOfHour(new Date().getHours());
  await settle(300);
  const greetings = await sent(company, theirs);
  expect(greetings).toHaveLength(1);
  expect(
    [before, after].map(
      (ms) => `${ms} *Rita Alves*, meu nome é *${agent}* e agora vou prosseguir com seu atendimento!`,
    ),
  ).toContain(greetings[0]);

  // Ours asks the server for it on the accept, and posts nothing else.
  const ours = await customerWrites(company, whatsappId, '5511977710003', 'Caio Reis');
  await api(company, 'PUT', `/tickets/${ours}`, { status: 'open', userId: company.user.id, greeting: true });
  await settle(300);
  expect(await sent(company, ours)).toEqual([
    `Olá *Caio Reis*, meu nome é *${agent}* e agora vou prosseguir com seu atendimento!`,
  ]);
}, 30_000);

it('fills a schedule and a campaign in either spelling, with the campaign’s own variables', async () => {
  const company = await signupCompany(t, 'Disparos');
  const whatsappId = await line(company);
  const agent = company.user.name as string;
  const person = await api(company, 'POST', '/contacts', { name: 'Maria Souza', number: '5511977710004' });
  const schedule = await api(company, 'POST', '/schedules', {
    body: '{nome}, {{name}}: lembrete de {{userName}}.',
    contactId: person.id,
    sendAt: new Date(Date.now() + 1000).toISOString(),
  });
  const done = await until(
    () => api(company, 'GET', `/schedules/${schedule.id}`),
    (s) => s.status === 'ENVIADA',
  );
  expect(await sent(company, done.ticket.id)).toEqual([`Maria Souza, Maria Souza: lembrete de ${agent}.`]);

  await api(company, 'POST', '/campaign-settings', {
    settings: {
      messageInterval: 0,
      longerIntervalAfter: 0,
      greaterInterval: 0,
      dailyLimit: 0,
      variables: [{ key: 'loja', value: 'Loja Centro' }],
    },
  });
  const list = await api(company, 'POST', '/contact-lists', { name: 'Lista' });
  await api(company, 'POST', '/contact-list-items', {
    contactListId: list.id,
    name: 'João Pedro',
    number: '5511977710005',
  });
  const campaign = await api(company, 'POST', '/campaigns', {
    name: 'Ofertas',
    message1: 'Oi {{firstName}} ({{name}} / {nome}), ofertas na {loja} e na {{loja}}!',
    whatsappId,
    contactListId: list.id,
    scheduledAt: new Date().toISOString(),
  });
  const report = await until(
    () => api(company, 'GET', `/campaigns/${campaign.id}`),
    (c) => c.shipping?.some((s: { deliveredAt: string | null }) => s.deliveredAt),
  );
  expect(report.shipping.map((s: { message: string }) => s.message)).toEqual([
    'Oi João (João Pedro / João Pedro), ofertas na Loja Centro e na Loja Centro!',
  ]);
  const tickets = await api(company, 'GET', '/tickets?searchParam=5511977710005&showAll=true&status=closed');
  const ticketIds = tickets.tickets.map((x: { id: number }) => x.id);
  const bodies = (await Promise.all(ticketIds.map((id: number) => sent(company, id)))).flat();
  expect(bodies).toEqual(['Oi João (João Pedro / João Pedro), ofertas na Loja Centro e na Loja Centro!']);
}, 60_000);
