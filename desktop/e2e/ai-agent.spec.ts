import { type APIRequestContext, expect, test } from '@playwright/test';
import { apiCall, sideMenu, toast, unique } from './support/app';
import { CUSTOMER, customerWrites, type Desk, openSandboxDesk, type Ticket } from './support/sandbox';
import { closePeek, deskAdmin, openWaitingTickets, peek, received, sent } from './support/waiting-tickets';

/**
 * The AI agent from the outside, on the real pipeline with the server's own stand-ins (the suite's
 * server runs with SANDBOX on, so AI_PROVIDER is sandbox and the OpenAI stand-in answers): an admin
 * writes an agent on /prompts and gives it to a queue (or a connection) in that one's dialog; a
 * sandbox customer talks to it, asks for a person, and the waiting ticket reaches the people with a
 * note saying why; from then on the agent keeps quiet. The admin follows the waiting ticket in its
 * read-only peek (accepting it would take it from the agent) and reads the note once accepting it.
 */

interface AiTicket extends Ticket {
  useIntegration: boolean;
  promptId: number | null;
}

const INSTRUCTIONS =
  'Você é a assistente virtual da loja. Responda com educação, em frases curtas, sobre pedidos, trocas e prazos de entrega.';
const HANDOFF = 'Vou transferir você para um de nossos atendentes. Aguarde um momento, por favor.';
/** What the OpenAI stand-in answers a customer's words. */
const answerTo = (model: string, said: string) => `Resposta do assistente (${model}): você disse "${said}".`;
const handOverNote = (agent: string, reason: string) =>
  `Agente de IA "${agent}": ${reason}. A conversa aguarda um atendente.`;
/** How long a reply that should not come is given to come anyway. */
const QUIET_MS = 1500;

/** The customer's one live ticket, as the server has it. */
async function customerTicket(request: APIRequestContext, desk: Desk): Promise<AiTicket> {
  const { tickets } = await apiCall<{ tickets: AiTicket[] }>(
    request,
    desk.adminToken,
    'GET',
    `/tickets?searchParam=${CUSTOMER.from}&showAll=true`,
  );
  const live = tickets.filter((t) => t.contact.number === CUSTOMER.from && t.status !== 'closed');
  expect(live, JSON.stringify(tickets)).toHaveLength(1);
  return live[0];
}

