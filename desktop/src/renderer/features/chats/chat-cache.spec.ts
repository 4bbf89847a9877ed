import { describe, expect, it } from '@jest/globals';
import type { Chat, ChatMessage, ChatsPage } from '@atendo/shared';
import {
  addMessage,
  GROUP_GAP_MS,
  localDay,
  mergeChat,
  messagesInOrder,
  previewOf,
  relativeDay,
  threadRows,
  unreadsOf,
} from './chat-cache';

const ME = 1;

function chat(id: number, minute: number, unreads = 0): Chat {
  return {
    id,
    uuid: `uuid-${id}`,
    title: `Chat ${id}`,
    ownerId: ME,
    lastMessage: '',
    updatedAt: new Date(Date.UTC(2025, 0, 1, 12, minute)).toISOString(),
    users: [
      { userId: ME, unreads, user: { id: ME, name: 'Me' } },
      { userId: 2, unreads: 0, user: { id: 2, name: 'Bia' } },
    ],
  };
}

function message(id: number, senderId: number | null, at: string): ChatMessage {
  return {
    id,
    chatId: 9,
    senderId,
    sender: senderId === null ? null : { id: senderId, name: `User ${senderId}` },
    message: `m${id}`,
    createdAt: at,
  };
}

const pages = (...lists: [Chat[], boolean][]): { pages: ChatsPage[] } => ({
  pages: lists.map(([records, hasMore]) => ({ records, hasMore })),
});
const ids = (draft: { pages: ChatsPage[] }) => draft.pages.map((page) => page.records.map((c) => c.id));
const all = () => true;

describe('chat list cache', () => {
  it('moves a chat with new activity to the top and keeps the later pages the same size', () => {
    const draft = pages([[chat(5, 50), chat(4, 40)], true], [[chat(3, 30), chat(2, 20)], true]);
    mergeChat(draft, { chat: chat(2, 55) }, all);
    expect(ids(draft)).toEqual([
      [2, 5],
      [4, 3],
    ]);
    mergeChat(draft, { chat: chat(9, 59) }, all);
    expect(ids(draft)).toEqual([
      [9, 2],
      [5, 4, 3],
    ]);
  });

  it('leaves a new chat older than the loaded ones to the pages not loaded yet', () => {
    const draft = pages([[chat(5, 50), chat(4, 40)], true]);
    mergeChat(draft, { chat: chat(1, 10) }, all);
    expect(ids(draft)).toEqual([[5, 4]]);
    const whole = pages([[chat(5, 50)], false]);
    mergeChat(whole, { chat: chat(1, 10) }, all);
    expect(ids(whole)).toEqual([[5, 1]]);
    // A loaded chat stays, whatever its place: a read changes no activity.
    mergeChat(draft, { chat: { ...chat(4, 40), title: 'Renamed' } }, all);
    expect(draft.pages[0].records[1].title).toBe('Renamed');
  });

  it('keeps in the unread list only the chats the user has unread messages in, and drops deleted ones', () => {
    const unread = (c: Chat) => unreadsOf(c, ME) > 0;
    const draft = pages([[chat(5, 50, 2)], false]);
    mergeChat(draft, { chat: chat(6, 56, 1) }, unread);
    mergeChat(draft, { chat: chat(7, 57, 0) }, unread);
    expect(ids(draft)).toEqual([[6, 5]]);
    mergeChat(draft, { chat: chat(5, 50, 0) }, unread);
    expect(ids(draft)).toEqual([[6]]);
    mergeChat(draft, { chatId: 6 }, unread);
    expect(ids(draft)).toEqual([[]]);
    expect(unreadsOf(chat(1, 1, 3), 99)).toBe(0);
  });
});

describe('chat messages', () => {
  it('adds a message once, at the newest end, and reads the pages oldest first without repeats', () => {
    const draft = {
      pages: [
        { records: [message(4, 2, 'x'), message(3, 2, 'x')], hasMore: true },
        { records: [message(3, 2, 'x'), message(2, 2, 'x')], hasMore: false },
      ],
    };
    addMessage(draft, message(5, 1, 'x'));
    addMessage(draft, message(5, 1, 'x'));
    addMessage(draft, message(2, 2, 'x'));
    expect(draft.pages[0].records.map((m) => m.id)).toEqual([5, 4, 3]);
    expect(messagesInOrder(draft.pages).map((m) => m.id)).toEqual([2, 3, 4, 5]);
    expect(messagesInOrder(undefined)).toEqual([]);
  });

  it('groups consecutive messages of one sender written close together, and separates days', () => {
    const at = (day: number, minutes: number) => new Date(2025, 0, day, 9, 0, 0).getTime() + minutes * 60_000;
    const iso = (ms: number) => new Date(ms).toISOString();
    const rows = threadRows(
      [
        message(1, 2, iso(at(3, 0))),
        message(2, 2, iso(at(3, 1))),
        message(3, 2, iso(at(3, 1) + GROUP_GAP_MS)),
        message(4, ME, iso(at(3, 7))),
        message(5, null, iso(at(3, 8))),
        message(6, null, iso(at(3, 8))),
        message(7, ME, iso(at(4, 0))),
      ],
      ME,
    );
    expect(rows.map((row) => (row.type === 'day' ? row.day : row.messages.map((m) => m.id)))).toEqual([
      '2025-01-03',
      [1, 2],
      [3],
      [4],
      [5],
      [6],
      '2025-01-04',
      [7],
    ]);
    expect(rows.filter((row) => row.type === 'group').map((row) => row.type === 'group' && row.mine)).toEqual([
      false,
      false,
      true,
      false,
      false,
      true,
    ]);
  });

  it('names today and yesterday, and cuts the list preview on whole characters', () => {
    const now = new Date(2025, 2, 1, 0, 30);
    expect(relativeDay(localDay(now), now)).toBe('today');
    expect(relativeDay('2025-02-28', now)).toBe('yesterday');
    expect(relativeDay('2025-02-27', now)).toBeNull();
    expect(previewOf('a\n\n b')).toBe('a b');
    expect(Array.from(previewOf('😀'.repeat(300)))).toHaveLength(255);
  });
});
