import { fillVariables, nextNode, sourceHandles, validateFlowGraph, type FlowGraph } from './flow-graph.js';
import type { FlowNode } from './flows.types.js';

const node = (id: string, type: FlowNode['type'], data: Record<string, unknown> = {}): FlowNode => ({
  id,
  type,
  data,
  position: { x: 0, y: 0 },
});

const drawing = (): FlowGraph => ({
  nodes: [
    node('1', 'start', { label: 'Inicio do fluxo' }),
    node('menu1', 'menu', {
      message: 'Escolha',
      arrayOption: [
        { number: 1, value: 'Vendas' },
        { number: 2, value: 'Suporte' },
      ],
    }),
    node('ask', 'question', { typebotIntegration: { message: 'Seu nome?', answerKey: 'nome' } }),
    node('bye', 'message', { label: 'Obrigado, {{nome}}' }),
  ],
  connections: [
    { id: 'e1', source: '1', target: 'menu1', sourceHandle: null },
    { id: 'e2', source: 'menu1', target: 'ask', sourceHandle: 'a1' },
    { id: 'e3', source: 'ask', target: 'bye', sourceHandle: 'a' },
  ],
});

describe('validateFlowGraph', () => {
  it('accepts a drawing whose lines leave from their handles, an empty handle meaning the only way out', () => {
    expect(validateFlowGraph(drawing())).toEqual([]);
  });

  it('names the node of each problem', () => {
    const graph = drawing();
    graph.nodes.push(node('1', 'start'), node('blank', 'message', { label: '  ' }));
    graph.nodes[1].data = { message: 'Escolha', arrayOption: [] };
    graph.connections.push(
      { id: 'e4', source: 'menu1', target: 'bye', sourceHandle: 'a9' },
      { id: 'e5', source: 'bye', target: 'ghost', sourceHandle: 'a' },
      { id: 'e6', source: 'bye', target: '1', sourceHandle: 'a' },
    );
    expect(validateFlowGraph(graph)).toEqual(
      expect.arrayContaining([
        { field: 'nodes', message: 'validation.tooMany', params: { node: '1', type: 'start' } },
        { field: 'nodes', message: 'validation.taken', params: { node: '1', type: 'start' } },
        { field: 'data.label', message: 'validation.required', params: { node: 'blank', type: 'message' } },
        { field: 'data.arrayOption', message: 'validation.atLeastOne', params: { node: 'menu1', type: 'menu' } },
        {
          field: 'connections.sourceHandle',
          message: 'validation.oneOf',
          params: { edge: 'e4', node: 'menu1', type: 'menu' },
        },
        { field: 'connections', message: 'validation.oneOf', params: { edge: 'e5', node: 'ghost' } },
        { field: 'connections.target', message: 'validation.oneOf', params: { edge: 'e6', node: '1', type: 'start' } },
      ]),
    );
  });

  it('wants exactly one start, an interval within 120 s and a menu without repeated numbers', () => {
    const graph: FlowGraph = {
      nodes: [
        node('wait', 'interval', { sec: 121 }),
        node('m', 'menu', {
          message: 'x',
          arrayOption: [
            { number: 1, value: 'a' },
            { number: 1, value: 'b' },
          ],
        }),
      ],
      connections: [],
    };
    expect(validateFlowGraph(graph).map((p) => `${String(p.params?.node)} ${p.field} ${p.message}`)).toEqual([
      '1 nodes validation.required',
      'wait data.sec validation.intervalRange',
      'm data.arrayOption validation.taken',
    ]);
  });
});

describe('handles and lines', () => {
  it('gives a menu a handle per option, a randomizer two and a ticket none', () => {
    const graph = drawing();
    expect(sourceHandles(graph.nodes[1])).toEqual(['a1', 'a2']);
    expect(sourceHandles(node('r', 'randomizer', { percent: 30 }))).toEqual(['a', 'b']);
    expect(sourceHandles(node('t', 'ticket', { data: { id: 1 } }))).toEqual([]);
    expect(nextNode(graph, graph.nodes[0], 'a')?.id).toBe('menu1');
    expect(nextNode(graph, graph.nodes[1], 'a2')).toBeNull();
  });
});

describe('fillVariables', () => {
  it('puts the answers kept under their keys in the text, nothing for a key never answered', () => {
    expect(fillVariables('Obrigado, {{nome}}! Pedido {{ pedido }} {{x}}.', { nome: 'Ana', pedido: '42' })).toBe(
      'Obrigado, Ana! Pedido 42 .',
    );
  });
});
