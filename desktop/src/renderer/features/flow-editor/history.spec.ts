import { describe, expect, it } from '@jest/globals';
import { canRedo, canUndo, historyOf, historyShortcut, record, redo, replace, undo } from './history';

describe('undo and redo', () => {
  it('steps back and forth through recorded changes', () => {
    let h = historyOf('a');
    h = record(h, 'b');
    h = record(h, 'c');
    expect(canUndo(h)).toBe(true);
    expect(canRedo(h)).toBe(false);
    h = undo(h);
    expect(h.present).toBe('b');
    h = undo(h);
    expect(h.present).toBe('a');
    expect(canUndo(h)).toBe(false);
    expect(undo(h)).toBe(h);
    h = redo(redo(h));
    expect(h.present).toBe('c');
    expect(redo(h)).toBe(h);
  });

  it('forgets what was undone once a new change is made', () => {
    const h = record(undo(record(historyOf(1), 2)), 3);
    expect(h).toEqual({ past: [1], present: 3, future: [] });
  });

  it('does not record what is not a step (a selection, a drag under way)', () => {
    const h = replace(record(historyOf('a'), 'b'), 'b selected');
    expect(h).toEqual({ past: ['a'], present: 'b selected', future: [] });
    expect(undo(h).present).toBe('a');
    expect(replace(h, h.present)).toBe(h);
  });

  it('keeps at most the last steps it is allowed', () => {
    let h = historyOf(0);
    for (let i = 1; i <= 10; i += 1) h = record(h, i, 3);
    expect(h.past).toEqual([7, 8, 9]);
  });
});

describe('history shortcuts', () => {
  const key = (k: string, mods: Partial<{ ctrlKey: boolean; metaKey: boolean; shiftKey: boolean; altKey: boolean }>) =>
    historyShortcut({ key: k, ctrlKey: false, metaKey: false, shiftKey: false, altKey: false, ...mods });

  it('reads Ctrl+Z as undo, Ctrl+Shift+Z and Ctrl+Y as redo, ⌘ as Ctrl', () => {
    expect(key('z', { ctrlKey: true })).toBe('undo');
    expect(key('Z', { ctrlKey: true, shiftKey: true })).toBe('redo');
    expect(key('y', { ctrlKey: true })).toBe('redo');
    expect(key('z', { metaKey: true })).toBe('undo');
  });

  it('ignores the keys alone and other combinations', () => {
    expect(key('z', {})).toBeNull();
    expect(key('z', { ctrlKey: true, altKey: true })).toBeNull();
    expect(key('c', { ctrlKey: true })).toBeNull();
  });
});
