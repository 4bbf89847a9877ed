import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  KANBAN_LANE_SIZE,
  KANBAN_OPEN_LANE,
  KANBAN_STATUSES,
  type KanbanBoard,
  type KanbanLane,
  type KanbanTicket,
  type Ticket,
  type TicketStatus,
} from '@atendo/shared';
import { DataSource } from 'typeorm';
import type { AuthUser } from '../../common/auth-user.js';
import { DomainError } from '../../common/domain-error.js';
import { findInCompany } from '../../common/pagination.js';
import { parameterBinder, placeholders, SqlWhere } from '../../database/compiled-select.js';
import { isUniqueViolation } from '../../database/unique-violation.js';
import { TagEntity } from './entities/tag.entity.js';
import type { TicketEntity } from './entities/ticket.entity.js';
import type { KanbanQuery } from './kanban.schemas.js';
import { TagsService } from './tags.service.js';
import { TicketEvents } from './ticket-events.js';
import { TicketReader } from './ticket-reader.js';
import { Transactions } from './transactions.js';
import { visibilitySql } from './visibility.js';

/** A picked card: its id and its updatedAt as the driver gives it (a Date, or SQLite's UTC text). */
interface Card {
  id: number;
  at: Date | string;
}

/** A lane's picked cards and how many tickets it holds. */
interface Picked {
  cards: Card[];
  total: number;
}

/** The live tickets of one status with their lane rank (liveSql), as SQL to select from. */
interface LiveSql {
  sql: string;
  values: unknown[];
}

/** A card's row: the ticket's columns and its contact's, as the driver gives them. */
interface CardRow {
  id: number | string;
  uuid: string;
  status: TicketStatus;
  userId: number | string | null;
  queueId: number | string | null;
  lastMessage: string;
  lastMessageDeleted: number | string | boolean;
  unreadMessages: number | string;
  updatedAt: Date | string;
  contactId: number | string;
  name: string;
  number: string;
  profilePicUrl: string | null;
}

type LaneRow = { id: number | string; updatedAt: Date | string; lane: number | string; total: number | string };

const instant = (at: Date | string) => (at instanceof Date ? at : new Date(`${at.replace(' ', 'T')}Z`));
const cursorOf = (card: Card) => `${instant(card.at).toISOString()}_${card.id}`;

/**
 * The kanban board (spec 2 §2 Kanban, §4, §6): the live tickets the caller may see, in the lane of
 * tickets without a kanban tag and one lane per kanban tag, and the moves between lanes.
 *
 * A board answer is six statements whatever the company's size: the caller's queues and the lanes;
 * one a status, run side by side, that ranks the live tickets in sight into their lanes and
 * answers each lane's size and newest cards only; then those cards and their tags. It reads live
 * tickets only, so it costs what the board holds, never the company's closed history (a lane tag
 * stays on every ticket it was ever put on). See bench/kanban.bench.mjs and docs/architecture.md.
 */
