import { settle } from './support/conversations.js';
import { signupCompany, startTestApp, type TestApp } from './support/test-app.js';

// The option menu the whole way round on the real gateway: the sandbox network delivers the
// customer's answers, the bot's menus go out through the connection and are stored, and the agent
// reads the path the customer took in the conversation.
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ SANDBOX: 'true' });
}, 60_000);
afterAll(() => t.close());

type Message = { body: string; fromMe: boolean };

it('a sandbox customer walks a two-level menu; the conversation shows every menu and choice', async () => {
  const company = await signupCompany(t, 'SandboxMenu');
  const token = company.token;
  const api = async (method: string, url: string, body?: unknown) => {
    const res = await t.request(method, url, { token, body });
    if (res.status >= 300) throw new Error(`${method} ${url}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body;
  };
  const sales = await api('POST', '/queue', { name: 'Vendas', color: '#008B02', orderQueue: 1 });
  const support = await api('POST', '/queue', {
    name: 'Suporte',
    color: '#B80000',
    orderQueue: 2,
    greetingMessage: 'Suporte técnico.',
  });
  const internet = await api('POST', '/queue-options', {
    queueId: support.id,
    title: 'Internet',
    message: 'O que houve com a internet?',
  });
  await api('POST', '/queue-options', { queueId: support.id, title: 'Telefone', message: 'Ligue 0800.' });
  await api('POST', '/queue-options', {
    queueId: support.id,
    parentId: internet.id,
    title: 'Sem sinal',
    message: 'Um técnico vai te chamar.',
  });
  await api('POST', '/queue-options', { queueId: support.id, parentId: internet.id, title: 'Lenta', message: '' });
  const line = await api('POST', '/whatsapp', {
    name: 'Sandbox line',
    provider: 'sandbox',
    queueIds: [sales.id, support.id],
    greetingMessage: 'Olá {{firstName}}!',
  });
  await api('POST', `/whatsappsession/${line.id}`);
  for (let i = 0; i < 50; i += 1) {
    const scan = await t.request('POST', `/sandbox/connections/${line.id}/scan`, { token, body: {} });
    if (scan.status === 200) break;
    await settle(100);
  }

  let ticketId = 0;
  const conversation = async (): Promise<Message[]> =>
    ticketId ? (await api('GET', `/messages/${ticketId}`)).messages : [];
  /** The customer answers; resolves once the bot has said `replies` more things. */
  const answer = async (body: string, replies: number) => {
    const before = (await conversation()).length;
    await api('POST', `/sandbox/connections/${line.id}/messages`, { from: '5511977776666', name: 'Carla Dias', body });
    for (let i = 0; i < 100; i += 1) {
      if (!ticketId)
        ticketId = (await api('GET', '/tickets?searchParam=5511977776666&showAll=true')).tickets[0]?.id ?? 0;
      if ((await conversation()).length >= before + 1 + replies) return;
      await settle(50);
    }
    throw new Error(`no reply to "${body}"`);
  };

  await answer('Oi', 1);
  await answer('2', 2);
  await answer('5', 1);
  await answer('1', 1);
  await answer('1', 1);
  const ticket = await api('GET', `/tickets/${ticketId}`);
  expect(ticket).toMatchObject({ status: 'pending', queueId: support.id, chatbot: false });

  const top = '*1* - Internet\n*2* - Telefone\n*0* - Voltar';
  expect((await conversation()).map((m) => [m.fromMe ? 'bot' : 'customer', m.body])).toEqual([
    ['customer', 'Oi'],
    ['bot', 'Olá Carla!\n\n*1* - Vendas\n*2* - Suporte'],
    ['customer', '2'],
    ['bot', 'Suporte técnico.'],
    ['bot', top],
    ['customer', '5'],
    ['bot', top],
    ['customer', '1'],
    ['bot', 'O que houve com a internet?\n\n*1* - Sem sinal\n*2* - Lenta\n*0* - Voltar\n*#* - Menu inicial'],
    ['customer', '1'],
    ['bot', 'Um técnico vai te chamar.'],
  ]);
}, 60_000);
