import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  can,
  RATING_MAX,
  type DashboardAttendant,
  type DashboardChart,
  type DashboardChartQuery,
  type DashboardData,
  type DashboardQuery,
  type TicketsPerTime,
  type TicketsPerUser,
} from '@atendo/shared';
import type { DataSource } from 'typeorm';
import type { AuthUser } from '../../common/auth-user.js';
import { TicketReader } from '../conversations/ticket-reader.js';
import { visibilitySql } from '../conversations/visibility.js';
import {
  average,
  bucketByTime,
  chartRange,
  isOnline,
  periodRange,
  serverZone,
  slotSeconds,
  type TimeRange,
} from './dashboard.rules.js';
import { dialectOf, type Dialect } from './dashboard.sql.js';

type Row = Record<string, unknown>;
const num = (value: unknown) => Number(value ?? 0);

/**
 * What one caller's dashboard counts. Admins see the company's; anyone else (the existing clients
 * open the dashboard for every user) sees their own work: the tickets they own, and the waiting
 * tickets they may take.
 */
interface Scope {
  /** Appended to a condition on tickets (alias t) or ratings: only the caller's own. */
  own: { sql: string; values: number[] };
  /** Appended to the waiting tickets' condition (alias t): those the caller may see. */
  waiting: { sql: string; values: number[] };
  /** The attendants listed: every user of the company, or the caller alone. */
  userId: number | null;
}

const NO_CONDITION = { sql: '', values: [] };

/**
 * The admin dashboard (spec §2 Dashboard): aggregates computed by the database, each over an index
 * that covers it (migration DashboardIndexes), so the cost follows the period's tickets, not the
 * company's history. What each figure means is written in docs/api.md, "Dashboard".
 */
