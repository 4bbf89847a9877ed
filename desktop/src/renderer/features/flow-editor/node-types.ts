import { FLOW_NODE_TYPES, type FlowNodeType } from '@atendo/shared';
import type { NodeTypes } from '@xyflow/react';
import { FlowNodeCard } from './components/FlowNodeCard';

/**
 * Every node type of shared/flows drawn by one card that reads the type's data. Declared once,
 * outside any component: xyflow re-mounts every node when this object changes identity.
 */
export const nodeTypes: NodeTypes = Object.fromEntries(
  FLOW_NODE_TYPES.map((type: FlowNodeType) => [type, FlowNodeCard]),
);
