import { ValidationError } from 'yup';
import { isMessageVariable } from '../common/message-variables.js';
import { toValidationMessage, V } from '../common/validation.js';
import type { FieldError } from '../errors.js';
import { flowNodeDataSchemas } from './flows.schema.js';
import { START_NODE, type FlowEdge, type FlowNode, type FlowNodeType } from './flows.types.js';

/** A drawing: the blocks and the lines between them, as the editor saves it. */
export interface FlowGraph {
  nodes: FlowNode[];
  connections: FlowEdge[];
}

/**
 * Where each node type's lines leave from. One handle, `a`, for a block that goes on; a menu has
 * one per option (`a{number}`); a randomizer and a condition split in two (`a`: the percent, or
 * true; `b`: the rest). A ticket block ends the flow and has none.
 */
export function sourceHandles(node: Pick<FlowNode, 'type' | 'data'>): string[] {
  switch (node.type) {
    case 'ticket':
      return [];
    case 'menu': {
      const options = (node.data as { arrayOption?: { number?: unknown }[] }).arrayOption;
      return Array.isArray(options) ? options.map((o) => `a${String(o?.number)}`) : [];
    }
    case 'randomizer':
    case 'condition':
      return ['a', 'b'];
    default:
      return ['a'];
  }
}

/** Every node type but the start receives lines. */
export const receivesLines = (type: FlowNodeType): boolean => type !== 'start';

/**
 * The handle a line leaves from. The family's drawings leave `sourceHandle` empty on blocks with
 * a single way out: that way is meant.
 */
export function edgeHandle(edge: Pick<FlowEdge, 'sourceHandle'>, node: Pick<FlowNode, 'type' | 'data'>): string | null {
  if (edge.sourceHandle) return edge.sourceHandle;
  const handles = sourceHandles(node);
  return handles.length === 1 ? handles[0] : null;
}

/** The node a line from `nodeId` through `handle` leads to, if one is drawn. */
export function nextNode(graph: FlowGraph, node: FlowNode, handle: string): FlowNode | null {
  const edge = graph.connections.find((e) => e.source === node.id && edgeHandle(e, node) === handle);
  return (edge && graph.nodes.find((n) => n.id === edge.target)) ?? null;
}

const problem = (field: string, message: string, params: Record<string, unknown>): FieldError => ({
  field,
  message,
  params,
});

/**
 * What is wrong with a node's data for its type: each rule's i18n key (yup's own English, for a
 * value of the wrong kind, answers `validation.invalid`), by the path inside `data`.
 */
function dataProblems(node: FlowNode): FieldError[] {
  const at = { node: node.id, type: node.type };
  try {
    flowNodeDataSchemas[node.type].validateSync(node.data, { abortEarly: false });
    return [];
  } catch (error) {
    // Not a rule broken but data yup cannot walk (a key such as `constructor`): refused whole.
    if (!(error instanceof ValidationError)) return [problem('data', V.invalid, at)];
    return (error.inner.length ? error.inner : [error]).map((inner) => {
      const { key, params } = toValidationMessage(inner.message);
      const field = inner.path ? `data.${inner.path}` : 'data';
      return key.startsWith('validation.') ? problem(field, key, { ...params, ...at }) : problem(field, V.invalid, at);
    });
  }
}

/**
 * What keeps a drawing from being run, each naming its node (or line) by id and type: one start
 * block; unique node ids; every node's data valid for its type; lines only between drawn nodes, from
 * one of the source's handles, never into the start. Empty: the flow can be published.
 */
export function validateFlowGraph(graph: FlowGraph): FieldError[] {
  const problems: FieldError[] = [];
  const byId = new Map<string, FlowNode>();
  const starts = graph.nodes.filter((n) => n.type === 'start');
  if (starts.length !== 1) {
    problems.push(problem('nodes', starts.length ? V.tooMany : V.required, { node: START_NODE.id, type: 'start' }));
  }
  for (const node of graph.nodes) {
    if (byId.has(node.id)) problems.push(problem('nodes', V.taken, { node: node.id, type: node.type }));
    byId.set(node.id, node);
    problems.push(...dataProblems(node));
  }
  for (const edge of graph.connections) {
    const source = byId.get(edge.source);
    const target = byId.get(edge.target);
    if (!source || !target) {
      problems.push(problem('connections', V.oneOf, { edge: edge.id, node: source ? edge.target : edge.source }));
      continue;
    }
    const handle = edgeHandle(edge, source);
    if (!handle || !sourceHandles(source).includes(handle)) {
      problems.push(
        problem('connections.sourceHandle', V.oneOf, { edge: edge.id, node: source.id, type: source.type }),
      );
    }
    if (!receivesLines(target.type)) {
      problems.push(problem('connections.target', V.oneOf, { edge: edge.id, node: target.id, type: target.type }));
    }
  }
  return problems;
}

/**
 * `{{key}}` in a text replaced by the answer kept under that key (nothing when none was given). A
 * message variable's token (`{{name}}`, `{{ms}}`...) that no answer took stays for the sending,
 * which fills it from the ticket (see fillMessageVariables).
 */
export function fillVariables(text: string, variables: Record<string, string>): string {
  return text.replace(/\{\{\s*([\p{L}\p{N}_]+)\s*\}\}/gu, (whole, key: string) =>
    Object.prototype.hasOwnProperty.call(variables, key) ? variables[key] : isMessageVariable(key) ? whole : '',
  );
}
