import { describe, expect, it } from '@jest/globals';
import { FLOW_LIMITS, FLOW_NODE_ID_LENGTH, START_NODE, validateFlowGraph } from '@atendo/shared';
import {
  addNode,
  connect,
  drawingKey,
  duplicateNode,
  type EditorGraph,
  type EditorNode,
  FALLBACK_NODE_WIDTH,
  fromFlowGraph,
  newNodePosition,
  randomNodeId,
  removeNode,
  selectOnly,
  toFlowGraph,
  updateNodeData,
} from './flow-edit';

const node = (id: string, x: number, y: number, extra: Partial<EditorNode> = {}): EditorNode => ({
  id,
  type: 'message',
  position: { x, y },
  data: { label: id },
  ...extra,
});

const menu = (id: string, numbers: number[]): EditorNode => ({
  id,
  type: 'menu',
  position: { x: 0, y: 0 },
  data: { message: 'Escolha', arrayOption: numbers.map((number) => ({ number, value: `op ${number}` })) },
});

describe('node ids', () => {
  it('are 30 alphanumeric characters, different each time', () => {
    const ids = new Set(Array.from({ length: 200 }, () => randomNodeId()));
    expect(ids.size).toBe(200);
    for (const id of ids) expect(id).toMatch(new RegExp(`^[A-Za-z0-9]{${FLOW_NODE_ID_LENGTH}}$`));
  });

  it('skip the bytes that would favour some characters', () => {
    // Only bytes 248-255 at first: none is usable, so more are drawn.
    let calls = 0;
    const id = randomNodeId((n) => {
      calls += 1;
      return new Uint8Array(n).fill(calls === 1 ? 250 : 0);
    });
    expect(id).toBe('A'.repeat(FLOW_NODE_ID_LENGTH));
    expect(calls).toBe(2);
  });
});

describe('placing a new block', () => {
  it('goes right of the last block: its x plus its width plus 40, level with it', () => {
    const nodes = [node('a', 900, 50), node('b', 100, 300, { measured: { width: 320, height: 80 } })];
    expect(newNodePosition(nodes)).toEqual({ x: 100 + 320 + FLOW_LIMITS.newNodeOffset, y: 300 });
  });

  it('takes a block not measured yet at the fallback width', () => {
    expect(newNodePosition([node('a', 10, 20)])).toEqual({ x: 10 + FALLBACK_NODE_WIDTH + 40, y: 20 });
  });

  it('starts where the start block goes on an empty drawing', () => {
    expect(newNodePosition([])).toEqual({ x: 250, y: 100 });
  });

  it('adds it selected, with the others deselected', () => {
    const graph: EditorGraph = { nodes: [node('a', 0, 0, { selected: true })], edges: [] };
    const { graph: next, node: added } = addNode(graph, 'interval', { sec: 5 }, 'new');
    expect(added).toMatchObject({ id: 'new', type: 'interval', data: { sec: 5 }, selected: true });
    expect(next.nodes.map((n) => [n.id, !!n.selected])).toEqual([
      ['a', false],
      ['new', true],
    ]);
  });
});

describe('the start block', () => {
  it('is placed at 250,100 with the id 1', () => {
    const { node: start } = addNode({ nodes: [node('a', 600, 600)], edges: [] }, 'start', {});
    expect(start).toMatchObject({
      id: START_NODE.id,
      position: START_NODE.position,
      data: { label: START_NODE.label },
    });
  });

  it('stays unique: a new one replaces the old, and the lines leaving it stay', () => {
    const graph: EditorGraph = {
      nodes: [{ ...node('1', 40, 40), type: 'start', data: { label: 'Inicio do fluxo' } }, node('m', 500, 100)],
      edges: [{ id: 'e1', source: '1', target: 'm', sourceHandle: 'a' }],
    };
    const { graph: next } = addNode(graph, 'start', {});
    expect(next.nodes.filter((n) => n.type === 'start')).toHaveLength(1);
    expect(next.nodes.find((n) => n.type === 'start')?.position).toEqual({ x: 250, y: 100 });
    expect(next.edges).toEqual(graph.edges);
    expect(validateFlowGraph(toFlowGraph(next))).toEqual([]);
  });
});

