import {
  FLOW_LIMITS,
  fillVariables,
  nextNode,
  START_NODE,
  type FlowGraph,
  type FlowNode,
  type FlowNodeType,
  type FlowPosition,
  type FlowReply,
} from '@atendo/shared';

/** A reply as an executor makes it; the walk adds the node it came from. */
type Reply = FlowReply extends infer R ? (R extends FlowReply ? Omit<R, 'nodeId'> : never) : never;

/** Where the walk goes after a node: on through a handle, to wait for the customer (or a bot), or to its end. */
type Move = { go: string } | { wait: 'menu' | 'question' | 'bot' } | { end: true };

interface Context {
  variables: Record<string, string>;
  /** A number in [0, 1): the randomizer's draw. */
  random: () => number;
}

interface Outcome {
  replies: Reply[];
  move: Move;
}

/**
 * One executor per node type: what the flow does on reaching the node (`enter`) and, for the
 * nodes that wait for the customer, with the customer's answer (`answer`). Pure: the runtime and
 * the Test panel carry the replies out, each in its own way.
 */
interface Executor {
  enter(node: FlowNode, ctx: Context): Outcome;
  answer?(node: FlowNode, text: string, ctx: Context): Outcome;
}

type Data = Record<string, unknown>;
const data = (node: FlowNode) => node.data as Data;
const go = (handle = 'a'): Move => ({ go: handle });

/** Case, accents and surrounding blanks do not matter when an answer is compared. */
export function normalized(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();
}

interface MenuOption {
  number: number;
  value: string;
}

function menuText(node: FlowNode, ctx: Context): string {
  const { message, arrayOption } = data(node) as { message: string; arrayOption: MenuOption[] };
  const options = arrayOption.map((o) => `[${o.number}] - ${fillVariables(o.value, ctx.variables)}`).join('\n');
  return `${fillVariables(message, ctx.variables)}\n\n${options}`;
}

const media = (mediaType: 'image' | 'audio' | 'video', url: string, voice = false): Reply =>
  voice ? { kind: 'media', mediaType, url, voice } : { kind: 'media', mediaType, url };

const seconds = (value: unknown) =>
  Math.min(FLOW_LIMITS.intervalMaxSeconds, Math.max(1, Math.round(Number(value) || 1)));

/** A content block's elements in the order its `seq` gives (the elements' own order without one). */
function contentReplies(node: FlowNode, ctx: Context): Reply[] {
  const { seq = [], elements = [] } = data(node) as {
    seq?: string[];
    elements?: { type: string; value: unknown; number: string; record?: boolean }[];
  };
  const ordered = seq.length
    ? seq.map((id) => elements.find((e) => e.number === id)).filter((e) => e !== undefined)
    : elements;
  return ordered.map((element): Reply => {
    const value = String(element.value ?? '');
    switch (element.type) {
      case 'interval':
        return { kind: 'wait', seconds: seconds(element.value) };
      case 'img':
        return media('image', value);
      case 'audio':
        return media('audio', value, !!element.record);
      case 'video':
        return media('video', value);
      default:
        return { kind: 'text', body: fillVariables(value, ctx.variables) };
    }
  });
}

function compare(condition: string, actual: string, expected: string): boolean {
  const [a, b] = [normalized(actual), normalized(expected)];
  switch (condition) {
    case 'equals':
      return a === b;
    case 'notEquals':
      return a !== b;
    case 'contains':
      return a.includes(b);
    default:
      return !a.includes(b);
  }
}

export const EXECUTORS: Record<FlowNodeType, Executor> = {
  start: { enter: () => ({ replies: [], move: go() }) },
  message: {
    enter: (node, ctx) => ({
      replies: [{ kind: 'text', body: fillVariables(String(data(node).label), ctx.variables) }],
      move: go(),
    }),
  },
  img: { enter: (node) => ({ replies: [media('image', String(data(node).url))], move: go() }) },
  audio: { enter: (node) => ({ replies: [media('audio', String(data(node).url), !!data(node).record)], move: go() }) },
  video: { enter: (node) => ({ replies: [media('video', String(data(node).url))], move: go() }) },
  interval: { enter: (node) => ({ replies: [{ kind: 'wait', seconds: seconds(data(node).sec) }], move: go() }) },
  singleBlock: { enter: (node, ctx) => ({ replies: contentReplies(node, ctx), move: go() }) },
  menu: {
    enter: (node, ctx) => ({ replies: [{ kind: 'text', body: menuText(node, ctx) }], move: { wait: 'menu' } }),
    // A number, or an option's words; anything else shows the menu again.
    answer: (node, text, ctx) => {
      const options = (data(node).arrayOption as MenuOption[]) ?? [];
      const said = normalized(text);
      const chosen =
        options.find((o) => /^\d+$/.test(said) && o.number === Number(said)) ??
        options.find((o) => normalized(o.value) === said);
      return chosen
        ? { replies: [], move: go(`a${chosen.number}`) }
        : { replies: [{ kind: 'text', body: menuText(node, ctx) }], move: { wait: 'menu' } };
    },
  },
  question: {
    enter: (node, ctx) => {
      const { message } = data(node).typebotIntegration as { message: string };
      return { replies: [{ kind: 'text', body: fillVariables(message, ctx.variables) }], move: { wait: 'question' } };
    },
    answer: (node, text, ctx) => {
      const { answerKey } = data(node).typebotIntegration as { answerKey: string };
      ctx.variables[answerKey] = text.trim().slice(0, FLOW_LIMITS.textLength);
      return { replies: [], move: go() };
    },
  },
  randomizer: {
    enter: (node, ctx) => ({ replies: [], move: go(ctx.random() * 100 < Number(data(node).percent) ? 'a' : 'b') }),
  },
  condition: {
    enter: (node, ctx) => {
      const { key, condition, value } = data(node) as { key: string; condition: string; value?: string };
      return { replies: [], move: go(compare(condition, ctx.variables[key] ?? '', value ?? '') ? 'a' : 'b') };
    },
  },
  ticket: {
    enter: (node) => ({
      replies: [{ kind: 'queue', queueId: Number((data(node).data as { id: number }).id) }],
      move: { end: true },
    }),
  },
  typebot: {
    enter: (node) => ({
      replies: [{ kind: 'bot', bot: 'typebot', refId: Number(data(node).integrationId) }],
      move: { wait: 'bot' },
    }),
  },
  openai: {
    enter: (node) => ({
      replies: [{ kind: 'bot', bot: 'openai', refId: Number(data(node).promptId) }],
      move: { wait: 'bot' },
    }),
  },
};

