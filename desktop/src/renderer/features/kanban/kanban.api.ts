import {
  type CompanyEventPayloads,
  type Contact,
  type Id,
  type KanbanBoard,
  type Tag,
  type Ticket,
} from '@atendo/shared';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { api } from '../../app/api';
import type { AppThunk, RootState } from '../../app/store';
import { viewerOf } from '../tickets/ticket-lists';
import {
  type Board,
  type BoardArgs,
  boardOf,
  boardParams,
  fitsBoard,
  mergeLanePage,
  moveOnBoard,
  orderLanes,
  placeOnBoard,
  removeFromBoard,
} from './board';

export const kanbanApi = api.enhanceEndpoints({ addTagTypes: ['Kanban'] }).injectEndpoints({
  endpoints: (build) => ({
    /**
     * The board: its lanes (GET /tags/kanban, in board order, with names and colours) and each
     * lane's newest cards, read together so a lane and its cards always agree. Read again when the
     * tickets lists are (after a reconnect that missed too much) and when a lane tag changes.
     */
    kanbanBoard: build.query<Board, BoardArgs>({
      async queryFn(args, _api, _extra, baseQuery) {
        const [tags, board] = await Promise.all([
          baseQuery('/tags/kanban'),
          baseQuery({ url: '/ticket/kanban', params: boardParams(args) }),
        ]);
        if (tags.error) return { error: tags.error as FetchBaseQueryError };
        if (board.error) return { error: board.error as FetchBaseQueryError };
        return { data: boardOf((tags.data as { lista: Tag[] }).lista, board.data as KanbanBoard) };
      },
      providesTags: ['Kanban', 'TicketList'],
    }),
    /** The next cards of one lane, merged into the board by loadMoreCards. */
    kanbanLane: build.query<KanbanBoard, BoardArgs & { tagId: Id | null; cursor: string }>({
      query: ({ tagId, cursor, ...args }) => ({ url: '/ticket/kanban', params: boardParams(args, { tagId, cursor }) }),
    }),
    /** The first step of a move: the ticket leaves its lane (its kanban tags go). */
    leaveLanes: build.mutation<Ticket, Id>({
      query: (ticketId) => ({ url: `/ticket-tags/${ticketId}`, method: 'DELETE' }),
    }),
    /** The second step: the ticket gets the destination lane's tag. */
    addTicketTag: build.mutation<Ticket, { ticketId: Id; tagId: Id }>({
      query: ({ ticketId, tagId }) => ({ url: `/ticket-tags/${ticketId}/${tagId}`, method: 'PUT' }),
    }),
    /** The lanes' order (admins): the kanban lanes' tag ids, first lane first. */
    arrangeLanes: build.mutation<{ lista: Tag[] }, Id[]>({
      query: (tagIds) => ({ url: '/tags/kanban/order', method: 'PUT', body: { tagIds } }),
    }),
  }),
});

/**
 * Cards being moved from this window. Until the move's last answer, the live events of its own
 * steps would show the card leaving for the lane without a tag and coming back: the board keeps
 * the card where it was dropped and takes the final answer instead.
 */
const moving = new Set<Id>();

function eachBoard(state: RootState, change: (draft: Board, args: BoardArgs) => void): AppThunk {
  return (dispatch) => {
    for (const args of kanbanApi.util.selectCachedArgsForQuery(state, 'kanbanBoard')) {
      dispatch(kanbanApi.util.updateQueryData('kanbanBoard', args, (draft) => change(draft, args)));
    }
  };
}

/** company-{id}-ticket (and every ticket change the tickets screen applies): cards move, come and go. */
export function applyKanbanTicketEvent(event: CompanyEventPayloads['ticket']): AppThunk {
  return (dispatch, getState) => {
    const state = getState();
    const viewer = viewerOf(state);
    if (!viewer || event.action === 'updateUnread') return;
    const ticketId = event.action === 'update' ? event.ticket.id : event.ticketId;
    if (moving.has(ticketId)) return;
    dispatch(
      eachBoard(state, (draft, args) => {
        if (event.action === 'delete') removeFromBoard(draft, event.ticketId);
        else placeOnBoard(draft, event.ticket, fitsBoard(event.ticket, args, viewer));
      }),
    );
  };
}

