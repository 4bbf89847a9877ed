import { afterEach, describe, expect, it } from '@jest/globals';
import type { DesktopBridge } from '@atendo/shared';
import { renderHook } from '@testing-library/react';
import { useReportComposing } from './composing';

function fakeBridge(): boolean[] {
  const sent: boolean[] = [];
  window.desktop = { setComposing: (composing: boolean) => void sent.push(composing) } as unknown as DesktopBridge;
  return sent;
}

describe('useReportComposing', () => {
  afterEach(() => {
    delete window.desktop;
  });

  it('says the agent is writing while any composer holds something, and stops when none does', () => {
    const sent = fakeBridge();
    const ticket = renderHook(({ composing }) => useReportComposing(composing), { initialProps: { composing: false } });
    const chat = renderHook(({ composing }) => useReportComposing(composing), { initialProps: { composing: false } });
    expect(sent).toEqual([]);
    ticket.rerender({ composing: true });
    chat.rerender({ composing: true });
    expect(sent).toEqual([true]);
    // The ticket's message is sent; the chat still holds one.
    ticket.rerender({ composing: false });
    expect(sent).toEqual([true]);
    // The chat closes with its message unsent: nothing is held any more.
    chat.unmount();
    expect(sent).toEqual([true, false]);
    ticket.unmount();
    expect(sent).toEqual([true, false]);
  });

  it('does nothing in a browser', () => {
    const { rerender } = renderHook(({ composing }) => useReportComposing(composing), {
      initialProps: { composing: false },
    });
    expect(() => rerender({ composing: true })).not.toThrow();
  });
});
