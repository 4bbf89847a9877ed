import { describe, expect, it } from '@jest/globals';
import type { Message, QuickMessage } from '@atendo/shared';
import {
  ackTicks,
  buildThread,
  fileNameOf,
  keepRecording,
  mediaPreviewKey,
  nextMessagePage,
  parseLocation,
  parseVcard,
  quickAnswerOptions,
  replaceMessage,
  sendableText,
  signBody,
  threadMessages,
  upsertMessage,
} from './thread';

function message(id: number, createdAt: string, over: Partial<Message> = {}): Message {
  return {
    id,
    ticketId: 1,
    body: `m${id}`,
    fromMe: false,
    mediaType: 'chat',
    mediaUrl: null,
    quotedMsgId: null,
    quotedMsg: null,
    isDeleted: false,
    isEdited: false,
    ack: 0,
    read: true,
    createdAt,
    contact: null,
    ...over,
  };
}

// Local times, so day boundaries do not depend on the machine's time zone.
const day1 = (h: number) => new Date(2024, 4, 10, h, 0).toISOString();
const day2 = (h: number) => new Date(2024, 4, 11, h, 0).toISOString();

describe('threadMessages', () => {
  it('reads older pages first and drops duplicates', () => {
    const pages = [
      { messages: [message(3, day1(3)), message(4, day1(4))], hasMore: true },
      { messages: [message(1, day1(1)), message(2, day1(2)), message(3, day1(3))], hasMore: false },
    ];
    expect(threadMessages(pages).map((m) => m.id)).toEqual([1, 2, 3, 4]);
  });

  it('asks for older pages before the oldest loaded message', () => {
    expect(nextMessagePage({ messages: [message(9, day1(1))], hasMore: true }, { page: 1 })).toEqual({
      page: 2,
      before: 9,
    });
    expect(nextMessagePage({ messages: [], hasMore: false }, { page: 1 })).toBeUndefined();
  });
});

describe('buildThread', () => {
  it('puts a dd/MM/yyyy separator before each new day', () => {
    const items = buildThread([message(1, day1(9)), message(2, day1(10)), message(3, day2(8))]);
    expect(items.map((i) => (i.type === 'date' ? i.label : i.type === 'message' ? i.message.id : i.edge))).toEqual([
      '10/05/2024',
      1,
      2,
      '11/05/2024',
      3,
    ]);
  });

  it('marks where one ticket ended and the next started', () => {
    const items = buildThread([
      message(1, day1(9), { ticketId: 10 }),
      message(2, day1(10), { ticketId: 11 }),
      message(3, day1(11), { ticketId: 11 }),
    ]);
    expect(items.map((i) => (i.type === 'boundary' ? `${i.edge}:${i.ticketId}` : i.type))).toEqual([
      'date',
      'message',
      'ended:10',
      'started:11',
      'message',
      'message',
    ]);
  });

  it('shows no markers when every message is of one ticket', () => {
    expect(buildThread([message(1, day1(9)), message(2, day1(10))]).some((i) => i.type === 'boundary')).toBe(false);
  });

  it('puts the day separator between the end and start markers', () => {
    const items = buildThread([message(1, day1(9), { ticketId: 1 }), message(2, day2(9), { ticketId: 2 })]);
    expect(items.map((i) => (i.type === 'boundary' ? i.edge : i.type))).toEqual([
      'date',
      'message',
      'ended',
      'date',
      'started',
      'message',
    ]);
  });
});

describe('message cache merges', () => {
  it('adds a new message once, in time order, to the newest page', () => {
    const pages = [{ messages: [message(1, day1(1)), message(3, day1(3))], hasMore: false }];
    upsertMessage(pages, message(2, day1(2)));
    upsertMessage(pages, message(2, day1(2), { ack: 3 }));
    expect(pages[0].messages.map((m) => [m.id, m.ack])).toEqual([
      [1, 0],
      [2, 3],
      [3, 0],
    ]);
  });

  it('replaces only loaded messages', () => {
    const pages = [{ messages: [message(1, day1(1))], hasMore: false }];
    replaceMessage(pages, message(1, day1(1), { isDeleted: true }));
    replaceMessage(pages, message(5, day1(5)));
    expect(pages[0].messages).toHaveLength(1);
    expect(pages[0].messages[0].isDeleted).toBe(true);
  });
});

