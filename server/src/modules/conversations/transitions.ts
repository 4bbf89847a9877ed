import type { TicketStatus } from '@atendo/shared';

export interface TicketState {
  status: TicketStatus;
  userId: number | null;
  queueId: number | null;
}

/** What a PUT /tickets/{id} asks for; absent fields are left as they are. */
export interface TicketChange {
  status?: TicketStatus;
  userId?: number | null;
  queueId?: number | null;
}

export type TicketAction = 'accept' | 'return' | 'resolve' | 'reopen' | 'transfer' | 'assign' | 'none';

/**
 * Spec §4 Ticket, as one table: which transition a change means and the state it leads to.
 * - transfer: a new queue, or another agent than the actor; no agent → pending, unassigned.
 * - accept (pending → open) and reopen (closed → open): the actor becomes the owner, same queue.
 * - return (open → pending): the owner is cleared.
 * - resolve (→ closed): the actor is recorded as owner, same queue.
 * - assign: an open ticket taken over by the actor.
 */
export function planTransition(
  current: TicketState,
  change: TicketChange,
  actorId: number,
): { action: TicketAction; next: TicketState } {
  const same = { action: 'none' as const, next: { ...current } };
  const queueChanged = change.queueId !== undefined && change.queueId !== current.queueId;
  const toOtherUser =
    change.userId !== undefined &&
    change.userId !== null &&
    change.userId !== actorId &&
    change.userId !== current.userId;

  if (change.status === 'closed') {
    if (current.status === 'closed') return same;
    return { action: 'resolve', next: { status: 'closed', userId: actorId, queueId: current.queueId } };
  }
  if (queueChanged || toOtherUser) {
    const userId = change.userId ?? null;
    return {
      action: 'transfer',
      next: { status: userId === null ? 'pending' : 'open', userId, queueId: change.queueId ?? current.queueId },
    };
  }
  const wantsOpen = change.status === 'open' || (change.status === undefined && change.userId === actorId);
  const wantsPending = change.status === 'pending' || (change.status === undefined && change.userId === null);
  if (wantsOpen) {
    if (current.status === 'pending')
      return { action: 'accept', next: { ...current, status: 'open', userId: actorId } };
    if (current.status === 'closed') return { action: 'reopen', next: { ...current, status: 'open', userId: actorId } };
    if (current.userId !== actorId) return { action: 'assign', next: { ...current, userId: actorId } };
    return same;
  }
  if (wantsPending && current.status !== 'pending') {
    return { action: 'return', next: { ...current, status: 'pending', userId: null } };
  }
  return same;
}
