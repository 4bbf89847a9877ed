import type { Chat, ChatMessage, ChatMessagesPage, ChatsPage, Id } from '@atendo/shared';

/** The two chat lists kept in the cache: every chat of the user, and those with unread messages. */
export type ChatListKind = 'all' | 'unread';

/** The server's order: latest activity first. */
export function byActivity(a: Chat, b: Chat): number {
  return b.updatedAt.localeCompare(a.updatedAt) || b.id - a.id;
}

/** The messages of the others this user has not read in the chat. */
export function unreadsOf(chat: Chat, userId: Id): number {
  return chat.users.find((member) => member.userId === userId)?.unreads ?? 0;
}

/** What the chat list shows of a message (the server keeps the same). */
export function previewOf(message: string): string {
  return Array.from(message.replace(/\s+/g, ' ')).slice(0, 255).join('');
}

export type ChatChange = { chat: Chat } | { chatId: Id };

/**
 * Writes a chat's new state (or its end) into the loaded pages of a chat list (an immer draft):
 * the chat leaves the list, and comes back in its place by activity when `belongs` says so. A
 * chat new to the list but older than every loaded one, while the server has more pages, is left
 * for those pages.
 * The later pages keep their sizes and the last one takes the difference, so the next page asked
 * for is still the right one.
 */
export function mergeChat(draft: { pages: ChatsPage[] }, change: ChatChange, belongs: (chat: Chat) => boolean): void {
  const { pages } = draft;
  if (!pages.length) return;
  const id = 'chat' in change ? change.chat.id : change.chatId;
  const sizes = pages.map((page) => page.records.length);
  const loaded = pages.flatMap((page) => page.records);
  const rows = loaded.filter((chat) => chat.id !== id);
  if ('chat' in change && belongs(change.chat)) {
    const oldest = rows[rows.length - 1];
    const wasLoaded = rows.length < loaded.length;
    const beyondLoaded = pages[pages.length - 1].hasMore && oldest && byActivity(change.chat, oldest) > 0;
    if (wasLoaded || !beyondLoaded) {
      rows.push(change.chat);
      rows.sort(byActivity);
    }
  }
  let start = 0;
  pages.forEach((page, index) => {
    const last = index === pages.length - 1;
    page.records = last ? rows.slice(start) : rows.slice(start, start + sizes[index]);
    start += sizes[index];
  });
}

/** Adds a message to a chat's loaded pages (newest first) unless it is there already. */
export function addMessage(draft: { pages: ChatMessagesPage[] }, message: ChatMessage): void {
  if (!draft.pages.length) return;
  if (draft.pages.some((page) => page.records.some((m) => m.id === message.id))) return;
  draft.pages[0].records.unshift(message);
}

/**
 * The loaded messages in reading order, each once: pages are asked by page number, so a message
 * written meanwhile shifts the later pages and one may come twice.
 */
export function messagesInOrder(pages: readonly ChatMessagesPage[] | undefined): ChatMessage[] {
  const byId = new Map<Id, ChatMessage>();
  for (const page of pages ?? []) for (const message of page.records) byId.set(message.id, message);
  return [...byId.values()].sort((a, b) => a.id - b.id);
}

/** Consecutive messages of one sender closer than this share one name above them. */
export const GROUP_GAP_MS = 5 * 60_000;

export type ThreadRow =
  | { type: 'day'; key: string; day: string }
  | { type: 'group'; key: string; mine: boolean; sender: ChatMessage['sender']; messages: ChatMessage[] };

/** The local calendar day of an instant, as yyyy-mm-dd. */
export function localDay(value: string | Date): string {
  const date = new Date(value);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/**
 * The rows of a conversation: a separator when the day changes, and the messages in groups of
 * one sender written close together (the name is shown once per group).
 */
export function threadRows(messages: readonly ChatMessage[], me: Id): ThreadRow[] {
  const rows: ThreadRow[] = [];
  let group: Extract<ThreadRow, { type: 'group' }> | null = null;
  let previous: ChatMessage | null = null;
  for (const message of messages) {
    const day = localDay(message.createdAt);
    if (!previous || localDay(previous.createdAt) !== day) {
      rows.push({ type: 'day', key: `day-${message.id}`, day });
      group = null;
    }
    const sameSender = previous && previous.senderId === message.senderId && message.senderId !== null;
    const close =
      previous && new Date(message.createdAt).getTime() - new Date(previous.createdAt).getTime() < GROUP_GAP_MS;
    if (group && sameSender && close) group.messages.push(message);
    else {
      group = {
        type: 'group',
        key: `group-${message.id}`,
        mine: message.senderId === me,
        sender: message.sender,
        messages: [message],
      };
      rows.push(group);
    }
    previous = message;
  }
  return rows;
}

/** "today", "yesterday" or the date itself, for a day separator. */
export function relativeDay(day: string, now: Date): 'today' | 'yesterday' | null {
  if (day === localDay(now)) return 'today';
  const yesterday = new Date(now);
  yesterday.setDate(now.getDate() - 1);
  return day === localDay(yesterday) ? 'yesterday' : null;
}
