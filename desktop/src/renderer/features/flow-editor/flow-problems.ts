import type { FieldError, FlowNode } from '@atendo/shared';
import type { i18n as I18n } from 'i18next';
import { validationText } from '../../app/errors';

/** A problem that keeps a drawing from being saved or tested, as the page shows it. */
export interface DrawingProblem {
  text: string;
  /** The block it is about, to select on the canvas. */
  nodeId: string | null;
}

/** The first problem found (by validateFlowGraph here, or the server's same check), naming its block. */
export function describeProblem(
  i18n: I18n,
  problem: FieldError,
  nodes: readonly Pick<FlowNode, 'id' | 'type' | 'data'>[],
): DrawingProblem {
  const params = (problem.params ?? {}) as { node?: unknown; type?: unknown; edge?: unknown };
  const nodeId = typeof params.node === 'string' ? params.node : null;
  const node = nodeId ? nodes.find((n) => n.id === nodeId) : undefined;
  const type = node?.type ?? (typeof params.type === 'string' ? params.type : null);
  const what = validationText(i18n, { key: problem.message, params: problem.params }) ?? problem.message;
  const block = type ? i18n.t(`flowEditor.types.${type}`) : i18n.t('flowEditor.problem.unknownBlock');
  const field = problem.field.startsWith('data.')
    ? i18n.t('flowEditor.problem.field', { field: problem.field.slice('data.'.length) })
    : '';
  const key =
    problem.field === 'nodes' && type === 'start' && !node
      ? 'flowEditor.problem.noStart'
      : problem.field.startsWith('connections')
        ? 'flowEditor.problem.line'
        : 'flowEditor.problem.block';
  return { text: i18n.t(key, { block, what, field }).trim(), nodeId: node ? node.id : null };
}
