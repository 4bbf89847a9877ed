/**
 * The editor's undo and redo: snapshots of the whole drawing. A drawing is small (a few hundred
 * nodes at most) and immutable updates share what did not change, so a snapshot costs little.
 */
export interface History<T> {
  past: T[];
  present: T;
  future: T[];
}

/** How many steps back the editor keeps. */
export const HISTORY_LIMIT = 100;

export function historyOf<T>(present: T): History<T> {
  return { past: [], present, future: [] };
}

/** A change the user may undo: the present goes to the past, and what was undone is forgotten. */
export function record<T>(history: History<T>, next: T, limit = HISTORY_LIMIT): History<T> {
  return { past: [...history.past, history.present].slice(-limit), present: next, future: [] };
}

/** A change that is not a step of its own (a selection, a node measured, a drag under way). */
export function replace<T>(history: History<T>, next: T): History<T> {
  return next === history.present ? history : { ...history, present: next };
}

export function undo<T>(history: History<T>): History<T> {
  if (!history.past.length) return history;
  const previous = history.past[history.past.length - 1];
  return { past: history.past.slice(0, -1), present: previous, future: [history.present, ...history.future] };
}

export function redo<T>(history: History<T>): History<T> {
  if (!history.future.length) return history;
  const [next, ...future] = history.future;
  return { past: [...history.past, history.present], present: next, future };
}

export const canUndo = (history: History<unknown>): boolean => history.past.length > 0;
export const canRedo = (history: History<unknown>): boolean => history.future.length > 0;

/** Which shortcut a key press is: Ctrl+Z (or ⌘Z) undoes; Ctrl+Shift+Z and Ctrl+Y redo. */
export function historyShortcut(event: {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
}): 'undo' | 'redo' | null {
  if (!(event.ctrlKey || event.metaKey) || event.altKey) return null;
  const key = event.key.toLowerCase();
  if (key === 'z') return event.shiftKey ? 'redo' : 'undo';
  if (key === 'y' && !event.shiftKey) return 'redo';
  return null;
}
