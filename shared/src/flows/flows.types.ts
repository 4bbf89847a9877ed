import type { Id } from '../common/common.types.js';

export const FLOW_NODE_TYPES = [
  'start',
  'message',
  'interval',
  'condition',
  'menu',
  'img',
  'audio',
  'video',
  'randomizer',
  'singleBlock',
  'ticket',
  'typebot',
  'openai',
  'question',
] as const;
export type FlowNodeType = (typeof FLOW_NODE_TYPES)[number];

export const FLOW_NODE_ID_LENGTH = 30;
export const START_NODE = { id: '1', label: 'Inicio do fluxo', position: { x: 250, y: 100 } } as const;
export const FLOW_LIMITS = {
  intervalMaxSeconds: 120,
  newNodeOffset: 40,
  duplicateOffset: 240,
  uploadBytes: { img: 2 * 1024 * 1024, audio: 5 * 1024 * 1024, video: 20 * 1024 * 1024 },
  /** What one drawing may hold: far past any conversation drawn by hand, short of a body too big to check. */
  nodes: 1_000,
  edges: 4_000,
  menuOptions: 20,
  contentElements: 30,
  textLength: 4_096,
  /** Nodes a customer's message may walk through before the flow must wait: a loop without a wait stops there. */
  stepsPerTurn: 50,
} as const;

export interface FlowNode<T extends FlowNodeType = FlowNodeType, D = Record<string, unknown>> {
  id: string;
  type: T;
  position: { x: number; y: number };
  data: D;
  style?: Record<string, unknown>;
}

export interface FlowEdge {
  id: string;
  source: string;
  target: string;
  sourceHandle?: string | null;
  targetHandle?: string | null;
}

/** A flow as the list shows it. */
export interface Flow {
  id: Id;
  companyId: Id;
  name: string;
  /** Some customer's conversation is running on one of its versions. */
  active: boolean;
  /** How many times it was saved (each save publishes a version); 0 while it was never drawn. */
  version: number;
  createdAt: string;
  updatedAt: string;
}

/** `GET /flowbuilder/flow/{id}`: the flow with its latest drawing, null while none was saved. */
export interface FlowWithGraph extends Flow {
  flow: { nodes: FlowNode[]; connections: FlowEdge[] } | null;
}

/** A file uploaded for a flow's block (`POST /flowbuilder/img|audio|content`). */
export interface FlowUpload {
  /** The name it was sent with. */
  name: string;
  /** Where it is served; what a block's `url` (or a content element's `value`) keeps. */
  url: string;
  mimetype: string;
}

export interface FlowCampaign {
  id: Id;
  companyId: Id;
  name: string;
  flowId: Id;
  whatsappId: Id;
  phrase: string;
  status: boolean;
  flow?: { id: Id; name: string } | null;
  whatsapp?: { id: Id; name: string } | null;
  createdAt: string;
  updatedAt: string;
}

/** What a flow does at a step, as the Test panel shows it (and the runtime carries out). */
export type FlowReply =
  | { kind: 'text'; nodeId: string; body: string }
  | { kind: 'media'; nodeId: string; mediaType: 'image' | 'audio' | 'video'; url: string; voice?: boolean }
  | { kind: 'wait'; nodeId: string; seconds: number }
  /** The ticket goes to a queue and leaves the flow. */
  | { kind: 'queue'; nodeId: string; queueId: Id }
  /** A bot (a Typebot integration or an AI prompt) takes the conversation; the flow goes on when it ends. */
  | { kind: 'bot'; nodeId: string; bot: 'typebot' | 'openai'; refId: Id }
  /** The flow could not go on: the ticket goes to people. */
  | { kind: 'fail'; nodeId: string | null; reason: string };

/** What a flow waits for at its current node. */
export type FlowWait = 'menu' | 'question' | 'interval' | 'bot' | null;

/** Where a conversation stands in a flow: kept on the ticket's run, sent back and forth by the Test panel. */
export interface FlowPosition {
  /** The node it waits at; null before the start and once it is over. */
  nodeId: string | null;
  waiting: FlowWait;
  /** The answers to the question blocks, by their key. */
  variables: Record<string, string>;
  done: boolean;
}

/** `POST /flowbuilder/test`: the draft, where the test stands (null to start) and the tester's words. */
export interface FlowTestInput {
  nodes: FlowNode[];
  connections: FlowEdge[];
  position: FlowPosition | null;
  text?: string;
}

export interface FlowTestResult {
  replies: FlowReply[];
  position: FlowPosition;
}
