import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import { apiCall, apiSignIn, E2E_ADMIN, signIn, signupCompany, unique, uniqueEmail } from './support/app';
import { expectUsableLayout } from './support/layout';
import { customerWrites, openSandboxDesk, type Ticket } from './support/sandbox';

/**
 * Every page on a phone (390 px) and on a desktop (1400 px): nothing scrolls sideways, every action
 * is on screen, no text is painted over another. The data is long on purpose (names, e-mails,
 * messages), since short test data hides what real companies' rows do to a narrow table.
 */

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1400, height: 900 };

interface Visit {
  path: string;
  /** What the page shows once its data has loaded (the seeded rows are language-neutral). */
  ready: ((page: Page) => Locator) | null;
}

interface CompanyDesk {
  admin: { name: string; email: string; password: string };
  ticket: Ticket;
  visits: Visit[];
}

let companyDesk: Promise<CompanyDesk> | null = null;

const text = (value: string) => (page: Page) => page.getByText(value).first();

/** A company with long names everywhere, a sandbox line, a customer's ticket and a trial invoice. */
async function seedCompany(request: APIRequestContext): Promise<CompanyDesk> {
  const desk = await openSandboxDesk(request);
  const admin = {
    name: unique('Maria Aparecida dos Santos Oliveira'),
    email: uniqueEmail('maria.aparecida.santos.oliveira'),
    password: 'Admin-pass-1',
  };
  const { id: adminId } = await apiCall<{ id: number }>(request, desk.adminToken, 'POST', '/users', {
    ...admin,
    profile: 'admin',
    queueIds: [desk.queue1.id, desk.queue2.id],
    allTicket: 'enabled',
  });
  const queue = unique('Pos-venda, trocas e devolucoes');
  const { id: queueId } = await apiCall<{ id: number }>(request, desk.adminToken, 'POST', '/queue', {
    name: queue,
    color: '#8e24aa',
    greetingMessage:
      'Olá! Você está na fila de pós-venda. Conte o número do pedido e o que aconteceu com a entrega, que um atendente responde em seguida.',
  });
  // An AI agent with a long name on that queue.
  const agent = unique('Assistente virtual de pos-venda, trocas e devolucoes');
  await apiCall(request, desk.adminToken, 'POST', '/prompt', {
    name: agent,
    prompt:
      'Você é a assistente da loja. Responda em frases curtas sobre pedidos, trocas, devoluções e prazos de entrega.',
    model: 'gpt-4o-mini',
    maxTokens: 300,
    temperature: 0.7,
    apiKey: 'sk-test-0123456789abcdef',
    queueId,
    maxMessages: 10,
    voice: 'texto',
    voiceKey: '',
    voiceRegion: '',
  });
  // A queue integration with a name near the longest allowed (50).
  const integration = unique('Webhook do ERP de pedidos e trocas');
  await apiCall(request, desk.adminToken, 'POST', '/queueIntegration', {
    type: 'webhook',
    name: integration,
    urlN8N: 'https://erp.example.com/atendo/webhooks/pedidos-e-trocas',
  });
  // A long tag name, to see it wrap rather than push the columns off a phone.
  const tag = unique('Pedido atrasado');
  await apiCall(request, desk.adminToken, 'POST', '/tags', { name: tag, color: '#8e24aa', kanban: 1 });
  // A chat with a long title and a long message, from the company's first admin to this one.
  const chatTitle = unique('Plantao do fim de semana e escala dos feriados de dezembro');
  const chat = await apiCall<{ id: number; uuid: string }>(request, desk.adminToken, 'POST', '/chats', {
    title: chatTitle,
    users: [{ id: adminId }],
  });
  await apiCall(request, desk.adminToken, 'POST', `/chats/${chat.id}/messages`, {
    message:
      'Quem fica com o plantão de sábado? Preciso fechar a escala até sexta: https://intranet.example/escalas/2024/dezembro_plantao-de-fim-de-semana',
  });
  // A shared quick message and a file list with long names and texts.
  const shortcode = unique('segunda-via-do-boleto-vencido');
  await apiCall(request, desk.adminToken, 'POST', '/quick-messages', {
    shortcode,
    message:
      'Olá! Segue a segunda via do boleto atualizada com a nova data de vencimento: https://financeiro.example/boletos/2024_000123_segunda-via',
    geral: true,
  });
  const fileList = unique('Catalogo completo de produtos da colecao de verao');
  await apiCall(request, desk.adminToken, 'POST', '/files', {
    name: fileList,
    message: 'Confira as novidades da coleção de verão com os preços atualizados.',
    options: [{ name: 'Tabela de precos atualizada com descontos progressivos' }],
  });
  // A contact list with a long name, and a contact of it with a long name and e-mail.
  const contactList = unique('Clientes da campanha de inverno');
  const { id: contactListId } = await apiCall<{ id: number }>(request, desk.adminToken, 'POST', '/contact-lists', {
    name: contactList,
  });
  const listContact = unique('Maria Aparecida dos Santos');
  await apiCall(request, desk.adminToken, 'POST', '/contact-list-items', {
    contactListId,
    name: listContact,
    number: '5511987650000',
    email: 'maria.aparecida.santos.oliveira@distribuidora-exemplo.com.br',
  });
  // A contact with a long name and e-mail, beside the customer the sandbox brings in.
  const contact = unique('Distribuidora Oliveira Bebidas');
  const { id: contactId } = await apiCall<{ id: number }>(request, desk.adminToken, 'POST', '/contacts', {
    name: contact,
    number: '5511987651234',
    email: 'financeiro.contas-a-pagar@distribuidora-oliveira.com.br',
  });
  // A scheduled message to that contact later today (the phone's calendar opens on the day).
  const endOfToday = new Date();
  endOfToday.setHours(23, 59, 0, 0);
  await apiCall(request, desk.adminToken, 'POST', '/schedules', {
    contactId,
    body: 'Bom dia! Lembrete: o boleto da distribuidora vence amanhã; a segunda via está em https://financeiro.example/boletos/2024_000123_segunda-via',
    sendAt: new Date(Math.min(Date.now() + 30 * 60_000, endOfToday.getTime())).toISOString(),
  });
  // A finished campaign to the contact list, one of whose numbers is not on WhatsApp (a failure
  // row in its report), and a campaign variable with a long key and value.
  await apiCall(request, desk.adminToken, 'PUT', '/sandbox/numbers/5511987650009', { onWhatsApp: false });
  await apiCall(request, desk.adminToken, 'POST', '/contact-list-items', {
    contactListId,
    name: unique('Joaquim Benedito de Albuquerque'),
    number: '5511987650009',
  });
  const variable = unique('cupom-de-desconto-de-inverno');
  await apiCall(request, desk.adminToken, 'POST', '/campaign-settings', {
    settings: {
      messageInterval: 0,
      longerIntervalAfter: 0,
      greaterInterval: 0,
      dailyLimit: 0,
      variables: [{ key: variable, value: 'INVERNO2024-FRETE-GRATIS-PARA-TODO-O-BRASIL-NAS-COMPRAS-ACIMA-DE-R$199' }],
    },
  });
  const campaign = unique('Promocao de inverno atacadistas');
  const { id: campaignId } = await apiCall<{ id: number }>(request, desk.adminToken, 'POST', '/campaigns', {
    name: campaign,
    whatsappId: desk.whatsappId,
    contactListId,
    message1: `Olá {primeiroNome}! Use o cupom {${variable}} até domingo.`,
    scheduledAt: new Date().toISOString(),
  });
  await customerWrites(
    request,
    desk,
    '*Bom dia!* Comprei um _liquidificador_ e veio ~quebrado~ sem a tampa: ```pedido 2024-000123``` https://loja.example/pedidos/2024_000123_acompanhamento-da-entrega',
  );
  let ticket: Ticket | undefined;
  await expect
    .poll(async () => {
      const page = await apiCall<{ tickets: Ticket[] }>(request, desk.adminToken, 'GET', '/tickets?status=pending');
      ticket = page.tickets[0];
      return ticket?.uuid ?? null;
    })
    .not.toBeNull();
  const opened = ticket as Ticket;
  // Accepted by the admin, the ticket is on their "in progress" tab, the one the tickets page opens on.
  await apiCall(request, desk.adminToken, 'PUT', `/tickets/${opened.id}`, { status: 'open', userId: adminId });
  return {
    admin,
    ticket: opened,
    visits: [
      { path: '/', ready: (page) => page.getByRole('table').getByText(admin.name) },
      { path: '/tickets', ready: (page) => page.getByRole('listitem').getByText(/liquidificador/) },
      { path: `/tickets/${opened.uuid}`, ready: text('liquidificador') },
      { path: '/connections', ready: text('Sandbox line') },
      { path: '/users', ready: text(admin.email) },
      { path: '/queues', ready: text(queue) },
      { path: '/tags', ready: text(tag) },
      { path: '/contacts', ready: text(contact) },
      // The customer's ticket is a card of the lane of tickets without a kanban tag.
      { path: '/kanban', ready: (page) => page.getByRole('listitem').getByText(/liquidificador/) },
      { path: '/chats', ready: text(chatTitle) },
      { path: `/chats/${chat.uuid}`, ready: text('plantão de sábado') },
      { path: '/quick-messages', ready: text(shortcode) },
      { path: '/files', ready: text(fileList) },
      { path: '/prompts', ready: text(agent) },
      { path: '/queue-integration', ready: text(integration) },
      { path: '/contact-lists', ready: text(contactList) },
      { path: `/contact-lists/${contactListId}/contacts`, ready: text(listContact) },
      { path: '/schedules', ready: text(contact) },
      { path: '/campaigns', ready: text(campaign) },
      // The report once the campaign finished (it runs in a moment: no interval between sends).
      { path: `/campaign/${campaignId}/report`, ready: (page) => page.locator('[data-status="FINALIZADA"]') },
      { path: '/campaigns-config', ready: text(variable) },
      { path: '/todolist', ready: null },
      { path: '/settings', ready: null },
      { path: '/financeiro', ready: text('R$') },
      { path: '/helps', ready: null },
      { path: '/subscription', ready: null },
    ],
  };
}

