import { can, type CompanyEventPayloads, type Contact, type Id } from '@atendo/shared';
import { api } from '../../app/api';
import type { AppThunk, RootState } from '../../app/store';
import { applyKanbanContactEvent, applyKanbanTicketEvent } from '../kanban/kanban.api';
import { replaceMessage, upsertMessage } from './thread';
import {
  markTicketRead,
  placeTicket,
  removeTicket,
  type TicketListArgs,
  ticketListDecision,
  viewerOf,
} from './ticket-lists';
import { ticketsApi } from './tickets.api';

function cachedLists(state: RootState): TicketListArgs[] {
  return ticketsApi.util.selectCachedArgsForQuery(state, 'listTickets');
}

/**
 * `delete` also tells the lists that a ticket changed status, and an `update` follows it. The
 * search results are the one list whose membership only the server can judge: a ticket a `delete`
 * took out of them is remembered for a moment, so the `update` that follows puts it back.
 */
const DROPPED_FROM_SEARCH_MS = 5_000;
const droppedFromSearch = new Map<Id, { at: number; lists: Set<string> }>();

function listKey(args: TicketListArgs): string {
  return JSON.stringify(args);
}

function rememberDropped(ticketId: Id, args: TicketListArgs): void {
  const now = Date.now();
  for (const [id, old] of droppedFromSearch) if (now - old.at > DROPPED_FROM_SEARCH_MS) droppedFromSearch.delete(id);
  const dropped = droppedFromSearch.get(ticketId) ?? { at: now, lists: new Set<string>() };
  dropped.at = now;
  dropped.lists.add(listKey(args));
  droppedFromSearch.set(ticketId, dropped);
}

function wasDroppedFrom(ticketId: Id, args: TicketListArgs): boolean {
  const dropped = droppedFromSearch.get(ticketId);
  if (!dropped || Date.now() - dropped.at > DROPPED_FROM_SEARCH_MS) {
    droppedFromSearch.delete(ticketId);
    return false;
  }
  return dropped.lists.has(listKey(args));
}

/**
 * company-{id}-ticket: a changed ticket moves between the cached lists by the tab rules, a deleted
 * one leaves them all, a read one loses its unread counter. Our own saves go through here too, so
 * the event that echoes them changes nothing.
 */
export function applyTicketEvent(event: CompanyEventPayloads['ticket']): AppThunk {
  return (dispatch, getState) => {
    const state = getState();
    const viewer = viewerOf(state);
    if (!viewer) return;
    const place = (args: TicketListArgs) =>
      ticketsApi.util.updateQueryData('listTickets', args, (draft) => {
        if (event.action === 'update') {
          const decision = ticketListDecision(event.ticket, args, viewer);
          const back = decision === 'unknown' && wasDroppedFrom(event.ticket.id, args);
          placeTicket(draft.pages, event.ticket, back ? 'fits' : decision);
        } else if (event.action === 'delete') {
          if (args.kind === 'search' && draft.pages.some((page) => page.tickets.some((t) => t.id === event.ticketId))) {
            rememberDropped(event.ticketId, args);
          }
          removeTicket(draft.pages, event.ticketId);
        } else markTicketRead(draft.pages, event.ticketId, args.kind);
      });
    for (const args of cachedLists(state)) {
      // A list whose first page is still on its way has nothing to change yet, and that page was
      // read before this change: the change is made once the page has landed.
      const loading = !ticketsApi.endpoints.listTickets.select(args)(state).data;
      const running = loading ? dispatch(ticketsApi.util.getRunningQueryThunk('listTickets', args)) : undefined;
      if (running) void running.then(() => dispatch(place(args)));
      else dispatch(place(args));
    }
    if (event.action === 'update') {
      dispatch(ticketsApi.util.updateQueryData('getTicketByUuid', event.ticket.uuid, () => event.ticket));
    }
    // The kanban board shows the same tickets as cards.
    dispatch(applyKanbanTicketEvent(event));
    if (event.action === 'updateUnread') {
      for (const uuid of ticketsApi.util.selectCachedArgsForQuery(state, 'getTicketByUuid')) {
        dispatch(
          ticketsApi.util.updateQueryData('getTicketByUuid', uuid, (draft) => {
            if (draft.id === event.ticketId) draft.unreadMessages = 0;
          }),
        );
      }
    }
  };
}

