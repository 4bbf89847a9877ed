import { type Id, type Message, QUICK_ANSWER_LABEL_MAX, QUICK_ANSWER_TRIGGER, type QuickMessage } from '@atendo/shared';
import { format } from 'date-fns';

export interface MessagesPage {
  messages: Message[];
  hasMore: boolean;
}

/** Older pages continue before the oldest loaded message (keyset), page numbers as a fallback. */
export interface MessagePageParam {
  page: number;
  before?: Id;
}

export function nextMessagePage(last: MessagesPage, lastParam: MessagePageParam): MessagePageParam | undefined {
  if (!last.hasMore) return undefined;
  const oldest = last.messages[0];
  return oldest ? { page: lastParam.page + 1, before: oldest.id } : { page: lastParam.page + 1 };
}

export type ThreadItem =
  | { type: 'date'; key: string; label: string }
  | { type: 'boundary'; key: string; edge: 'ended' | 'started'; ticketId: Id }
  | { type: 'message'; key: string; message: Message };

/**
 * Loaded pages in reading order. Page 1 holds the newest messages and each later page older ones,
 * every page oldest first; the same message is never shown twice.
 */
export function threadMessages(pages: readonly MessagesPage[] | undefined): Message[] {
  const seen = new Set<Id>();
  const ordered: Message[] = [];
  for (let p = (pages?.length ?? 0) - 1; p >= 0; p -= 1) {
    for (const message of pages![p].messages) {
      if (seen.has(message.id)) continue;
      seen.add(message.id);
      ordered.push(message);
    }
  }
  return ordered;
}

/**
 * The rows of a conversation: a dd/MM/yyyy separator whenever the day changes, and
 * "conversation ended" / "conversation started" markers between consecutive messages of
 * different tickets (spec §2).
 */
export function buildThread(messages: readonly Message[]): ThreadItem[] {
  const items: ThreadItem[] = [];
  let previous: Message | null = null;
  for (const message of messages) {
    const day = format(new Date(message.createdAt), 'dd/MM/yyyy');
    const previousDay = previous ? format(new Date(previous.createdAt), 'dd/MM/yyyy') : null;
    if (previous && previous.ticketId !== message.ticketId) {
      items.push({ type: 'boundary', key: `end-${previous.id}`, edge: 'ended', ticketId: previous.ticketId });
    }
    if (day !== previousDay) items.push({ type: 'date', key: `day-${message.id}`, label: day });
    if (previous && previous.ticketId !== message.ticketId) {
      items.push({ type: 'boundary', key: `start-${message.id}`, edge: 'started', ticketId: message.ticketId });
    }
    items.push({ type: 'message', key: `msg-${message.id}`, message });
    previous = message;
  }
  return items;
}

/** Adds or replaces a message in the cached pages (mutating): new ones go to the newest page. */
export function upsertMessage(pages: MessagesPage[], message: Message): void {
  for (const page of pages) {
    const index = page.messages.findIndex((m) => m.id === message.id);
    if (index >= 0) {
      page.messages[index] = message;
      return;
    }
  }
  if (pages.length === 0) return;
  const newest = pages[0].messages;
  const at = newest.findIndex((m) => new Date(m.createdAt).getTime() > new Date(message.createdAt).getTime());
  newest.splice(at < 0 ? newest.length : at, 0, message);
}

/** Only replaces a message already loaded (ack, edit, delete); unknown ids are ignored. */
export function replaceMessage(pages: MessagesPage[], message: Message): void {
  for (const page of pages) {
    const index = page.messages.findIndex((m) => m.id === message.id);
    if (index >= 0) page.messages[index] = { ...page.messages[index], ...message };
  }
}

export interface LocationBody {
  image: string;
  link: string;
  description: string;
}

/** Spec §3: a location body is pipe separated: image, link, optional description. */
export function parseLocation(body: string): LocationBody | null {
  const [image = '', link = '', ...rest] = body.split('|');
  if (!image.trim() && !link.trim()) return null;
  return { image: image.trim(), link: link.trim(), description: rest.join('|').trim() };
}

export interface VcardContact {
  name: string;
  number: string;
}