async function visit(page: Page, { path, ready }: Visit): Promise<void> {
  await page.goto(path);
  if (ready) await expect(ready(page)).toBeVisible({ timeout: 30_000 });
  else await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  // Lists fill in after their first rows (counts, badges, avatars): let the page settle.
  await page.waitForLoadState('networkidle');
  await expectUsableLayout(page, path);
}

/** Signs in (in English, the sign-in helper's language), then switches the app to `language`. */
async function signInAs(page: Page, account: { email: string; password: string }, language: 'pt' | 'en') {
  await signIn(page, account);
  await page.evaluate((lng) => window.localStorage.setItem('i18nextLng', lng), language);
}

// Seeding a company and visiting twelve pages takes longer than one page's test.
test.describe.configure({ timeout: 180_000 });

test.describe('a company admin on a phone, in Portuguese and the dark theme', () => {
  test.use({ viewport: PHONE, colorScheme: 'dark' });

  test('every page fits 390 px', async ({ page, request }) => {
    companyDesk ??= seedCompany(request);
    const desk = await companyDesk;
    await signInAs(page, desk.admin, 'pt');
    for (const step of desk.visits) await visit(page, step);
    await expect(page.locator('html')).toHaveAttribute('lang', 'pt');
  });
});

test.describe('a company admin on a desktop', () => {
  test.use({ viewport: DESKTOP });

  test('every page fits 1400 px', async ({ page, request }) => {
    companyDesk ??= seedCompany(request);
    const desk = await companyDesk;
    await signInAs(page, desk.admin, 'en');
    for (const step of desk.visits) await visit(page, step);
  });
});

