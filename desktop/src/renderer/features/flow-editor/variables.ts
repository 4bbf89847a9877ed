import type { FlowNode } from '@atendo/shared';
import { readStored, STORAGE_KEYS, writeStored } from '../../app/storage';
import { insertToken, tokenOf } from '../../components/variable-insert';

/**
 * The answer keys of the question blocks (spec 2 §3): the names a message may quote as
 * `{{key}}`. Kept in local storage under `variables` as a JSON array without repeats.
 */
export function addVariable(list: readonly string[], key: string): string[] {
  const name = key.trim();
  return !name || list.includes(name) ? [...list] : [...list, name];
}

/** An edited question's key takes the old one's place (spec 2 §4). */
export function swapVariable(list: readonly string[], previous: string | null | undefined, next: string): string[] {
  const name = next.trim();
  const old = previous?.trim();
  if (!old || old === name) return addVariable(list, name);
  const index = list.indexOf(old);
  if (index < 0) return addVariable(list, name);
  const swapped = list.filter((key, i) => i === index || key !== name);
  swapped[swapped.indexOf(old)] = name;
  return swapped;
}

/** The answer key a question node stores, if any. */
export function answerKeyOf(node: Pick<FlowNode, 'type' | 'data'>): string | null {
  if (node.type !== 'question') return null;
  const key = (node.data as { typebotIntegration?: { answerKey?: unknown } }).typebotIntegration?.answerKey;
  return typeof key === 'string' && key.trim() ? key.trim() : null;
}

/** On load the list is refilled from the flow's question blocks (spec 2 §4). */
export function variablesOf(nodes: readonly Pick<FlowNode, 'type' | 'data'>[]): string[] {
  return nodes.reduce<string[]>((list, node) => {
    const key = answerKeyOf(node);
    return key ? addVariable(list, key) : list;
  }, []);
}

export function parseVariables(stored: string | null): string[] {
  if (!stored) return [];
  try {
    const value: unknown = JSON.parse(stored);
    return Array.isArray(value)
      ? value.reduce<string[]>((list, key) => (typeof key === 'string' ? addVariable(list, key) : list), [])
      : [];
  } catch {
    return [];
  }
}

export function readVariables(): string[] {
  return parseVariables(readStored(STORAGE_KEYS.flowVariables));
}

export function writeVariables(list: readonly string[]): void {
  writeStored(STORAGE_KEYS.flowVariables, JSON.stringify(list));
}

/** `{{key}}` put into a text where the caret stands (or at its end), with the caret after it. */
export function insertVariable(
  text: string,
  key: string,
  selection: { start: number; end: number } | null,
): { text: string; caret: number } {
  return insertToken(text, tokenOf(key), selection);
}