test.describe('the AI agent', () => {
  test('answers a queue’s customer, hands over when asked for a person, leaves a note and then keeps quiet', async ({
    page,
    request,
  }) => {
    const desk = await openSandboxDesk(request);
    const queue = desk.queue1;
    await deskAdmin(page, request, desk);

    // The admin writes the agent on /prompts, for the queue the sandbox line puts its customers in.
    await page.goto('/');
    await sideMenu(page, 'Menu principal').getByRole('link', { name: 'Agentes de IA', exact: true }).click();
    await expect(page).toHaveURL(/\/prompts$/);
    await page.getByRole('button', { name: 'Novo agente' }).click();
    const dialog = page.getByRole('dialog', { name: 'Novo agente de IA' });
    const name = unique('Assistente da loja');
    await dialog.getByRole('textbox', { name: /^Nome/ }).fill(name);
    await dialog.getByRole('textbox', { name: /^Instruções/ }).fill(INSTRUCTIONS);
    await dialog.getByRole('combobox', { name: /^Fila/ }).selectOption({ label: queue.name });
    await dialog
      .getByRole('group', { name: 'Chave da API da OpenAI' })
      .locator('input')
      .fill('sk-test-0123456789abcdef');
    const model = await dialog.getByRole('combobox', { name: /^Modelo/ }).inputValue();
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    // Saved for a queue, the agent answers that queue: nothing else to pick under Queues.
    await expect(toast(page, `Agente salvo. Ele agora atende a fila “${queue.name}”.`)).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(
      page.getByRole('table', { name: 'Agentes de IA' }).getByRole('row').filter({ hasText: name }),
    ).toContainText(queue.name);

    // The queue's dialog shows it in the queue's "Prompt (IA)" field.
    await sideMenu(page, 'Menu principal').getByRole('link', { name: 'Filas', exact: true }).click();
    await page.getByRole('button', { name: `Editar ${queue.name}`, exact: true }).click();
    const queueDialog = page.getByRole('dialog', { name: 'Editar fila' });
    const field = queueDialog.getByRole('combobox', { name: 'Prompt (IA)' });
    await expect(field.locator('option:checked')).toHaveText(name);
    await queueDialog.getByRole('button', { name: 'Cancelar' }).click();
    await expect(queueDialog).toBeHidden();

    const waiting = await openWaitingTickets(page);

    // The customer writes: the ticket waits in the queue, and the agent answers it.
    const question = 'Olá! Qual é o prazo de entrega para São Paulo?';
    await customerWrites(request, desk, question);
    const row = waiting.getByRole('listitem').filter({ hasText: CUSTOMER.name });
    await expect(row).toBeVisible();
    await expect(row).toContainText(queue.name);
    let log = await peek(page, row);
    await expect(received(log).filter({ hasText: question })).toBeVisible();
    await expect(sent(log).filter({ hasText: answerTo(model, question) })).toBeVisible();
    await expect(sent(log)).toHaveCount(1);

    // Asking for a person: the customer is told, no model answer comes, and the ticket still waits,
    // nobody's, in the prompt's queue (where it already was).
    const ask = 'Quero falar com um atendente';
    await customerWrites(request, desk, ask);
    await expect(received(log).filter({ hasText: ask })).toBeVisible();
    await expect(sent(log).filter({ hasText: HANDOFF })).toBeVisible();
    await expect(sent(log)).toHaveCount(2);
    await expect(sent(log).filter({ hasText: 'Resposta do assistente' })).toHaveCount(1);
    await closePeek(page);
    // The hand-over notice is automatic: the row's preview keeps the customer's last words.
    await expect(row).toContainText(ask);
    await expect(row).toContainText(queue.name);
    await expect(row.getByRole('button', { name: 'Aceitar', exact: true })).toBeVisible();
    const ticket = await customerTicket(request, desk);
    expect(ticket).toMatchObject({
      status: 'pending',
      queueId: queue.id,
      userId: null,
      useIntegration: false,
      promptId: null,
    });

    // The customer writes again: it reaches the waiting ticket, and the agent keeps quiet.
    const again = 'Ainda estou aguardando, obrigado.';
    await customerWrites(request, desk, again);
    log = await peek(page, row);
    await expect(received(log).filter({ hasText: again })).toBeVisible();
    await page.waitForTimeout(QUIET_MS);
    await expect(received(log)).toHaveCount(3);
    await expect(sent(log)).toHaveCount(2);
    await expect(sent(log).last()).toContainText(HANDOFF);
    await closePeek(page);

    // The person who takes it reads why in the ticket's notes (the contact drawer): no user wrote it.
    await row.getByRole('button', { name: 'Aceitar', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/tickets/${ticket.uuid}$`));
    await page.getByRole('button', { name: `Dados do contato: ${CUSTOMER.name}` }).click();
    const notes = page.getByRole('region', { name: 'Observações' });
    await expect(notes.getByRole('listitem')).toHaveCount(1);
    await expect(notes.getByRole('listitem')).toContainText(handOverNote(name, 'o cliente pediu um atendente'));
    await expect(notes.getByRole('listitem')).toContainText('Automação ·');
  });

  test('a connection’s agent answers in place of the queue menu and, passing the customer on, files the ticket in its queue', async ({
    page,
    request,
  }) => {
    const desk = await openSandboxDesk(request);
    await deskAdmin(page, request, desk);
    // The agent's configuration through the UI is the test above; here it is set up directly.
    const model = 'gpt-4o-mini';
    const prompt = await apiCall<{ id: number; name: string }>(request, desk.adminToken, 'POST', '/prompt', {
      name: unique('Agente da linha'),
      prompt: INSTRUCTIONS,
      model,
      maxTokens: 100,
      temperature: 1,
      apiKey: 'sk-test-0123456789abcdef',
      queueId: desk.queue2.id,
      maxMessages: 10,
      voice: 'texto',
      voiceKey: '',
      voiceRegion: '',
    });
    // With two queues the line greets a new customer with the queue menu (and must have a greeting).
    const greeting = 'Bem-vindo à loja! Escolha um setor:';
    await apiCall(request, desk.adminToken, 'PUT', `/whatsapp/${desk.whatsappId}`, {
      greetingMessage: greeting,
      queueIds: [desk.queue1.id, desk.queue2.id],
    });
    // The admin gives the line its agent in the connection dialog.
    await page.goto('/');
    await sideMenu(page, 'Menu principal').getByRole('link', { name: 'Conexões', exact: true }).click();
    await page.getByRole('button', { name: 'Editar Sandbox line', exact: true }).click();
    const connectionDialog = page.getByRole('dialog', { name: 'Editar conexão' });
    await connectionDialog.getByRole('combobox', { name: 'Prompt (IA)' }).selectOption({ label: prompt.name });
    await connectionDialog.getByRole('button', { name: 'Salvar' }).click();
    await expect(connectionDialog).toBeHidden();

    const waiting = await openWaitingTickets(page);
    const question = 'Boa tarde, vocês abrem no sábado?';
    await customerWrites(request, desk, question);
    const row = waiting.getByRole('listitem').filter({ hasText: CUSTOMER.name });
    await expect(row).toBeVisible();
    const log = await peek(page, row);
    await expect(received(log).filter({ hasText: question })).toBeVisible();
    await expect(sent(log).filter({ hasText: answerTo(model, question) })).toBeVisible();
    // The agent's answer is all the customer got: no menu of the queues.
    await expect(sent(log)).toHaveCount(1);
    await expect(log).not.toContainText(greeting);
    await expect(log).not.toContainText(desk.queue1.name);
    await expect(log).not.toContainText(desk.queue2.name);
    let ticket = await customerTicket(request, desk);
    expect(ticket).toMatchObject({ status: 'pending', queueId: null, useIntegration: true, promptId: prompt.id });

    // The model itself passes the customer on (the stand-in does when asked to "transfer"): only
    // the hand-over message goes out, and the queueless ticket waits in the prompt's queue.
    const ask = 'Pode me transferir para o financeiro?';
    await customerWrites(request, desk, ask);
    await expect(received(log).filter({ hasText: ask })).toBeVisible();
    await expect(sent(log).filter({ hasText: HANDOFF })).toBeVisible();
    await expect(sent(log)).toHaveCount(2);
    await expect(log).not.toContainText('Transferir para o setor');
    await closePeek(page);
    await expect(row).toContainText(desk.queue2.name);
    ticket = await customerTicket(request, desk);
    expect(ticket).toMatchObject({ status: 'pending', queueId: desk.queue2.id, userId: null, promptId: null });

    await row.getByRole('button', { name: 'Aceitar', exact: true }).click();
    await page.getByRole('button', { name: `Dados do contato: ${CUSTOMER.name}` }).click();
    await expect(page.getByRole('region', { name: 'Observações' }).getByRole('listitem')).toContainText(
      handOverNote(prompt.name, 'o agente de IA passou a conversa adiante'),
    );
  });
});
