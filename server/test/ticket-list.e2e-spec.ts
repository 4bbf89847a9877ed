import { jest } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { ContactEntity } from '../src/modules/conversations/entities/contact.entity.js';
import { MessageEntity } from '../src/modules/conversations/entities/message.entity.js';
import { TicketEntity } from '../src/modules/conversations/entities/ticket.entity.js';
import { SET_LIMIT } from '../src/modules/conversations/ticket-list.js';
import { TicketsService } from '../src/modules/conversations/tickets.service.js';
import { conversationCompany } from './support/conversations.js';
import { startTestApp, type TestApp } from './support/test-app.js';

// The ticket list reads MySQL/MariaDB from one of two starts (ticket-list.ts): the walk in list
// order, or the set of one selective filter. Whichever it takes, every filter combination must
// answer the same tickets in the same order: here each is checked against the fixture's own
// answer, once with every set taken as small (set start) and once with none (the walk).

const DAY = 86_400_000;
const N = 72;

let t: TestApp;
let co: Awaited<ReturnType<typeof conversationCompany>>;
let service: TicketsService;
let tagMany: number;
let tagFew: number;

interface Row {
  id: number;
  status: string;
  userId: number | null;
  queueId: number | null;
  unread: number;
  createdAt: Date;
  updatedAt: Date;
  name: string;
  number: string;
  bodies: string[];
  tags: number[];
}
const rows: Row[] = [];

beforeAll(async () => {
  t = await startTestApp();
  co = await conversationCompany(t, 'Lists');
  service = t.app.get(TicketsService);
  const db = t.app.get(DataSource);
  const tag = async (name: string) =>
    (await t.request('POST', '/tags', { token: co.admin.token, body: { name, color: '#1273DE' } })).body.id as number;
  tagMany = await tag('Many');
  tagFew = await tag('Few');

  const now = Date.now();
  const contacts = await db.getRepository(ContactEntity).save(
    Array.from({ length: 24 }, (_, c) => ({
      companyId: co.companyId,
      name: c % 6 === 0 ? `Renata Lista ${c}` : `Cliente Lista ${c}`,
      number: `5511977${String(c).padStart(5, '0')}`,
    })),
  );
  const owners = [co.admin.user.id, co.seller.id, null];
  const queues = [co.sales, co.support, null];
  const statuses = ['closed', 'closed', 'open', 'pending'] as const;
  for (let i = 0; i < N; i++) {
    const contact = contacts[i % contacts.length];
    const bodies = [
      i % 3 === 0 ? 'segue o boleto do pedido' : 'bom dia, tudo certo',
      i % 7 === 0 ? 'quero o reembolso boleto duplicado' : 'obrigado pelo retorno',
    ];
    rows.push({
      id: 0,
      status: statuses[i % 4],
      userId: owners[i % 3],
      queueId: queues[Math.floor(i / 3) % 3],
      unread: i % 5 === 0 ? 2 : 0,
      createdAt: new Date(now - (i % 6) * DAY - 3_600_000),
      // Activity in an order unrelated to the ids, two tickets sharing each instant (ties go by id).
      updatedAt: new Date(now - Math.floor(((i * 37) % N) / 2) * 60_000),
      name: contact.name,
      number: contact.number,
      bodies,
      tags: [...(i % 2 === 0 ? [tagMany] : []), ...([5, 17, 40].includes(i) ? [tagFew] : [])],
    });
  }
  for (const [i, row] of rows.entries()) {
    const saved = await db.getRepository(TicketEntity).save({
      uuid: randomUUID(),
      companyId: co.companyId,
      contactId: contacts[i % contacts.length].id,
      whatsappId: co.mainLine,
      userId: row.userId,
      queueId: row.queueId,
      status: row.status as TicketEntity['status'],
      unreadMessages: row.unread,
      openKey: null,
      createdAt: row.createdAt,
      updatedAt: row.updatedAt,
    });
    row.id = saved.id;
    await db.getRepository(MessageEntity).save(
      row.bodies.map((body, k) => ({
        companyId: co.companyId,
        ticketId: saved.id,
        contactId: contacts[i % contacts.length].id,
        whatsappId: co.mainLine,
        providerId: `list-${saved.id}-${k}`,
        body,
        fromMe: k === 1,
      })),
    );
    for (const tagId of row.tags)
      await db.query('INSERT INTO ticket_tags (ticketId, tagId) VALUES (?, ?)', [saved.id, tagId]);
  }
  // createdAt and updatedAt as planned (the ORM stamps them on insert), then as the database keeps them.
  for (const row of rows) {
    await db.getRepository(TicketEntity).update(row.id, { createdAt: row.createdAt, updatedAt: row.updatedAt });
    const stored = await db.getRepository(TicketEntity).findOneByOrFail({ id: row.id });
    row.createdAt = stored.createdAt;
    row.updatedAt = stored.updatedAt;
  }
}, 120_000);
afterAll(() => t.close());

interface Combo {
  name: string;
  query: () => Record<string, string>;
  who?: 'admin' | 'seller';
  keep: (row: Row) => boolean;
}

const has = (text: string, part: string) => text.toLowerCase().includes(part.toLowerCase());
const searched = (word: string) => (row: Row) =>
  has(row.name, word) || has(row.number, word) || row.bodies.some((body) => has(body, word));
const day = (offset: number) => new Date(Date.now() - offset * DAY - 3_600_000).toISOString().slice(0, 10);

const ids = (list: number[]) => JSON.stringify(list);
const seller = () => co.seller.id;

