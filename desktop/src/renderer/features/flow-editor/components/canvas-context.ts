import { createContext, useContext } from 'react';

/** What a node card needs from the page: its actions, and which node the test or an error points at. */
export interface CanvasActions {
  edit: (nodeId: string) => void;
  duplicate: (nodeId: string) => void;
  remove: (nodeId: string) => void;
  /** The node the Test panel's conversation waits at. */
  waitingNodeId: string | null;
  /** The node the last save (or check) found a problem in. */
  problemNodeId: string | null;
}

export const CanvasContext = createContext<CanvasActions | null>(null);

export function useCanvasActions(): CanvasActions {
  const actions = useContext(CanvasContext);
  if (!actions) throw new Error('A flow node rendered outside the editor');
  return actions;
}