export interface FlowStep {
  replies: FlowReply[];
  position: FlowPosition;
}

const over = (variables: Record<string, string>): FlowPosition => ({
  nodeId: null,
  waiting: null,
  variables,
  done: true,
});

/**
 * From `from` on, node after node, until one waits, the flow ends (a ticket block, or no line
 * drawn onward) or FLOW_LIMITS.stepsPerTurn nodes were walked without a wait (a loop: the flow
 * fails instead of answering for ever). A node whose executor throws fails the flow with its id.
 */
function walk(graph: FlowGraph, from: FlowNode | null, ctx: Context, replies: FlowReply[]): FlowStep {
  let node = from;
  for (let steps = 0; node; steps++) {
    if (steps >= FLOW_LIMITS.stepsPerTurn) {
      replies.push({ kind: 'fail', nodeId: node.id, reason: 'loop' });
      return { replies, position: over(ctx.variables) };
    }
    let outcome: Outcome;
    try {
      outcome = EXECUTORS[node.type].enter(node, ctx);
    } catch {
      replies.push({ kind: 'fail', nodeId: node.id, reason: 'node' });
      return { replies, position: over(ctx.variables) };
    }
    const at = node.id;
    replies.push(...outcome.replies.map((reply) => ({ ...reply, nodeId: at }) as FlowReply));
    const { move } = outcome;
    if ('wait' in move)
      return { replies, position: { nodeId: at, waiting: move.wait, variables: ctx.variables, done: false } };
    if ('end' in move) return { replies, position: over(ctx.variables) };
    node = nextNode(graph, node, move.go);
  }
  return { replies, position: over(ctx.variables) };
}

const contextOf = (variables: Record<string, string>, random: () => number): Context => ({
  variables: { ...variables },
  random,
});

/** A conversation enters the flow: from its start block to the first wait. */
export function startFlow(graph: FlowGraph, random: () => number = Math.random): FlowStep {
  const start = graph.nodes.find((n) => n.type === 'start') ?? graph.nodes.find((n) => n.id === START_NODE.id) ?? null;
  return walk(graph, start, contextOf({}, random), []);
}

/**
 * The customer wrote while the flow waited at `position`: a menu or a question takes the answer
 * and the flow goes on; waiting for nothing the customer says (a bot holds it, or it is over),
 * nothing happens.
 */
export function answerFlow(
  graph: FlowGraph,
  position: FlowPosition,
  text: string,
  random: () => number = Math.random,
): FlowStep {
  const node = position.nodeId ? graph.nodes.find((n) => n.id === position.nodeId) : undefined;
  const executor = node && EXECUTORS[node.type];
  if (!node || !executor?.answer || (position.waiting !== 'menu' && position.waiting !== 'question')) {
    return { replies: [], position };
  }
  const ctx = contextOf(position.variables, random);
  const { replies, move } = executor.answer(node, text, ctx);
  const done: FlowReply[] = replies.map((reply) => ({ ...reply, nodeId: node.id }) as FlowReply);
  if ('wait' in move) return { replies: done, position: { ...position, variables: ctx.variables } };
  if ('end' in move) return { replies: done, position: over(ctx.variables) };
  return walk(graph, nextNode(graph, node, move.go), ctx, done);
}

/** The bot the flow handed the conversation to has finished: the flow goes on from its block. */
export function resumeFlow(graph: FlowGraph, position: FlowPosition, random: () => number = Math.random): FlowStep {
  const node = position.nodeId ? graph.nodes.find((n) => n.id === position.nodeId) : undefined;
  if (!node || position.waiting !== 'bot') return { replies: [], position };
  return walk(graph, nextNode(graph, node, 'a'), contextOf(position.variables, random), []);
}