/**
 * company-{id}-appMessage: the message joins its conversation if that one is loaded, and its
 * ticket (new last message, unread count) moves in the lists. `own` marks our own send's answer,
 * which is merged like the event that will follow it.
 */
export function applyMessageEvent(event: CompanyEventPayloads['appMessage'], own = false): AppThunk {
  return (dispatch, getState) => {
    const { message } = event;
    const state = getState();
    const cached = ticketsApi.util.selectCachedArgsForQuery(state, 'listMessages');
    for (const ticketId of cached) {
      // A conversation shows the contact's whole history, so a message of the contact's newer
      // ticket belongs in an older ticket's open conversation too.
      const shownContact = ticketsApi.endpoints.listMessages.select(ticketId)(state).data?.pages[0]?.ticket?.contactId;
      const sameContact =
        event.action === 'create' && shownContact !== undefined && shownContact === event.ticket.contactId;
      if (event.action === 'create' && (ticketId === message.ticketId || sameContact)) {
        dispatch(
          ticketsApi.util.updateQueryData('listMessages', ticketId, (draft) => upsertMessage(draft.pages, message)),
        );
      } else if (event.action === 'update') {
        dispatch(
          ticketsApi.util.updateQueryData('listMessages', ticketId, (draft) =>
            own && ticketId === message.ticketId
              ? upsertMessage(draft.pages, message)
              : replaceMessage(draft.pages, message),
          ),
        );
      }
    }
    if (event.action === 'create') dispatch(applyTicketEvent({ action: 'update', ticket: event.ticket }));
  };
}

function patchContact(contact: Contact) {
  return <T extends { contactId: number; contact: Contact }>(ticket: T) => {
    if (ticket.contactId === contact.id) ticket.contact = { ...ticket.contact, ...contact };
  };
}

/** company-{id}-contact: a renamed contact is renamed in every list and open ticket. */
export function applyContactEvent(event: CompanyEventPayloads['contact']): AppThunk {
  return (dispatch, getState) => {
    if (event.action === 'delete' || event.action === 'reload') return;
    const state = getState();
    const patch = patchContact(event.contact);
    dispatch(applyKanbanContactEvent(event.contact));
    for (const args of cachedLists(state)) {
      dispatch(
        ticketsApi.util.updateQueryData('listTickets', args, (draft) => {
          for (const page of draft.pages) page.tickets.forEach(patch);
        }),
      );
    }
    for (const uuid of ticketsApi.util.selectCachedArgsForQuery(state, 'getTicketByUuid')) {
      dispatch(ticketsApi.util.updateQueryData('getTicketByUuid', uuid, (draft) => patch(draft)));
    }
  };
}

/**
 * After a reconnect, events sent meanwhile are lost: ask for what changed since `since` (tickets by
 * updatedAt, each open conversation's messages) and merge it like live events. When more changed
 * than one answer holds, or the question fails, the affected lists are simply fetched again.
 */
export function catchUpSince(since: string): AppThunk<Promise<void>> {
  return async (dispatch, getState) => {
    dispatch(api.util.invalidateTags(['Connections', 'Ticket']));
    const user = getState().auth.user;
    if (!user) return;
    try {
      const changed = await dispatch(
        ticketsApi.endpoints.changedTickets.initiate(
          { since, showAll: can(user, 'tickets-manager:showall') },
          { subscribe: false, forceRefetch: true },
        ),
      ).unwrap();
      if (changed.hasMore) dispatch(api.util.invalidateTags(['TicketList']));
      else for (const ticket of changed.tickets) dispatch(applyTicketEvent({ action: 'update', ticket }));
    } catch {
      dispatch(api.util.invalidateTags(['TicketList']));
    }
    for (const ticketId of ticketsApi.util.selectCachedArgsForQuery(getState(), 'listMessages')) {
      try {
        const answer = await dispatch(
          ticketsApi.endpoints.changedMessages.initiate({ ticketId, since }, { subscribe: false, forceRefetch: true }),
        ).unwrap();
        if (answer.hasMore) {
          dispatch(api.util.invalidateTags(['Messages']));
          return;
        }
        dispatch(
          ticketsApi.util.updateQueryData('listMessages', ticketId, (draft) => {
            for (const message of answer.messages) upsertMessage(draft.pages, message);
          }),
        );
      } catch {
        dispatch(api.util.invalidateTags(['Messages']));
        return;
      }
    }
  };
}