describe('parseLocation', () => {
  it('reads image, link and description', () => {
    expect(parseLocation('data:image/png;base64,AAA|https://maps.google.com/?q=1,2|Main St 1')).toEqual({
      image: 'data:image/png;base64,AAA',
      link: 'https://maps.google.com/?q=1,2',
      description: 'Main St 1',
    });
  });

  it('allows a missing description and refuses an empty body', () => {
    expect(parseLocation('img.png|https://maps.example/x')).toEqual({
      image: 'img.png',
      link: 'https://maps.example/x',
      description: '',
    });
    expect(parseLocation('')).toBeNull();
  });
});

describe('parseVcard', () => {
  it('reads FN and the waid of TEL', () => {
    const card =
      'BEGIN:VCARD\nVERSION:3.0\nN:Silva;Ana;;;\nFN:Ana Silva\nitem1.TEL;waid=5511999990000:+55 11 99999-0000\nEND:VCARD';
    expect(parseVcard(card)).toEqual({ name: 'Ana Silva', number: '5511999990000' });
  });

  it('falls back to N and a plain TEL', () => {
    const card = 'BEGIN:VCARD\r\nN:Souza;Bruno\r\nTEL;type=CELL:+55 (21) 3333-4444\r\nEND:VCARD';
    expect(parseVcard(card)).toEqual({ name: 'Bruno Souza', number: '+552133334444' });
  });
});

describe('ackTicks', () => {
  it('maps acks to clock, single, double and highlighted double', () => {
    expect(ackTicks(0)).toMatchObject({ shape: 'clock', read: false });
    expect(ackTicks(1)).toMatchObject({ shape: 'single', read: false });
    expect(ackTicks(2)).toMatchObject({ shape: 'double', read: false, labelKey: 'tickets.ack.delivered' });
    expect(ackTicks(3)).toMatchObject({ shape: 'double', read: false });
    expect(ackTicks(4)).toMatchObject({ shape: 'double', read: true, labelKey: 'tickets.ack.read' });
    expect(ackTicks(5)).toMatchObject({ shape: 'double', read: true, labelKey: 'tickets.ack.played' });
  });
});

describe('quickAnswerOptions', () => {
  const quick = (id: number, shortcode: string, text: string): QuickMessage => ({
    id,
    companyId: 1,
    userId: null,
    shortcode,
    message: text,
    geral: true,
    status: 'active',
    isMedia: false,
    mediaPath: null,
    mediaName: null,
  });
  const list = [quick(1, 'hello', 'Hello! How can I help you today, my friend?'), quick(2, 'bye', 'Bye')];

  it('needs "/" and more than one character', () => {
    expect(quickAnswerOptions(list, '/')).toEqual([]);
    expect(quickAnswerOptions(list, 'hello')).toEqual([]);
    expect(quickAnswerOptions(list, '/h').map((o) => o.id)).toEqual([1]);
    expect(quickAnswerOptions(list, '/BY').map((o) => o.id)).toEqual([2]);
  });

  it('truncates labels at 35 characters', () => {
    const [option] = quickAnswerOptions(list, '/hel');
    expect(option.label).toBe(`${'hello - Hello! How can I help you today, my friend?'.slice(0, 35)}...`);
    expect(option.message).toBe('Hello! How can I help you today, my friend?');
    expect(quickAnswerOptions(list, '/bye')[0].label).toBe('bye - Bye');
  });

  it('names the attachment an answer carries, and none for one without', () => {
    const withFile = {
      ...quick(3, 'foto', 'Veja'),
      isMedia: true,
      mediaPath: '/public/company1/a/b.png',
      mediaName: 'b.png',
    };
    expect(quickAnswerOptions([...list, withFile], '/foto')[0].mediaName).toBe('b.png');
    expect(quickAnswerOptions(list, '/bye')[0].mediaName).toBeNull();
  });
});

describe('composer rules', () => {
  it('discards recordings under 10,000 bytes', () => {
    expect(keepRecording(9_999)).toBe(false);
    expect(keepRecording(10_000)).toBe(true);
  });

  it('never sends empty or blank text', () => {
    expect(sendableText('')).toBe(false);
    expect(sendableText(' \n\t ')).toBe(false);
    expect(sendableText(' ok ')).toBe(true);
  });

  it('signs with the agent name in bold', () => {
    expect(signBody('Hi', 'Ana', true)).toBe('*Ana*:\nHi');
    expect(signBody('Hi', 'Ana', false)).toBe('Hi');
  });

  it('labels media previews and names documents', () => {
    expect(mediaPreviewKey('image')).toBe('tickets.preview.image');
    expect(mediaPreviewKey('chat')).toBeNull();
    expect(fileNameOf('/public/company1/Invoice%20May.pdf?x=1', 'file')).toBe('Invoice May.pdf');
    expect(fileNameOf(null, 'file')).toBe('file');
  });
});