const COMBOS: Combo[] = [
  { name: 'the search tab with no words', query: () => ({}), keep: () => true },
  { name: 'a common word', query: () => ({ searchParam: 'boleto' }), keep: searched('boleto') },
  {
    name: 'two words in one message',
    query: () => ({ searchParam: 'reembolso boleto' }),
    keep: searched('reembolso boleto'),
  },
  { name: "a contact's name", query: () => ({ searchParam: 'Renata' }), keep: searched('renata') },
  { name: "a contact's number", query: () => ({ searchParam: '977000' }), keep: searched('977000') },
  { name: 'words nowhere', query: () => ({ searchParam: 'xilofone' }), keep: () => false },
  { name: 'a frequent tag', query: () => ({ tags: ids([tagMany]) }), keep: (r) => r.tags.includes(tagMany) },
  { name: 'a rare tag', query: () => ({ tags: ids([tagFew]) }), keep: (r) => r.tags.includes(tagFew) },
  {
    name: 'both tags',
    query: () => ({ tags: ids([tagMany, tagFew]) }),
    keep: (r) => r.tags.includes(tagMany) && r.tags.includes(tagFew),
  },
  { name: 'an owner', query: () => ({ users: ids([seller()]) }), keep: (r) => r.userId === seller() },
  {
    name: 'an owner and a word',
    query: () => ({ users: ids([seller()]), searchParam: 'boleto' }),
    keep: (r) => r.userId === seller() && searched('boleto')(r),
  },
  {
    name: 'a tag, an owner and a status',
    query: () => ({ status: 'closed', tags: ids([tagMany]), users: ids([seller()]) }),
    keep: (r) => r.status === 'closed' && r.tags.includes(tagMany) && r.userId === seller(),
  },
  { name: 'closed', query: () => ({ status: 'closed' }), keep: (r) => r.status === 'closed' },
  {
    name: 'closed with a word',
    query: () => ({ status: 'closed', searchParam: 'boleto' }),
    keep: (r) => r.status === 'closed' && searched('boleto')(r),
  },
  {
    name: 'a day of creation',
    query: () => ({ date: day(2) }),
    keep: (r) => r.createdAt.toISOString().slice(0, 10) === day(2),
  },
  {
    name: 'a status and a day',
    query: () => ({ status: 'closed', date: day(3) }),
    keep: (r) => r.status === 'closed' && r.createdAt.toISOString().slice(0, 10) === day(3),
  },
  { name: 'unread only', query: () => ({ withUnreadMessages: 'true' }), keep: (r) => r.unread > 0 },
  {
    name: 'one queue in the selector',
    query: () => ({ queueIds: ids([co.support]) }),
    keep: (r) => r.queueId === co.support || r.queueId === null || r.userId === co.admin.user.id,
  },
  {
    name: "an agent's search tab, a word",
    who: 'seller',
    query: () => ({ searchParam: 'boleto' }),
    keep: (r) => (r.userId === seller() || r.queueId === co.sales) && searched('boleto')(r),
  },
  {
    name: "an agent's rare tag",
    who: 'seller',
    query: () => ({ tags: ids([tagFew]) }),
    keep: (r) => (r.userId === seller() || r.queueId === co.sales) && r.tags.includes(tagFew),
  },
];

/** Every page of a list, by cursor. */
async function listAll(query: Record<string, string>, token: string): Promise<number[]> {
  const seen: number[] = [];
  let cursor: string | null = null;
  for (let page = 0; page < 10; page++) {
    const params = new URLSearchParams({ ...query, ...(cursor ? { cursor } : {}) });
    const res = await t.request('GET', `/tickets?${params.toString()}`, { token });
    expect(res.status).toBe(200);
    seen.push(...(res.body.tickets as { id: number }[]).map((x) => x.id));
    cursor = res.body.cursor;
    if (!res.body.hasMore) break;
  }
  return seen;
}

const expected = (combo: Combo) =>
  rows
    .filter(combo.keep)
    .sort((a, b) => b.updatedAt.getTime() - a.updatedAt.getTime() || b.id - a.id)
    .map((r) => r.id);

describe.each([
  ['read from the smallest filter set', Number.MAX_SAFE_INTEGER],
  ['read by walking the list', 0],
])('ticket list filters, %s', (_, limit) => {
  beforeAll(() => {
    service.setLimit = limit;
  });
  afterAll(() => {
    service.setLimit = SET_LIMIT;
  });

  it.each(COMBOS.map((combo) => [combo.name, combo] as const))('%s', async (_name, combo) => {
    const token = combo.who === 'seller' ? co.seller.token : co.admin.token;
    expect(await listAll(combo.query(), token)).toEqual(expected(combo));
  });
});

describe('ticket list statements', () => {
  it('reads a page in at most three statements, the first request of a combination included', async () => {
    const db = t.app.get(DataSource);
    // Signed in and seen: the session check of the guard is not part of the list.
    await t.request('GET', '/tickets', { token: co.admin.token });
    const queries = jest.spyOn(db, 'query');
    try {
      for (const query of <Record<string, string>[]>[
        { searchParam: `fresh${Date.now()}`, tags: ids([tagFew]), users: ids([seller()]) },
        { searchParam: 'boleto', tags: ids([tagMany]), date: day(1), status: 'closed' },
        { searchParam: 'boleto', tags: ids([tagMany]), date: day(1), status: 'closed' },
      ]) {
        queries.mockClear();
        const res = await t.request('GET', `/tickets?${new URLSearchParams(query).toString()}`, {
          token: co.admin.token,
        });
        expect(res.status).toBe(200);
        // The dispatch sweep looks for due schedules on its own timer and may land inside the
        // request: its statement is not the list's.
        const list = queries.mock.calls.filter(([sql]) => !String(sql).includes('FROM schedules '));
        expect(list.length).toBeGreaterThanOrEqual(2);
        expect(list.length).toBeLessThanOrEqual(3);
      }
    } finally {
      queries.mockRestore();
    }
  });
});
