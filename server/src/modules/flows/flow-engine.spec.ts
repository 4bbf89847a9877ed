import type { FlowGraph, FlowNode } from '@atendo/shared';
import { answerFlow, resumeFlow, startFlow } from './flow-engine.js';

const node = (id: string, type: FlowNode['type'], data: Record<string, unknown> = {}): FlowNode => ({
  id,
  type,
  data,
  position: { x: 0, y: 0 },
});
const line = (source: string, target: string, sourceHandle = 'a') => ({
  id: `${source}-${sourceHandle}-${target}`,
  source,
  target,
  sourceHandle,
});

/** Start → greeting → menu (1: question → thanks; 2: ticket to queue 7). */
const triage = (): FlowGraph => ({
  nodes: [
    node('1', 'start'),
    node('hi', 'message', { label: 'Olá!' }),
    node('menu', 'menu', {
      message: 'Como posso ajudar?',
      arrayOption: [
        { number: 1, value: 'Pedido' },
        { number: 2, value: 'Falar com alguém' },
      ],
    }),
    node('ask', 'question', { typebotIntegration: { message: 'Qual o número do pedido?', answerKey: 'pedido' } }),
    node('thanks', 'message', { label: 'Pedido {{pedido}} anotado.' }),
    node('people', 'ticket', { data: { id: 7 } }),
  ],
  connections: [
    line('1', 'hi'),
    line('hi', 'menu'),
    line('menu', 'ask', 'a1'),
    line('menu', 'people', 'a2'),
    line('ask', 'thanks'),
  ],
});

const texts = (step: { replies: { kind: string; body?: string }[] }) =>
  step.replies.map((r) => (r.kind === 'text' ? r.body : r.kind));

describe('the flow engine', () => {
  it('walks from the start to the first wait, then takes the answers', () => {
    const graph = triage();
    const first = startFlow(graph);
    expect(texts(first)).toEqual(['Olá!', 'Como posso ajudar?\n\n[1] - Pedido\n[2] - Falar com alguém']);
    expect(first.position).toEqual({ nodeId: 'menu', waiting: 'menu', variables: {}, done: false });
    // A wrong answer shows the menu again and stays.
    const wrong = answerFlow(graph, first.position, '9');
    expect(texts(wrong)).toEqual([texts(first)[1]]);
    expect(wrong.position).toEqual(first.position);
    // The option's words, accents and case aside, choose it as its number does.
    const chosen = answerFlow(graph, first.position, '  PEDIDO ');
    expect(texts(chosen)).toEqual(['Qual o número do pedido?']);
    const answered = answerFlow(graph, chosen.position, ' 4521 ');
    expect(texts(answered)).toEqual(['Pedido 4521 anotado.']);
    expect(answered.position).toEqual({ nodeId: null, waiting: null, variables: { pedido: '4521' }, done: true });
    expect(answered.replies[0].nodeId).toBe('thanks');
  });

  it('moves the ticket to the queue of a ticket block and ends', () => {
    const graph = triage();
    const step = answerFlow(graph, startFlow(graph).position, '2');
    expect(step.replies).toEqual([{ kind: 'queue', queueId: 7, nodeId: 'people' }]);
    expect(step.position.done).toBe(true);
  });

  it('splits by percent, sends a content block in its order and shows waits as replies', () => {
    const graph: FlowGraph = {
      nodes: [
        node('1', 'start'),
        node('coin', 'randomizer', { percent: 30 }),
        node('block', 'singleBlock', {
          seq: ['img1', 'interval0', 'message2'],
          elements: [
            { type: 'interval', value: 3, number: 'interval0' },
            { type: 'img', value: '/public/company1/a/foto.png', number: 'img1' },
            { type: 'message', value: 'Veja acima', number: 'message2' },
          ],
        }),
        node('other', 'message', { label: 'B' }),
      ],
      connections: [line('1', 'coin'), line('coin', 'block', 'a'), line('coin', 'other', 'b')],
    };
    expect(startFlow(graph, () => 0.9).replies).toEqual([{ kind: 'text', body: 'B', nodeId: 'other' }]);
    expect(startFlow(graph, () => 0.1).replies).toEqual([
      { kind: 'media', mediaType: 'image', url: '/public/company1/a/foto.png', nodeId: 'block' },
      { kind: 'wait', seconds: 3, nodeId: 'block' },
      { kind: 'text', body: 'Veja acima', nodeId: 'block' },
    ]);
  });

  it('stops a loop without a wait instead of answering for ever', () => {
    const graph: FlowGraph = {
      nodes: [node('1', 'start'), node('a', 'message', { label: 'eco' }), node('b', 'message', { label: 'eco' })],
      connections: [line('1', 'a'), line('a', 'b'), line('b', 'a')],
    };
    const step = startFlow(graph);
    expect(step.replies.filter((r) => r.kind === 'text')).toHaveLength(49);
    expect(step.replies.at(-1)).toMatchObject({ kind: 'fail', reason: 'loop' });
    expect(step.position.done).toBe(true);
  });

  it('hands the conversation to a bot and goes on when the bot returns it', () => {
    const graph: FlowGraph = {
      nodes: [
        node('1', 'start'),
        node('ai', 'openai', { promptId: 3 }),
        node('after', 'message', { label: 'De volta' }),
      ],
      connections: [line('1', 'ai'), line('ai', 'after')],
    };
    const first = startFlow(graph);
    expect(first.replies).toEqual([{ kind: 'bot', bot: 'openai', refId: 3, nodeId: 'ai' }]);
    expect(first.position.waiting).toBe('bot');
    // The customer's words are the bot's meanwhile.
    expect(answerFlow(graph, first.position, 'oi').replies).toEqual([]);
    expect(texts(resumeFlow(graph, first.position))).toEqual(['De volta']);
  });

  it('branches on a condition over an answer', () => {
    const graph: FlowGraph = {
      nodes: [
        node('1', 'start'),
        node('ask', 'question', { typebotIntegration: { message: 'Cidade?', answerKey: 'cidade' } }),
        node('if', 'condition', { key: 'cidade', condition: 'contains', value: 'sao paulo' }),
        node('sp', 'message', { label: 'Entregamos hoje' }),
        node('else', 'message', { label: 'Entregamos em 3 dias' }),
      ],
      connections: [line('1', 'ask'), line('ask', 'if'), line('if', 'sp', 'a'), line('if', 'else', 'b')],
    };
    const asked = startFlow(graph).position;
    expect(texts(answerFlow(graph, asked, 'São Paulo - SP'))).toEqual(['Entregamos hoje']);
    expect(texts(answerFlow(graph, asked, 'Recife'))).toEqual(['Entregamos em 3 dias']);
  });
});