/** company-{id}-contact: a renamed contact is renamed on its cards. */
export function applyKanbanContactEvent(contact: Contact): AppThunk {
  return (dispatch, getState) => {
    dispatch(
      eachBoard(getState(), (draft) => {
        for (const lane of draft.lanes) {
          for (const ticket of lane.tickets) {
            if (ticket.contactId !== contact.id) continue;
            ticket.contact = {
              id: contact.id,
              name: contact.name,
              number: contact.number,
              profilePicUrl: contact.profilePicUrl,
            };
          }
        }
      }),
    );
  };
}

/**
 * company-{id}-tag: the lanes were arranged (every board takes the new order at once), or a lane
 * was added, renamed, recoloured or removed, so the board is read again.
 */
export function applyKanbanTagEvent(event: CompanyEventPayloads['tag']): AppThunk {
  return (dispatch, getState) => {
    if (event.action === 'order') dispatch(eachBoard(getState(), (draft) => orderLanes(draft, event.tagIds)));
    else dispatch(kanbanApi.util.invalidateTags(['Kanban']));
  };
}

/**
 * An admin's new order of the lanes: every board of this window shows it at once; the server keeps
 * it and tells the other screens. A failure reads the board again, in the order the server has.
 */
export function arrangeLanes(tagIds: Id[]): AppThunk<Promise<void>> {
  return async (dispatch, getState) => {
    dispatch(eachBoard(getState(), (draft) => orderLanes(draft, tagIds)));
    try {
      await dispatch(kanbanApi.endpoints.arrangeLanes.initiate(tagIds)).unwrap();
    } catch (error) {
      dispatch(kanbanApi.util.invalidateTags(['Kanban']));
      throw error;
    }
  };
}

/** Loads the next cards of a lane into the board. */
export function loadMoreCards(args: BoardArgs, tagId: Id | null, cursor: string): AppThunk<Promise<void>> {
  return async (dispatch) => {
    const page = await dispatch(
      kanbanApi.endpoints.kanbanLane.initiate({ ...args, tagId, cursor }, { subscribe: false, forceRefetch: true }),
    ).unwrap();
    dispatch(kanbanApi.util.updateQueryData('kanbanBoard', args, (draft) => mergeLanePage(draft, page)));
  };
}

/**
 * Spec 2 §4: a move takes the ticket's lane tags away, then adds the destination lane's tag (none
 * for the lane of tickets without one). The card goes at once; `steps` hears each confirmed step
 * (for its toast). A failure reads the board again, which puts the card where the server has it.
 */
export function moveCard(
  args: BoardArgs,
  ticketId: Id,
  toTagId: Id | null,
  steps: { removed: () => void; added: () => void },
): AppThunk<Promise<void>> {
  return async (dispatch) => {
    moving.add(ticketId);
    dispatch(kanbanApi.util.updateQueryData('kanbanBoard', args, (draft) => moveOnBoard(draft, ticketId, toTagId)));
    try {
      let ticket = await dispatch(kanbanApi.endpoints.leaveLanes.initiate(ticketId)).unwrap();
      steps.removed();
      if (toTagId !== null) {
        ticket = await dispatch(kanbanApi.endpoints.addTicketTag.initiate({ ticketId, tagId: toTagId })).unwrap();
        steps.added();
      }
      moving.delete(ticketId);
      dispatch(applyKanbanTicketEvent({ action: 'update', ticket }));
    } catch (error) {
      moving.delete(ticketId);
      dispatch(kanbanApi.util.invalidateTags(['Kanban']));
      throw error;
    }
  };
}

export const { useKanbanBoardQuery } = kanbanApi;
