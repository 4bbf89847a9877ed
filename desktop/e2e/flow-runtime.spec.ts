import { expect, test } from '@playwright/test';
import type { Flow, FlowEdge, FlowNode } from '@atendo/shared';
import { apiCall, sideMenu, toast, unique } from './support/app';
import { CUSTOMER, customerWrites, openSandboxDesk } from './support/sandbox';
import { closePeek, deskAdmin, openWaitingTickets, peek, received, sent } from './support/waiting-tickets';

/**
 * A drawn flow at work, from the outside: an admin gives a flow a phrase on /phrase-lists, a sandbox
 * customer writes it on the sandbox line, and the flow answers through the real pipeline (its menu
 * repeating itself on a wrong answer, a question whose answer a later message reuses, a ticket
 * block filing the ticket in a queue), which the admin follows in the waiting ticket's peek.
 */

const step = (id: string, type: FlowNode['type'], data: Record<string, unknown>, x: number): FlowNode => ({
  id,
  type,
  data,
  position: { x, y: 100 },
});
const link = (source: string, target: string, sourceHandle = 'a'): FlowEdge => ({
  id: `${source}-${sourceHandle}-${target}`,
  source,
  target,
  sourceHandle,
});

test('a phrase made on /phrase-lists starts the flow for a sandbox customer, who is guided to a queue', async ({
  page,
  request,
}) => {
  const desk = await openSandboxDesk(request);
  await deskAdmin(page, request, desk);
  const flow = await apiCall<Flow>(request, desk.adminToken, 'POST', '/flowbuilder', { name: unique('Pedidos') });
  await apiCall(request, desk.adminToken, 'POST', '/flowbuilder/flow', {
    idFlow: flow.id,
    nodes: [
      step('1', 'start', { label: 'Inicio do fluxo' }, 0),
      step('hi', 'message', { label: 'Olá! Sou o assistente da loja.' }, 300),
      step(
        'menu',
        'menu',
        {
          message: 'Como posso ajudar?',
          arrayOption: [
            { number: 1, value: 'Acompanhar pedido' },
            { number: 2, value: 'Outro assunto' },
          ],
        },
        600,
      ),
      step(
        'ask',
        'question',
        { typebotIntegration: { message: 'Qual o número do pedido?', answerKey: 'pedido' } },
        900,
      ),
      step('noted', 'message', { label: 'Pedido {{pedido}} anotado. Um atendente continua daqui.' }, 1200),
      step('billing', 'ticket', { data: { id: desk.queue2.id } }, 1500),
    ],
    connections: [
      link('1', 'hi'),
      link('hi', 'menu'),
      link('menu', 'ask', 'a1'),
      link('menu', 'billing', 'a2'),
      link('ask', 'noted'),
      link('noted', 'billing'),
    ],
  });

  // The phrase, made where an admin makes it.
  await page.goto('/');
  await sideMenu(page, 'Menu principal').getByRole('link', { name: 'Fluxos por frase', exact: true }).click();
  await page.getByRole('button', { name: 'Nova frase' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nova frase' });
  await dialog.getByRole('textbox', { name: /^Nome/ }).fill(unique('Rastreio'));
  const flowBox = dialog.getByRole('combobox', { name: /^Fluxo/ });
  await flowBox.click();
  await flowBox.pressSequentially(flow.name.slice(0, 10));
  await page.getByRole('option', { name: flow.name, exact: true }).click();
  await dialog.getByRole('combobox', { name: /^Conexão/ }).selectOption({ label: 'Sandbox line' });
  await dialog.getByRole('textbox', { name: /^Frase/ }).fill('meu pedido');
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  await expect(toast(page, 'Frase criada/alterada com sucesso!')).toBeVisible();

  const waiting = await openWaitingTickets(page);
  // Case, accents and the words around it aside, the phrase starts the flow.
  await customerWrites(request, desk, 'Oi, cadê o MEU PEDIDO?');
  const row = waiting.getByRole('listitem').filter({ hasText: CUSTOMER.name });
  await expect(row).toBeVisible();
  const log = await peek(page, row);
  await expect(sent(log).filter({ hasText: 'Olá! Sou o assistente da loja.' })).toBeVisible();
  await expect(sent(log).filter({ hasText: 'Como posso ajudar?' })).toContainText('Acompanhar pedido');
  await expect(sent(log)).toHaveCount(2);

  // A wrong answer: the menu again.
  await customerWrites(request, desk, '7');
  await expect(received(log).filter({ hasText: /^7/ })).toBeVisible();
  await expect(sent(log)).toHaveCount(3);
  await expect(sent(log).last()).toContainText('Como posso ajudar?');

  await customerWrites(request, desk, '1');
  await expect(sent(log).last()).toContainText('Qual o número do pedido?');
  await customerWrites(request, desk, 'A-4471');
  await expect(sent(log).last()).toContainText('Pedido A-4471 anotado. Um atendente continua daqui.');
  await expect(sent(log)).toHaveCount(5);
  await closePeek(page);

  // The ticket block filed it in the billing queue, still waiting for a person.
  await expect(row).toContainText(desk.queue2.name);
  await expect(row.getByRole('button', { name: 'Aceitar', exact: true })).toBeVisible();
});