@Injectable()
export class KanbanService {
  /** The cursor's instant goes into plain SQL: bound as the driver takes it (see parameterBinder). */
  private readonly bind: (value: unknown) => unknown;

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly reader: TicketReader,
    private readonly tags: TagsService,
    private readonly tx: Transactions,
    private readonly events: TicketEvents,
  ) {
    this.bind = parameterBinder(db.options.type);
  }

  /**
   * GET /ticket/kanban: every lane's newest cards, or with `lane` the next cards of that one lane
   * (after `cursor`). Lanes come in board order, the order of GET /tags/kanban.
   */
  async board(auth: AuthUser, q: KanbanQuery): Promise<KanbanBoard> {
    const [viewer, kanbanTags] = await Promise.all([this.reader.viewer(auth), this.tags.kanban(auth)]);
    const laneTagIds = kanbanTags.lista.map((tag) => tag.id);
    const asked = q.lane === undefined ? undefined : q.lane === KANBAN_OPEN_LANE ? null : Number(q.lane);
    if (asked !== undefined && asked !== null && !laneTagIds.includes(asked)) {
      throw new DomainError('ERR_NO_TAG_FOUND');
    }

    const where = new SqlWhere('t.companyId = ?', auth.companyId);
    const visible = visibilitySql(viewer, 't');
    if (visible) where.add(visible.sql, ...visible.values);
    if (q.queueIds?.length) {
      // The queue selector narrows the queues as on the tickets list: own and queueless tickets stay.
      where.add(
        `(t.queueId IN (${placeholders(q.queueIds)}) OR t.queueId IS NULL OR t.userId = ?)`,
        ...q.queueIds,
        auth.userId,
      );
    }
    // Without "show all", the board is the caller's own tickets (as the existing clients ask it).
    if (!q.showAll) where.add('t.userId = ?', auth.userId);

    // One statement a status, run side by side: each reads its own range of the status index.
    const parts = KANBAN_STATUSES.map((status) => this.liveSql(where, status, laneTagIds));
    const answerLanes: KanbanLane[] = [];
    const ids: number[] = [];
    if (asked === undefined) {
      const picked = await Promise.all(parts.map((part) => this.firstCards(part)));
      [null, ...laneTagIds].forEach((tagId, rank) => {
        const lane = merged(picked.map((part) => part.get(rank)));
        const cards = lane.cards.slice(0, KANBAN_LANE_SIZE);
        const more = lane.total > cards.length;
        answerLanes.push({ tagId, count: lane.total, cursor: more ? cursorOf(cards[cards.length - 1]) : null });
        ids.push(...cards.map((card) => card.id));
      });
    } else {
      const rank = asked === null ? 0 : laneTagIds.indexOf(asked) + 1;
      const cursor = q.cursor ? parseCursor(q.cursor) : null;
      const lane = merged(await Promise.all(parts.map((part) => this.nextCards(part, rank, cursor))));
      const cards = lane.cards.slice(0, KANBAN_LANE_SIZE);
      answerLanes.push({
        tagId: asked,
        count: lane.total,
        cursor: lane.cards.length > cards.length ? cursorOf(cards[cards.length - 1]) : null,
      });
      ids.push(...cards.map((card) => card.id));
    }
    return { tickets: await this.cards(auth.companyId, ids), lanes: answerLanes };
  }

  /** DELETE /ticket-tags/{ticketId}: the ticket leaves its lane (its kanban tags go, its other tags stay). */
  async leaveLanes(auth: AuthUser, ticketId: number): Promise<Ticket> {
    const { entity } = await this.reader.accessible(auth, { id: ticketId });
    await this.tx.run(`ticket:${entity.id}`, (em) =>
      em.query(
        'DELETE FROM ticket_tags WHERE ticketId = ? AND tagId IN (SELECT id FROM tags WHERE companyId = ? AND kanban = 1)',
        [entity.id, auth.companyId],
      ),
    );
    return this.changed(entity);
  }

  /** PUT /ticket-tags/{ticketId}/{tagId}: the ticket gets the tag (again is no change). */
  async addTag(auth: AuthUser, ticketId: number, tagId: number): Promise<Ticket> {
    const { entity } = await this.reader.accessible(auth, { id: ticketId });
    await findInCompany(this.db.getRepository(TagEntity), auth.companyId, tagId, 'ERR_NO_TAG_FOUND');
    try {
      await this.tx.run(`ticket:${entity.id}`, async (em) => {
        const found = (await em.query('SELECT 1 AS present FROM ticket_tags WHERE ticketId = ? AND tagId = ?', [
          entity.id,
          tagId,
        ])) as unknown[];
        if (!found.length)
          await em.query('INSERT INTO ticket_tags (ticketId, tagId) VALUES (?, ?)', [entity.id, tagId]);
      });
    } catch (error) {
      // Another server process added the same tag between our check and our insert: the same result.
      if (!isUniqueViolation(error)) throw error;
    }
    return this.changed(entity);
  }

  /** The ticket with its tags now, told to every screen that shows it (tickets lists, boards). */
  private async changed(entity: TicketEntity): Promise<Ticket> {
    const ticket = await this.reader.shape(entity);
    this.events.ticketUpdated(ticket);
    return ticket;
  }

  /**
   * The live tickets of one status in sight, each with its lane's rank in board order (0: no lane
   * tag): the rank of its first lane tag, found by the ticket's own ticket_tags rows (their primary
   * key), so a ticket costs one index probe whatever the lane tags' history on closed tickets.
   */
  private liveSql(where: SqlWhere, status: string, laneTagIds: number[]): LiveSql {
    const rank = laneTagIds.length
      ? `COALESCE((SELECT MIN(CASE tt.tagId ${laneTagIds.map((_, i) => `WHEN ? THEN ${i + 1}`).join(' ')} END) FROM ticket_tags tt WHERE tt.ticketId = t.id AND tt.tagId IN (${placeholders(laneTagIds)})), 0)`
      : '0';
    return {
      sql: `SELECT t.id AS id, t.updatedAt AS updatedAt, ${rank} AS lane FROM tickets t WHERE ${where.sql} AND t.status = ?`,
      values: [...laneTagIds, ...laneTagIds, ...where.values, status],
    };
  }

  /**
   * Every lane's newest cards and its size, in one statement that answers at most LANE_SIZE rows
   * a lane: the database ranks and counts the lanes (window functions), so the thousands of live
   * tickets never leave it.
   */
  private async firstCards(live: LiveSql): Promise<Map<number, Picked>> {
    const rows = (await this.db.query(
      `SELECT id, updatedAt, lane, total FROM (SELECT id, updatedAt, lane, ROW_NUMBER() OVER (PARTITION BY lane ORDER BY updatedAt DESC, id DESC) AS n, COUNT(*) OVER (PARTITION BY lane) AS total FROM (${live.sql}) k) r WHERE n <= ? ORDER BY lane, n`,
      [...live.values, KANBAN_LANE_SIZE],
    )) as LaneRow[];
    const lanes = new Map<number, Picked>();
    for (const row of rows) {
      const rank = Number(row.lane);
      const lane = lanes.get(rank) ?? { cards: [], total: Number(row.total) };
      lane.cards.push({ id: Number(row.id), at: row.updatedAt });
      lanes.set(rank, lane);
    }
    return lanes;
  }

  /**
   * One lane's cards after `cursor` (all of them without one; one more than a page, to tell whether
   * more follow), and the lane's size. Rows before the
   * cursor sort last and only fill the limit: when none is after it, one of them still tells the
   * lane's size.
   */
  private async nextCards(live: LiveSql, rank: number, cursor: { at: Date; id: number } | null): Promise<Picked> {
    const after = cursor ? '(updatedAt < ? OR (updatedAt = ? AND id < ?))' : '1';
    const rows = (await this.db.query(
      `SELECT id, updatedAt, total, after FROM (SELECT id, updatedAt, COUNT(*) OVER () AS total, ${after} AS after FROM (${live.sql}) k WHERE lane = ?) r ORDER BY after DESC, updatedAt DESC, id DESC LIMIT ?`,
      [...(cursor ? [cursor.at, cursor.at, cursor.id].map(this.bind) : []), ...live.values, rank, KANBAN_LANE_SIZE + 1],
    )) as (LaneRow & { after: number | string })[];
    return {
      cards: rows.filter((row) => Number(row.after) === 1).map((row) => ({ id: Number(row.id), at: row.updatedAt })),
      total: rows.length ? Number(rows[0].total) : 0,
    };
  }

  /**
   * The picked cards, in the order picked (lane after lane, newest first in each): the card's own
   * columns with the contact's, and the tags. Plain SQL, as hundreds of cards are the answer's bulk.
   */
  private async cards(companyId: number, ids: number[]): Promise<KanbanTicket[]> {
    if (!ids.length) return [];
    const [rows, tags] = await Promise.all([
      this.db.query(
        `SELECT t.id AS id, t.uuid AS uuid, t.status AS status, t.userId AS userId, t.queueId AS queueId, t.lastMessage AS lastMessage, t.lastMessageDeleted AS lastMessageDeleted, t.unreadMessages AS unreadMessages, t.updatedAt AS updatedAt, c.id AS contactId, c.name AS name, c.number AS number, c.profilePicUrl AS profilePicUrl FROM tickets t INNER JOIN contacts c ON c.id = t.contactId WHERE t.companyId = ? AND t.id IN (${placeholders(ids)})`,
        [companyId, ...ids],
      ) as Promise<CardRow[]>,
      this.reader.tagsOf(ids),
    ]);
    const byId = new Map(rows.map((row) => [Number(row.id), row]));
    return ids.flatMap((id) => {
      const row = byId.get(id);
      if (!row) return [];
      const nullable = (value: number | string | null) => (value === null ? null : Number(value));
      return [
        {
          id,
          uuid: row.uuid,
          status: row.status,
          userId: nullable(row.userId),
          queueId: nullable(row.queueId),
          contactId: Number(row.contactId),
          contact: {
            id: Number(row.contactId),
            name: row.name,
            number: row.number,
            profilePicUrl: row.profilePicUrl ?? '',
          },
          tags: tags.get(id) ?? [],
          lastMessage: row.lastMessage,
          lastMessageDeleted: !!Number(row.lastMessageDeleted),
          unreadMessages: Number(row.unreadMessages),
          updatedAt: instant(row.updatedAt).toISOString(),
        },
      ];
    });
  }
}

/** Newest activity first, as a lane is ordered. */
const newerFirst = (a: Card, b: Card) => instant(b.at).getTime() - instant(a.at).getTime() || b.id - a.id;

/** One lane as the statements of every status found it: their cards in lane order, their sizes added. */
function merged(parts: (Picked | undefined)[]): Picked {
  return {
    cards: parts.flatMap((part) => part?.cards ?? []).sort(newerFirst),
    total: parts.reduce((sum, part) => sum + (part?.total ?? 0), 0),
  };
}

function parseCursor(cursor: string): { at: Date; id: number } {
  const split = cursor.lastIndexOf('_');
  return { at: new Date(cursor.slice(0, split)), id: Number(cursor.slice(split + 1)) };
}