@Injectable()
export class DashboardService {
  private readonly sql: Dialect;

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly tickets: TicketReader,
  ) {
    this.sql = dialectOf(db.options.type);
  }

  private async scopeOf(auth: AuthUser): Promise<Scope> {
    if (can(auth, 'dashboard:view')) return { own: NO_CONDITION, waiting: NO_CONDITION, userId: null };
    const visible = visibilitySql(await this.tickets.viewer(auth), 't');
    return {
      own: { sql: ' AND t.userId = ?', values: [auth.userId] },
      waiting: visible ? { sql: ` AND ${visible.sql}`, values: visible.values } : NO_CONDITION,
      userId: auth.userId,
    };
  }

  async summary(auth: AuthUser, q: DashboardQuery, now = new Date()): Promise<DashboardData> {
    const range = periodRange(q, now, q.timezone ?? serverZone());
    const scope = await this.scopeOf(auth);
    const [live, resolved, waits, newContacts, ratings, users] = await Promise.all([
      this.live(auth.companyId, scope),
      this.resolved(auth.companyId, range, scope),
      this.waits(auth.companyId, range, scope),
      this.newContacts(auth.companyId, range),
      this.ratings(auth.companyId, range, scope),
      scope.userId === null
        ? this.query<Row>('SELECT id, name, lastSeenAt FROM users WHERE companyId = ? ORDER BY name, id', [
            auth.companyId,
          ])
        : this.query<Row>('SELECT id, name, lastSeenAt FROM users WHERE companyId = ? AND id = ?', [
            auth.companyId,
            scope.userId,
          ]),
    ]);
    const total = { finished: 0, timed: 0, seconds: 0 };
    for (const r of resolved.values()) {
      total.finished += r.finished;
      total.timed += r.timed;
      total.seconds += r.seconds;
    }
    const attendants = users.map((u): DashboardAttendant => {
      const id = num(u.id);
      const mine = resolved.get(id);
      const rated = ratings.get(id);
      return {
        id,
        name: String(u.name),
        rating: Math.min(RATING_MAX, average(rated?.sum ?? 0, rated?.count ?? 0, 2)),
        ratings: rated?.count ?? 0,
        avgSupportTime: average((mine?.seconds ?? 0) / 60, mine?.timed ?? 0, 1),
        supportFinished: mine?.finished ?? 0,
        online: isOnline(this.date(u.lastSeenAt), now),
      };
    });
    return {
      counters: {
        supportHappening: live.open,
        supportPending: live.pending,
        supportFinished: total.finished,
        newContacts,
        leads: newContacts,
        avgSupportTime: average(total.seconds / 60, total.timed, 1),
        avgWaitTime: average(waits.seconds / 60, waits.count, 1),
      },
      attendants,
    };
  }

  /** Tickets created in the range, per current owner; unassigned ones are nobody's bar. */
  async ticketsUsers(auth: AuthUser, q: DashboardChartQuery): Promise<DashboardChart<TicketsPerUser>> {
    const { from, to } = chartRange(q.initialDate, q.finalDate, q.timezone ?? serverZone());
    const { own } = await this.scopeOf(auth);
    const rows = await this.query<Row>(
      `SELECT u.name AS nome, c.n AS quantidade
         FROM (SELECT t.userId, COUNT(*) AS n FROM tickets t
                WHERE t.companyId = ? AND t.createdAt >= ? AND t.createdAt < ? AND t.userId IS NOT NULL${own.sql}
                GROUP BY t.userId ORDER BY NULL) c
         JOIN users u ON u.id = c.userId AND u.companyId = ?`,
      [auth.companyId, from, to, ...own.values, auth.companyId],
    );
    const data = rows
      .map((r) => ({ nome: String(r.nome), quantidade: num(r.quantidade) }))
      .sort((a, b) => b.quantidade - a.quantidade || a.nome.localeCompare(b.nome));
    return { data, count: data.reduce((sum, r) => sum + r.quantidade, 0) };
  }

  /** Tickets created in the range, per local day, or per local hour over a single day. */
  async ticketsDay(auth: AuthUser, q: DashboardChartQuery): Promise<DashboardChart<TicketsPerTime>> {
    const zone = q.timezone ?? serverZone();
    const { from, to } = chartRange(q.initialDate, q.finalDate, zone);
    const seconds = slotSeconds(q.initialDate, q.finalDate, zone);
    const { own } = await this.scopeOf(auth);
    const rows = await this.query<Row>(
      `SELECT ${this.sql.slot('t.createdAt', seconds)} AS slot, COUNT(*) AS total FROM tickets t
        WHERE t.companyId = ? AND t.createdAt >= ? AND t.createdAt < ?${own.sql}
        GROUP BY slot ORDER BY NULL`,
      [auth.companyId, from, to, ...own.values],
    );
    const data = bucketByTime(
      rows.map((r) => ({ slot: num(r.slot), total: num(r.total) })),
      seconds,
      q.initialDate,
      q.finalDate,
      zone,
    );
    return { data, count: data.reduce((sum, r) => sum + r.total, 0) };
  }

  /** Open and pending right now: a backlog counts however long ago it began. */
  private async live(companyId: number, scope: Scope): Promise<{ open: number; pending: number }> {
    if (scope.userId === null) {
      const rows = await this.query<Row>(
        "SELECT status, COUNT(*) AS n FROM tickets WHERE companyId = ? AND status IN ('open', 'pending') GROUP BY status ORDER BY NULL",
        [companyId],
      );
      const of = (status: string) => num(rows.find((r) => r.status === status)?.n);
      return { open: of('open'), pending: of('pending') };
    }
    const count = async (status: string, condition: Scope['own']) => {
      const [row] = await this.query<Row>(
        `SELECT COUNT(*) AS n FROM tickets t WHERE t.companyId = ? AND t.status = ?${condition.sql}`,
        [companyId, status, ...condition.values],
      );
      return num(row?.n);
    };
    const [open, pending] = await Promise.all([count('open', scope.own), count('pending', scope.waiting)]);
    return { open, pending };
  }

  /** Tickets resolved in the range, per owner: how many, and the talk time of those an agent accepted. */
  private async resolved(companyId: number, range: TimeRange, { own }: Scope) {
    const where = this.within('closedAt', range);
    const rows = await this.query<Row>(
      `SELECT userId, COUNT(*) AS finished, COUNT(acceptedAt) AS timed,
              SUM(${this.sql.secondsBetween('acceptedAt', 'closedAt')}) AS seconds
         FROM tickets t WHERE companyId = ? AND ${where.sql}${own.sql} GROUP BY userId ORDER BY NULL`,
      [companyId, ...where.values, ...own.values],
    );
    return new Map(
      rows.map((r) => [
        r.userId === null ? 0 : num(r.userId),
        { finished: num(r.finished), timed: num(r.timed), seconds: num(r.seconds) },
      ]),
    );
  }

  /**
   * Customers' waits that ended in the range: creation to first acceptance. A ticket an agent
   * opened is accepted as it is created; nobody waited, so it is left out.
   */
  private async waits(
    companyId: number,
    range: TimeRange,
    { own }: Scope,
  ): Promise<{ count: number; seconds: number }> {
    const where = this.within('acceptedAt', range);
    const [row] = await this.query<Row>(
      `SELECT COUNT(*) AS n, SUM(${this.sql.secondsBetween('createdAt', 'acceptedAt')}) AS seconds
         FROM tickets t WHERE companyId = ? AND ${where.sql} AND acceptedAt > createdAt${own.sql}`,
      [companyId, ...where.values, ...own.values],
    );
    return { count: num(row?.n), seconds: num(row?.seconds) };
  }

  /** People who first wrote in the range; a group chat is no new contact. */
  private async newContacts(companyId: number, range: TimeRange): Promise<number> {
    const where = this.within('createdAt', range);
    const [row] = await this.query<Row>(
      `SELECT COUNT(*) AS n FROM contacts WHERE companyId = ? AND isGroup = ? AND ${where.sql}`,
      [companyId, false, ...where.values],
    );
    return num(row?.n);
  }

  /** The customers' answers (1 to 3) received in the range, per agent who owned the ticket. */
  private async ratings(companyId: number, range: TimeRange, { own }: Scope) {
    const where = this.within('createdAt', range);
    const rows = await this.query<Row>(
      `SELECT userId, COUNT(*) AS n, SUM(rate) AS total FROM ticket_ratings t
        WHERE companyId = ? AND ${where.sql} AND userId IS NOT NULL${own.sql} GROUP BY userId ORDER BY NULL`,
      [companyId, ...where.values, ...own.values],
    );
    return new Map(rows.map((r) => [num(r.userId), { count: num(r.n), sum: num(r.total) }]));
  }

  /** The range on one datetime column (a comparison is false on NULL); NOT NULL where both sides are open. */
  private within(column: string, range: TimeRange): { sql: string; values: Date[] } {
    const parts: string[] = [];
    const values: Date[] = [];
    if (range.from) {
      parts.push(`${column} >= ?`);
      values.push(range.from);
    }
    if (range.to) {
      parts.push(`${column} < ?`);
      values.push(range.to);
    }
    return { sql: parts.length ? parts.join(' AND ') : `${column} IS NOT NULL`, values };
  }

  private date(value: unknown): Date | null {
    if (value === null || value === undefined) return null;
    if (value instanceof Date) return value;
    // SQLite hands back TypeORM's UTC text.
    return new Date(`${String(value).replace(' ', 'T')}Z`);
  }

  /** One line per statement in the debug log, however the SQL above is laid out. */
  private query<T>(sql: string, values: unknown[]): Promise<T[]> {
    return this.db.query(sql.replace(/\s+/g, ' '), values.map(this.sql.bind));
  }
}