/** Name and number of a contact card: FN (or N), and the first TEL (its waid when present). */
export function parseVcard(body: string): VcardContact {
  const lines = body.replace(/\r\n/g, '\n').split('\n');
  let name = '';
  let number = '';
  for (const line of lines) {
    const colon = line.indexOf(':');
    if (colon < 0) continue;
    const key = line.slice(0, colon).toUpperCase();
    const value = line.slice(colon + 1).trim();
    if (key === 'FN' || key.startsWith('FN;')) name = value;
    else if (!name && (key === 'N' || key.startsWith('N;'))) {
      name = value.split(';').filter(Boolean).reverse().join(' ').trim();
    } else if (!number && (key === 'TEL' || key.startsWith('TEL;') || key.endsWith('.TEL') || key.includes('.TEL;'))) {
      const waid = /waid=(\d+)/i.exec(key);
      number = waid ? waid[1] : value.replace(/[^\d+]/g, '');
    }
  }
  if (!name && !number && body.trim() && !body.includes('BEGIN:VCARD')) name = body.trim();
  return { name, number };
}

export type TickShape = 'clock' | 'single' | 'double';

/** Spec §4: ack 1 single tick, 2 delivered, 3 double tick, 4 or 5 double tick highlighted (read). */
export function ackTicks(ack: number): { shape: TickShape; read: boolean; labelKey: string } {
  if (ack >= 4) return { shape: 'double', read: true, labelKey: ack >= 5 ? 'tickets.ack.played' : 'tickets.ack.read' };
  if (ack === 3) return { shape: 'double', read: false, labelKey: 'tickets.ack.delivered' };
  if (ack === 2) return { shape: 'double', read: false, labelKey: 'tickets.ack.delivered' };
  if (ack === 1) return { shape: 'single', read: false, labelKey: 'tickets.ack.sent' };
  return { shape: 'clock', read: false, labelKey: 'tickets.ack.pending' };
}

export interface QuickAnswerOption {
  id: Id;
  label: string;
  message: string;
  /** The attachment that goes with the answer, by name, or null. */
  mediaName: string | null;
}

/** Spec §4: suggestions once the input starts with "/" and has more than one character. */
export function quickAnswerOptions(list: readonly QuickMessage[], input: string): QuickAnswerOption[] {
  if (!input.startsWith(QUICK_ANSWER_TRIGGER) || input.length <= 1) return [];
  const term = input.slice(QUICK_ANSWER_TRIGGER.length).toLowerCase();
  return list
    .filter((q) => q.shortcode.toLowerCase().includes(term))
    .map((q) => {
      const label = `${q.shortcode} - ${q.message}`;
      return {
        id: q.id,
        message: q.message,
        mediaName: q.mediaPath ? q.mediaName || q.shortcode : null,
        label: label.length > QUICK_ANSWER_LABEL_MAX ? `${label.slice(0, QUICK_ANSWER_LABEL_MAX)}...` : label,
      };
    });
}

/** Spec §9: a voice recording smaller than this is discarded without a word. */
export const MIN_RECORDING_BYTES = 10_000;

export function keepRecording(size: number): boolean {
  return size >= MIN_RECORDING_BYTES;
}

/** Empty or whitespace-only text is never sent. */
export function sendableText(text: string): boolean {
  return text.trim().length > 0;
}

/** The signature toggle prefixes the agent's name in WhatsApp bold. */
export function signBody(body: string, userName: string, sign: boolean): string {
  return sign ? `*${userName}*:\n${body}` : body;
}

/** The i18n key of a media message's preview in notifications and the list. */
export function mediaPreviewKey(mediaType: Message['mediaType']): string | null {
  switch (mediaType) {
    case 'image':
      return 'tickets.preview.image';
    case 'audio':
      return 'tickets.preview.audio';
    case 'video':
      return 'tickets.preview.video';
    case 'application':
      return 'tickets.preview.document';
    case 'locationMessage':
      return 'tickets.preview.location';
    case 'contactMessage':
    case 'vcard':
      return 'tickets.preview.contact';
    case 'call_log':
      return 'tickets.preview.call';
    default:
      return null;
  }
}

/** A file name from a media URL, for the document download link. */
export function fileNameOf(url: string | null, fallback: string): string {
  if (!url) return fallback;
  const clean = url.split(/[?#]/)[0];
  const last = clean.slice(clean.lastIndexOf('/') + 1);
  try {
    return decodeURIComponent(last) || fallback;
  } catch {
    return last || fallback;
  }
}
