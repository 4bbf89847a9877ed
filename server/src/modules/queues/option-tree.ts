import type { QueueOption } from '@atendo/shared';

/**
 * A queue's option menu as a flat list of rows, read as a tree: what the editor's API answers and
 * what the bot walks. Pure, so the service and the bot agree on order and shape.
 */

export interface OptionNode {
  id: number;
  parentId: number | null;
  option: number;
  title: string;
  message: string;
}

/** The options offered under `parentId` (null: the top level), in menu order. */
export function childrenOf<T extends OptionNode>(options: T[], parentId: number | null): T[] {
  return options.filter((o) => o.parentId === parentId).sort((a, b) => a.option - b.option || a.id - b.id);
}

/**
 * The level `id` sits at, 1 for the top level. The walk stops after `options.length` steps, so rows
 * that (against every rule) point at each other cannot loop it.
 */
export function depthOf(options: OptionNode[], id: number): number {
  const byId = new Map(options.map((o) => [o.id, o]));
  let depth = 0;
  for (let node = byId.get(id); node && depth <= options.length; node = byId.get(node.parentId ?? 0)) depth += 1;
  return depth;
}

/** `id` and every option under it. */
export function subtreeOf(options: OptionNode[], id: number): number[] {
  const ids = [id];
  for (let i = 0; i < ids.length; i += 1) {
    for (const child of options) if (child.parentId === ids[i] && !ids.includes(child.id)) ids.push(child.id);
  }
  return ids;
}

/** The options under `parentId` with their own options nested, as the API answers them. */
export function treeOf(options: (OptionNode & { queueId: number })[], parentId: number | null): QueueOption[] {
  return childrenOf(options, parentId).map((o) => ({
    id: o.id,
    queueId: o.queueId,
    parentId: o.parentId,
    title: o.title,
    message: o.message,
    option: o.option,
    children: treeOf(options, o.id),
  }));
}

/**
 * A level's ids in their new order: `id` (already among them or new) placed at `position`, counted
 * from 1 and kept within the level; no position keeps a present option where it is and puts a new
 * one last.
 */
export function placed(ids: number[], id: number, position: number | undefined): number[] {
  const others = ids.filter((other) => other !== id);
  const current = ids.indexOf(id);
  const at = position === undefined ? (current >= 0 ? current : others.length) : position - 1;
  others.splice(Math.min(Math.max(at, 0), others.length), 0, id);
  return others;
}
