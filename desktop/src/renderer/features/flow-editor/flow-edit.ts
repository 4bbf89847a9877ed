import {
  FLOW_LIMITS,
  FLOW_NODE_ID_LENGTH,
  type FlowEdge,
  type FlowGraph,
  type FlowNode,
  type FlowNodeType,
  sourceHandles,
  START_NODE,
} from '@atendo/shared';
import type { Edge, Node } from '@xyflow/react';

/**
 * The drawing as the editor holds it: xyflow's nodes and edges, which carry what the canvas adds
 * (selection, measured size) besides what is stored. Every change below is pure, so undo, the
 * unit tests and the canvas all see the same rules.
 */
export type EditorNode = Node<Record<string, unknown>, FlowNodeType>;
export type EditorEdge = Edge;
export interface EditorGraph {
  nodes: EditorNode[];
  edges: EditorEdge[];
}

/** What a node is taken to measure before the canvas has measured it. */
export const FALLBACK_NODE_WIDTH = 240;

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** Spec 2 §3: a random alphanumeric id of 30 characters (the start's is always '1'). */
export function randomNodeId(bytes: (n: number) => Uint8Array = (n) => crypto.getRandomValues(new Uint8Array(n))) {
  let id = '';
  while (id.length < FLOW_NODE_ID_LENGTH) {
    // 248 is the largest multiple of 62 under 256: dropping the bytes above it keeps every character equally likely.
    for (const byte of bytes(FLOW_NODE_ID_LENGTH)) {
      if (byte < 248 && id.length < FLOW_NODE_ID_LENGTH) id += ALPHANUMERIC[byte % ALPHANUMERIC.length];
    }
  }
  return id;
}

export const widthOf = (node: EditorNode): number => node.measured?.width ?? node.width ?? FALLBACK_NODE_WIDTH;

/** Spec 2 §4: a new block goes right of the last one (its x, plus its width, plus 40), level with it. */
export function newNodePosition(nodes: readonly EditorNode[]): { x: number; y: number } {
  const last = nodes[nodes.length - 1];
  if (!last) return { ...START_NODE.position };
  return { x: last.position.x + widthOf(last) + FLOW_LIMITS.newNodeOffset, y: last.position.y };
}

const deselected = (nodes: readonly EditorNode[]) => nodes.map((n) => (n.selected ? { ...n, selected: false } : n));

/**
 * Adds a block, selected. A start block is kept unique (spec 2 §4): a new one replaces the old at
 * 250,100 with the id '1', so the lines already leaving the start still leave from it.
 */
export function addNode(
  graph: EditorGraph,
  type: FlowNodeType,
  data: Record<string, unknown>,
  id: string = randomNodeId(),
): { graph: EditorGraph; node: EditorNode } {
  if (type === 'start') {
    const node: EditorNode = {
      id: START_NODE.id,
      type,
      position: { ...START_NODE.position },
      data: { label: START_NODE.label, ...data },
      selected: true,
    };
    const others = deselected(graph.nodes.filter((n) => n.type !== 'start' && n.id !== START_NODE.id));
    return { graph: { ...graph, nodes: [...others, node] }, node };
  }
  const node: EditorNode = { id, type, position: newNodePosition(graph.nodes), data, selected: true };
  return { graph: { ...graph, nodes: [...deselected(graph.nodes), node] }, node };
}

/** Spec 2 §2: a copy of a block, 240 units right of the right-most block, level with the original. */
export function duplicateNode(
  graph: EditorGraph,
  nodeId: string,
  id: string = randomNodeId(),
): { graph: EditorGraph; node: EditorNode } | null {
  const original = graph.nodes.find((n) => n.id === nodeId);
  // The start is one of a kind.
  if (!original || original.type === 'start') return null;
  const rightMost = Math.max(...graph.nodes.map((n) => n.position.x));
  const node: EditorNode = {
    id,
    type: original.type,
    position: { x: rightMost + FLOW_LIMITS.duplicateOffset, y: original.position.y },
    // Stored data is JSON: a JSON copy shares nothing with the original.
    data: JSON.parse(JSON.stringify(original.data)) as Record<string, unknown>,
    ...(original.style ? { style: { ...original.style } } : {}),
    selected: true,
  };
  return { graph: { ...graph, nodes: [...deselected(graph.nodes), node] }, node };
}

/** A block goes with every line that touches it. */
export function removeNode(graph: EditorGraph, nodeId: string): EditorGraph {
  return {
    nodes: graph.nodes.filter((n) => n.id !== nodeId),
    edges: graph.edges.filter((e) => e.source !== nodeId && e.target !== nodeId),
  };
}

/**
 * A block's edited data. Lines leaving from handles it no longer has (a menu option removed) go,
 * since a line from nowhere would stop the flow from being saved.
 */
export function updateNodeData(graph: EditorGraph, nodeId: string, data: Record<string, unknown>): EditorGraph {
  const node = graph.nodes.find((n) => n.id === nodeId);
  if (!node) return graph;
  const handles = sourceHandles({ type: node.type, data });
  return {
    nodes: graph.nodes.map((n) => (n.id === nodeId ? { ...n, data } : n)),
    edges: graph.edges.filter(
      (e) => e.source !== nodeId || handles.includes(e.sourceHandle ?? (handles.length === 1 ? handles[0] : '')),
    ),
  };
}

/** Only the given node selected (an error's node, or one the test waits at). */
export function selectOnly(graph: EditorGraph, nodeId: string | null): EditorGraph {
  return {
    nodes: graph.nodes.map((n) => (!!n.selected === (n.id === nodeId) ? n : { ...n, selected: n.id === nodeId })),
    edges: graph.edges.map((e) => (e.selected ? { ...e, selected: false } : e)),
  };
}

/** What is stored of a drawing: no selection, no measured sizes. */
export function toFlowGraph(graph: EditorGraph): FlowGraph {
  return {
    nodes: graph.nodes.map((n): FlowNode => ({
      id: n.id,
      type: n.type,
      position: { x: n.position.x, y: n.position.y },
      data: n.data,
      ...(n.style ? { style: n.style as Record<string, unknown> } : {}),
    })),
    connections: graph.edges.map((e): FlowEdge => ({
      id: e.id,
      source: e.source,
      target: e.target,
      sourceHandle: e.sourceHandle ?? null,
      targetHandle: e.targetHandle ?? null,
    })),
  };
}

export function fromFlowGraph(flow: FlowGraph | null): EditorGraph {
  if (!flow) return { nodes: [], edges: [] };
  return {
    nodes: flow.nodes.map((n) => ({
      id: n.id,
      type: n.type,
      position: { x: n.position.x, y: n.position.y },
      data: n.data,
      ...(n.style ? { style: n.style } : {}),
    })),
    edges: flow.connections.map((e) => ({
      id: e.id,
      source: e.source,
      target: e.target,
      sourceHandle: e.sourceHandle ?? null,
      targetHandle: e.targetHandle ?? null,
    })),
  };
}

/** A fingerprint of what would be saved: the editor compares it with the saved one's. */
export const drawingKey = (graph: EditorGraph): string => JSON.stringify(toFlowGraph(graph));

/**
 * A line drawn from a handle to a block. A handle leads to one block only (the runtime follows
 * one line per way out), so a new line from a handle replaces the one it had; a block does not
 * lead to itself, and nothing leads into the start.
 */
export function connect(
  graph: EditorGraph,
  line: { source: string | null; target: string | null; sourceHandle?: string | null; targetHandle?: string | null },
): EditorGraph {
  const { source, target } = line;
  if (!source || !target || source === target) return graph;
  const targetNode = graph.nodes.find((n) => n.id === target);
  if (!targetNode || targetNode.type === 'start') return graph;
  const sourceHandle = line.sourceHandle ?? null;
  const edge: EditorEdge = {
    id: `e-${source}-${sourceHandle ?? ''}-${target}`,
    source,
    target,
    sourceHandle,
    targetHandle: line.targetHandle ?? null,
  };
  return {
    ...graph,
    edges: [...graph.edges.filter((e) => !(e.source === source && (e.sourceHandle ?? null) === sourceHandle)), edge],
  };
}