describe('duplicating a block', () => {
  it('places the copy 240 right of the right-most block, level with the original, with its own id and data', () => {
    const graph: EditorGraph = { nodes: [node('a', 100, 50), node('b', 700, 400), node('c', 300, 220)], edges: [] };
    const copy = duplicateNode(graph, 'a', 'copy');
    expect(copy?.node).toMatchObject({
      id: 'copy',
      position: { x: 700 + FLOW_LIMITS.duplicateOffset, y: 50 },
      data: { label: 'a' },
    });
    expect(copy?.node.data).not.toBe(graph.nodes[0].data);
    expect(copy?.graph.nodes).toHaveLength(4);
  });

  it('does not copy the start, which is one of a kind', () => {
    const graph: EditorGraph = { nodes: [{ ...node('1', 0, 0), type: 'start' }], edges: [] };
    expect(duplicateNode(graph, '1')).toBeNull();
  });
});

describe('removing and editing blocks', () => {
  it('removes a block with every line touching it', () => {
    const graph: EditorGraph = {
      nodes: [node('a', 0, 0), node('b', 1, 1), node('c', 2, 2)],
      edges: [
        { id: 'ab', source: 'a', target: 'b' },
        { id: 'bc', source: 'b', target: 'c' },
        { id: 'ac', source: 'a', target: 'c' },
      ],
    };
    expect(removeNode(graph, 'b').edges.map((e) => e.id)).toEqual(['ac']);
  });

  it('drops the lines of a menu option that was removed, keeping the others', () => {
    const graph: EditorGraph = {
      nodes: [menu('m', [1, 2, 3]), node('x', 0, 0)],
      edges: [
        { id: 'm1', source: 'm', target: 'x', sourceHandle: 'a1' },
        { id: 'm2', source: 'm', target: 'x', sourceHandle: 'a2' },
        { id: 'm3', source: 'm', target: 'x', sourceHandle: 'a3' },
      ],
    };
    const next = updateNodeData(graph, 'm', {
      message: 'Escolha',
      arrayOption: [
        { number: 1, value: 'a' },
        { number: 3, value: 'c' },
      ],
    });
    expect(next.edges.map((e) => e.id)).toEqual(['m1', 'm3']);
  });
});

describe('drawing lines', () => {
  const graph: EditorGraph = {
    nodes: [{ ...node('1', 0, 0), type: 'start' }, node('a', 1, 1), node('b', 2, 2)],
    edges: [],
  };

  it('connects a handle to a block, and a new line from the same handle replaces the old', () => {
    const once = connect(graph, { source: '1', sourceHandle: 'a', target: 'a', targetHandle: null });
    const twice = connect(once, { source: '1', sourceHandle: 'a', target: 'b', targetHandle: null });
    expect(twice.edges.map((e) => [e.source, e.sourceHandle, e.target])).toEqual([['1', 'a', 'b']]);
  });

  it('refuses a line into the start or into the block itself', () => {
    expect(connect(graph, { source: 'a', sourceHandle: 'a', target: '1' })).toBe(graph);
    expect(connect(graph, { source: 'a', sourceHandle: 'a', target: 'a' })).toBe(graph);
  });
});

describe('what is stored', () => {
  it('keeps neither the selection nor the measured size, and reads back the same', () => {
    const graph: EditorGraph = {
      nodes: [node('a', 1.5, 2, { selected: true, measured: { width: 10, height: 10 }, dragging: false })],
      edges: [{ id: 'e', source: 'a', target: 'a', selected: true }],
    };
    const stored = toFlowGraph(graph);
    expect(stored).toEqual({
      nodes: [{ id: 'a', type: 'message', position: { x: 1.5, y: 2 }, data: { label: 'a' } }],
      connections: [{ id: 'e', source: 'a', target: 'a', sourceHandle: null, targetHandle: null }],
    });
    expect(toFlowGraph(fromFlowGraph(stored))).toEqual(stored);
  });

  it('sees a selection as no change, and a move as one', () => {
    const graph: EditorGraph = { nodes: [node('a', 0, 0), node('b', 0, 0)], edges: [] };
    expect(drawingKey(selectOnly(graph, 'b'))).toBe(drawingKey(graph));
    expect(drawingKey({ ...graph, nodes: [node('a', 5, 0), graph.nodes[1]] })).not.toBe(drawingKey(graph));
  });
});
