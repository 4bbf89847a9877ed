import type { TicketStatus } from '@atendo/shared';

/**
 * What an action that opens a ticket asks of the screen it lands on: the list shows the tab the
 * ticket is now in (an accepted or reopened ticket has left "waiting" or "resolved"), and the
 * composer takes the focus so the agent can answer at once.
 */
export interface TicketRouteState {
  listTab: TicketStatus;
  focusComposer: boolean;
}

export function openedTicket(uuid: string): [string, { state: TicketRouteState }] {
  return [`/tickets/${uuid}`, { state: { listTab: 'open', focusComposer: true } }];
}

export function ticketRouteState(state: unknown): TicketRouteState | null {
  const candidate = state as Partial<TicketRouteState> | null;
  return candidate && typeof candidate.listTab === 'string' ? (candidate as TicketRouteState) : null;
}
