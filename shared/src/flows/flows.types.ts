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

export interface Flow {
  id: Id;
  companyId: Id;
  name: string;
  active: boolean;
  flow: { nodes: FlowNode[]; connections: FlowEdge[] } | null;
}

export interface FlowCampaign {
  id: Id;
  companyId: Id;
  name: string;
  flowId: Id;
  whatsappId: Id;
  phrase: string;
  status: boolean;
}