for (const viewport of [PHONE, DESKTOP]) {
  test.describe(`the super-admin at ${viewport.width} px`, () => {
    test.use({ viewport });

    test('companies, plans, helps and announcements fit', async ({ page, request }) => {
      const token = await apiSignIn(request, E2E_ADMIN);
      const company = await signupCompany(request, 'Distribuidora-de-Materiais');
      const help = await apiCall<{ id: number }>(request, token, 'POST', '/helps', {
        title: unique('Como conectar o WhatsApp da loja pelo celular'),
        description: 'Passo a passo para ler o QR code com o aparelho da empresa e manter a conexão ativa.',
        video: 'dQw4w9WgXcQ',
      });
      const announcement = await apiCall<{ id: number }>(request, token, 'POST', '/announcements', {
        title: unique('Manutenção programada do servidor'),
        text: 'No domingo, das 2h às 4h, o sistema fica indisponível para atualização.',
        priority: 2,
      });
      try {
        await signIn(page, E2E_ADMIN);
        for (const step of [
          { path: '/companies', ready: text(company.email) },
          { path: '/plans', ready: text('Default') },
          { path: '/helps-admin', ready: text('Como conectar') },
          {
            path: '/financeiro',
            ready: (p: Page) => p.getByRole('heading', { name: 'Invoices of every company' }),
          },
          { path: '/announcements', ready: text('Manutenção programada') },
          { path: '/helps', ready: text('Como conectar') },
        ]) {
          await visit(page, step);
        }
      } finally {
        // The browser's sign-in ended the first API session.
        const cleanup = await apiSignIn(request, E2E_ADMIN);
        await apiCall(request, cleanup, 'DELETE', `/helps/${help.id}`);
        await apiCall(request, cleanup, 'DELETE', `/announcements/${announcement.id}`);
      }
    });
  });
}

test.describe('the public pages on a phone, in Portuguese and the dark theme', () => {
  test.use({ viewport: PHONE, colorScheme: 'dark' });

  test('sign-in, sign-up and the forgotten password fit 390 px', async ({ page }) => {
    await page.addInitScript(() => window.localStorage.setItem('i18nextLng', 'pt'));
    for (const path of ['/login', '/signup', '/forgetpsw']) await visit(page, { path, ready: null });
    await expect(page.getByRole('button', { name: 'Enviar código' })).toBeVisible();
  });
});

test.describe('the public pages on a desktop', () => {
  test.use({ viewport: DESKTOP });

  test('sign-in, sign-up and the forgotten password fit 1400 px', async ({ page }) => {
    for (const path of ['/login', '/signup', '/forgetpsw']) await visit(page, { path, ready: null });
  });
});
