import { useEffect } from 'react';

/** The composers (a ticket's, an internal chat's) holding a message or files not sent yet. */
const holding = new Set<symbol>();

function report(): void {
  window.desktop?.setComposing(holding.size > 0);
}

/**
 * Tells the desktop app whether the agent is writing: while any composer holds something not
 * sent, it does not restart into a downloaded update (the restart would lose it). In a browser
 * there is no bridge and this does nothing.
 */
export function useReportComposing(composing: boolean): void {
  useEffect(() => {
    if (!composing) return;
    const id = Symbol('composer');
    holding.add(id);
    if (holding.size === 1) report();
    // Sent, cleared or unmounted (another ticket opened): this composer no longer holds anything.
    return () => {
      holding.delete(id);
      if (holding.size === 0) report();
    };
  }, [composing]);
}
