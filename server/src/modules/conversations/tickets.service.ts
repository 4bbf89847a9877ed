import { randomUUID } from 'node:crypto';
import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  can,
  fillMessageVariables,
  TICKETS_PAGE_SIZE,
  type OpenTicketConflict,
  type Ticket,
  type TicketsPage,
  type TicketStatus,
} from '@atendo/shared';
import { LRUCache } from 'lru-cache';
import { DataSource, IsNull } from 'typeorm';
import type { AuthUser } from '../../common/auth-user.js';
import { DomainError } from '../../common/domain-error.js';
import { placeholders, SqlWhere } from '../../database/compiled-select.js';
import { isUniqueViolation } from '../../database/unique-violation.js';
import { QueueEntity } from '../queues/entities/queue.entity.js';
import { UserEntity } from '../users/entities/user.entity.js';
import { WhatsappEntity } from '../whatsapp/entities/whatsapp.entity.js';
import { automaticTexts } from './automatic-messages.js';
import { Automation } from './automation.js';
import { ticketVariables } from './message-variables.js';
import { ContactEntity } from './entities/contact.entity.js';
import { openKeyOf, TicketEntity } from './entities/ticket.entity.js';
import { toTicket } from './mappers.js';
import { MessagesService } from './messages.service.js';
import { CompanySettings } from './outbound.js';
import type { TicketListQuery } from './query.schemas.js';
import { TicketEvents } from './ticket-events.js';
import {
  chooseStart,
  createdOnFilter,
  searchFilter,
  SET_LIMIT,
  tagFilter,
  usersFilter,
  walk,
  type SetSize,
  type TicketFilter,
  type TicketSet,
} from './ticket-list.js';
import { TicketReader } from './ticket-reader.js';
import { Transactions } from './transactions.js';
import { planTransition, type TicketAction } from './transitions.js';
import { visibilitySql } from './visibility.js';
import { assertOwnAutomations } from '../integrations/automation-refs.js';

export interface TicketUpdateInput {
  status?: TicketStatus;
  userId?: number | null;
  queueId?: number | null;
  whatsappId?: number | null;
  useIntegration?: boolean;
  promptId?: number | null;
  integrationId?: number | null;
  /** Accepting, the caller asks for the company's greeting (see ticketUpdateSchema). */
  greeting?: boolean;
}

export interface TicketCreateInput {
  contactId: number;
  queueId: number | null;
  whatsappId: number | null;
  userId: number | null;
  status: TicketStatus;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const DAY_MS = 86_400_000;

/** How long a ticket set's size is trusted (see ticket-list.ts): sizes change slowly. */
const SET_SIZE_TTL_MS = 10 * 60_000;

@Injectable()
export class TicketsService {
  private readonly logger = new Logger('Tickets');
  private readonly mysql: boolean;
  /** `companyId|set key` → the set's bounded size (see ticket-list.ts). */
  private readonly setSizes = new LRUCache<string, number>({ max: 5_000, ttl: SET_SIZE_TTL_MS });
  /** Where the list turns from a filter's set to the walk (ticket-list.ts); the tests move it to try both. */
  setLimit = SET_LIMIT;

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly reader: TicketReader,
    private readonly tx: Transactions,
    private readonly events: TicketEvents,
    private readonly messages: MessagesService,
    private readonly settings: CompanySettings,
    private readonly automation: Automation,
  ) {
    this.mysql = db.options.type === 'mysql';
  }

  /**
   * The ticket list: newest activity first, 40 a page, in at most three statements (the caller's
   * queues with the sizes the plan needs, the page with its many-to-one joins, the page's tags) and
   * no COUNT. `pageNumber` pages by a bounded offset; `cursor` continues a previous page by keyset,
   * which stays exact while tickets move. The filters are plain SQL over the compiled ticket SELECT
   * (see CompiledSelect): this list is the busiest read of the product. On MySQL/MariaDB the page
   * is read from the start ticket-list.ts chooses.
   */
  async list(auth: AuthUser, q: TicketListQuery): Promise<TicketsPage> {
    const filters: TicketFilter[] = [];
    if (q.users?.length) filters.push(usersFilter(auth.companyId, q.users, q.status));
    if (q.date) {
      const start = new Date(`${q.date}T00:00:00.000Z`);
      filters.push(createdOnFilter(auth.companyId, start, new Date(start.getTime() + DAY_MS)));
    }
    for (const tagId of q.tags ?? []) filters.push(tagFilter(tagId, this.mysql));
    if (q.searchParam) filters.push(searchFilter(auth.companyId, q.searchParam, this.mysql));

    const sets = this.mysql ? filters.flatMap((f) => (f.set ? [f.set] : [])) : [];
    const key = (size: SetSize) => `${auth.companyId}|${size.key}`;
    const unknown = sets.flatMap((set) => set.sizes).filter((size) => this.setSizes.get(key(size)) === undefined);
    const { viewer, scalars } = await this.reader.viewerAnd(auth, unknown);
    unknown.forEach((size, i) => {
      const value = scalars[i];
      if (value !== null) this.setSizes.set(key(size), value);
    });
    const total = (sizes: SetSize[]) =>
      sizes.reduce((sum, size) => sum + (this.setSizes.get(key(size)) ?? Infinity), 0);
    const sizeOf = (set: TicketSet) => total(set.sizes);
    const start = chooseStart(sets, sizeOf, this.setLimit);

    if (q.showAll && can(auth, 'tickets-manager:showall')) viewer.seeAll = true;
    const where = new SqlWhere('t.companyId = ?', auth.companyId);
    const visible = visibilitySql(viewer, 't');
    if (visible) where.add(visible.sql, ...visible.values);
    if (q.status) where.add('t.status = ?', q.status);
    if (q.queueIds?.length) {
      // The queue selector narrows the queues; the caller's own tickets and queueless ones stay.
      where.add(
        `(t.queueId IN (${placeholders(q.queueIds)}) OR t.queueId IS NULL OR t.userId = ?)`,
        ...q.queueIds,
        auth.userId,
      );
    }
    for (const filter of filters) {
      if (filter.set && filter.set === start && start.exact) continue;
      const small = filter.set?.whenSmall;
      const check = small && total(small.sizes) <= this.setLimit ? small.check : filter.check;
      where.add(check.sql, ...check.values);
    }
    if (q.withUnreadMessages) where.add('t.unreadMessages > 0');
    if (q.updatedAt) {
      if (DAY.test(q.updatedAt)) {
        const day = new Date(`${q.updatedAt}T00:00:00.000Z`);
        where.add('t.updatedAt >= ? AND t.updatedAt < ?', day, new Date(day.getTime() + DAY_MS));
      } else {
        where.add('t.updatedAt >= ?', new Date(q.updatedAt));
      }
    }
    let offset = 0;
    if (q.cursor) {
      const [at, id] = q.cursor.split('_');
      where.add('(t.updatedAt < ? OR (t.updatedAt = ? AND t.id < ?))', new Date(at), new Date(at), Number(id));
    } else {
      offset = (q.pageNumber - 1) * TICKETS_PAGE_SIZE;
    }
    const from = this.mysql ? (start?.from ?? walk(q.status)) : undefined;
    const rows = await this.reader.page(where, { limit: TICKETS_PAGE_SIZE + 1, offset }, from);
    const hasMore = rows.length > TICKETS_PAGE_SIZE;
    const page = rows.slice(0, TICKETS_PAGE_SIZE);
    const tags = await this.reader.tagsOf(page.map((t) => t.id));
    const last = page[page.length - 1];
    return {
      tickets: page.map((t) => toTicket(t, tags.get(t.id) ?? [])),
      hasMore,
      cursor: hasMore && last ? `${last.updatedAt.toISOString()}_${last.id}` : null,
    };
  }

  async findOne(auth: AuthUser, id: number): Promise<Ticket> {
    const { entity } = await this.reader.accessible(auth, { id });
    return this.reader.shape(entity);
  }

  async findByUuid(auth: AuthUser, uuid: string): Promise<Ticket> {
    const { entity } = await this.reader.accessible(auth, { uuid });
    return this.reader.shape(entity);
  }

  async create(auth: AuthUser, input: TicketCreateInput): Promise<Ticket> {
    if (input.status === 'closed') {
      throw new DomainError('ERR_VALIDATION', { fields: [{ field: 'status', message: 'validation.oneOf' }] });
    }
    const contact = await this.db.getRepository(ContactEntity).findOne({
      // A removed contact (see ContactsService.remove) has no number left to write to.
      where: { id: input.contactId, companyId: auth.companyId, removedAt: IsNull() },
      select: { id: true, isGroup: true },
    });
    if (!contact) throw new DomainError('ERR_NO_CONTACT_FOUND');
    const whatsappId = input.whatsappId ?? (await this.defaultConnection(auth));
    await this.assertRefs(auth.companyId, { whatsappId, queueId: input.queueId, userId: input.userId });
    const userId = input.status === 'open' ? (input.userId ?? auth.userId) : input.userId;
    const key = openKeyOf({ companyId: auth.companyId, contactId: contact.id, whatsappId });
    const existing = await this.conflict(key);
    if (existing) throw existing;
    const now = new Date();
    let id: number;
    try {
      id = await this.tx.run(`contact:${contact.id}`, async (em) => {
        const inserted = await em.getRepository(TicketEntity).insert({
          uuid: randomUUID(),
          companyId: auth.companyId,
          contactId: contact.id,
          whatsappId,
          userId,
          queueId: input.queueId,
          status: input.status,
          isGroup: contact.isGroup,
          openKey: key,
          acceptedAt: input.status === 'open' ? now : null,
          createdAt: now,
          updatedAt: now,
        });
        return Number(inserted.identifiers[0].id);
      });
    } catch (error) {
      // Another request or an inbound message opened one between our check and our insert.
      if (isUniqueViolation(error)) throw (await this.conflict(key)) ?? new DomainError('ERR_CREATING_TICKET');
      throw error;
    }
    const ticket = await this.reader.full(auth.companyId, { id });
    this.events.ticketUpdated(ticket);
    return ticket;
  }

  /** Every transition of spec §4 Ticket, with its side messages once the change is committed. */
  async update(auth: AuthUser, id: number, input: TicketUpdateInput): Promise<Ticket> {
    const { entity } = await this.reader.accessible(auth, { id });
    const before = { status: entity.status, userId: entity.userId, queueId: entity.queueId };
    const whatsappId = input.whatsappId !== undefined ? input.whatsappId : entity.whatsappId;
    await this.assertRefs(auth.companyId, {
      queueId: input.queueId ?? null,
      userId: input.userId ?? null,
      whatsappId: input.whatsappId ?? null,
    });
    // The family's clients send these back as they read them: only the company's own may be stored.
    await assertOwnAutomations(this.db.manager, auth.companyId, input);
    const { action, next } = planTransition(before, input, auth.userId);
    const now = new Date();
    const changes: Partial<TicketEntity> = {
      status: next.status,
      userId: next.userId,
      queueId: next.queueId,
      whatsappId,
      openKey: next.status === 'closed' ? null : openKeyOf({ ...entity, whatsappId }),
      updatedAt: now,
    };
    // A person acts on the ticket: the greeting bot, its option menu and the AI agent are done with it.
    if (action !== 'none') {
      Object.assign(changes, { chatbot: false, queueOptionId: null, botQueueAt: null });
      if (entity.promptId) Object.assign(changes, { useIntegration: false, promptId: null, promptEndedAt: now });
      if (entity.integrationId) {
        Object.assign(changes, {
          useIntegration: false,
          integrationId: null,
          integrationEndedAt: now,
          typebotSessionId: null,
          typebotSessionAt: null,
        });
      }
    }
    if (input.useIntegration !== undefined) changes.useIntegration = input.useIntegration;
    if (input.promptId !== undefined) changes.promptId = input.promptId;
    if (input.integrationId !== undefined) changes.integrationId = input.integrationId;
    if (action === 'accept' || action === 'reopen' || (action === 'transfer' && next.userId !== null)) {
      changes.acceptedAt = entity.acceptedAt ?? now;
    }
    if (action === 'reopen') changes.closedAt = null;
    if (action === 'resolve') {
      Object.assign(changes, {
        closedAt: now,
        useIntegration: false,
        promptId: null,
        integrationId: null,
        awaitingRating: false,
      });
    }
    if (next.status !== 'closed') changes.awaitingRating = false;
    try {
      await this.tx.run(`contact:${entity.contactId}`, (em) =>
        em.getRepository(TicketEntity).update({ id: entity.id, companyId: auth.companyId }, changes),
      );
    } catch (error) {
      // Reopening (or moving to another connection) while another ticket of the contact is live.
      if (isUniqueViolation(error) && changes.openKey) {
        throw (await this.conflict(changes.openKey)) ?? new DomainError('ERR_OTHER_OPEN_TICKET');
      }
      throw error;
    }
    // A person acts on the ticket: a flow running it stops where it is.
    if (action !== 'none') await this.automation.personActs(auth.companyId, entity.id);
    const updated = await this.reader.entity(auth.companyId, { id });
    const ticket = await this.reader.shape(updated!);
    this.events.ticketUpdated(ticket, before);
    await this.sideMessages(auth, action, updated!, input.greeting === true);
    return action === 'none' ? ticket : this.reader.full(auth.companyId, { id });
  }

  async remove(auth: AuthUser, id: number): Promise<void> {
    const entity = await this.reader.entity(auth.companyId, { id });
    if (!entity) throw new DomainError('ERR_NO_TICKET_FOUND');
    await this.tx.run(`contact:${entity.contactId}`, (em) =>
      em.getRepository(TicketEntity).delete({ id, companyId: auth.companyId }),
    );
    this.events.ticketDeleted(entity);
  }

  /**
   * What the customer is told after a change: the agent's introduction on accept (when the client
   * asked for it with `greeting`), the transfer notice, the completion and rating messages on
   * resolve — each behind its company setting, never in groups. A failed send does not undo the
   * change; the agent sees the ticket as it now is.
   */
  private async sideMessages(
    auth: AuthUser,
    action: TicketAction,
    ticket: TicketEntity,
    greeting: boolean,
  ): Promise<void> {
    if (action === 'none' || action === 'return' || action === 'assign' || ticket.isGroup) return;
    const settings = await this.settings.read(auth.companyId, [
      'sendGreetingAccepted',
      'sendMsgTransfTicket',
      'userRating',
    ]);
    const actor = await this.db
      .getRepository(UserEntity)
      .findOne({ where: { id: auth.userId }, select: { id: true, name: true, language: true } });
    const texts = automaticTexts(actor?.language);
    const bodies: { body: string; rating?: boolean }[] = [];
    // One greeting: ours only when the accepting client asks for it, else the client sends its own.
    if (action === 'accept' && greeting && settings.sendGreetingAccepted === 'enabled') {
      bodies.push({ body: texts.greeting(ticket.contact!.name, actor?.name ?? '') });
    }
    if (action === 'transfer' && settings.sendMsgTransfTicket === 'enabled' && ticket.queue) {
      bodies.push({ body: texts.transfer(ticket.queue.name, ticket.user?.name ?? null) });
    }
    if (action === 'resolve' && ticket.whatsappId !== null) {
      const connection = await this.db.getRepository(WhatsappEntity).findOne({
        where: { id: ticket.whatsappId },
        select: { id: true, complationMessage: true, ratingMessage: true },
      });
      if (connection?.complationMessage.trim()) bodies.push({ body: connection.complationMessage });
      if (settings.userRating === 'enabled') {
        bodies.push({ body: connection?.ratingMessage.trim() || texts.rating, rating: true });
      }
    }
    for (const { body, rating } of bodies) {
      try {
        // The connection's own texts may use the message variables ({{name}}, {{protocol}}...).
        const filled = fillMessageVariables(body, ticketVariables(ticket));
        await this.messages.deliver(ticket, { body: filled, automatic: true });
        if (rating) {
          await this.tx.run(`contact:${ticket.contactId}`, (em) =>
            em.getRepository(TicketEntity).update({ id: ticket.id }, { awaitingRating: true, updatedAt: new Date() }),
          );
        }
      } catch (error) {
        this.logger.warn(
          `ticket ${ticket.id}: the ${action} message was not sent (${error instanceof DomainError ? error.code : String(error)})`,
        );
      }
    }
  }

  /** The 409 of spec §8, naming the live ticket, its agent and queue so the dialog can say who has it. */
  private async conflict(openKey: string): Promise<DomainError | null> {
    const live = await this.db
      .getRepository(TicketEntity)
      .findOne({ where: { openKey }, relations: { user: true, queue: true } });
    if (!live) return null;
    const ticket: OpenTicketConflict = {
      id: live.id,
      uuid: live.uuid,
      status: live.status,
      user: live.user ? { name: live.user.name } : null,
      queue: live.queue ? { name: live.queue.name } : null,
    };
    return new DomainError('ERR_OTHER_OPEN_TICKET', { ticket });
  }

  /** The caller's connection, else the company's default one (spec: ERR_NO_DEF_WAPP_FOUND without one). */
  private async defaultConnection(auth: AuthUser): Promise<number> {
    const user = await this.db
      .getRepository(UserEntity)
      .findOne({ where: { id: auth.userId, companyId: auth.companyId }, select: { id: true, whatsappId: true } });
    if (user?.whatsappId) return user.whatsappId;
    const connection = await this.db
      .getRepository(WhatsappEntity)
      .findOne({ where: { companyId: auth.companyId, isDefault: true }, select: { id: true } });
    if (!connection) throw new DomainError('ERR_NO_DEF_WAPP_FOUND');
    return connection.id;
  }

  /** Ids named in a request must be the company's own; another company's look like missing ones. */
  private async assertRefs(
    companyId: number,
    refs: { queueId: number | null; userId: number | null; whatsappId: number | null },
  ): Promise<void> {
    const checks: Promise<void>[] = [];
    if (refs.queueId !== null) {
      checks.push(
        this.db
          .getRepository(QueueEntity)
          .exists({ where: { id: refs.queueId, companyId } })
          .then((ok) => {
            if (!ok) throw new DomainError('ERR_NO_QUEUE_FOUND');
          }),
      );
    }
    if (refs.userId !== null) {
      checks.push(
        this.db
          .getRepository(UserEntity)
          .exists({ where: { id: refs.userId, companyId } })
          .then((ok) => {
            if (!ok) throw new DomainError('ERR_NO_USER_FOUND');
          }),
      );
    }
    if (refs.whatsappId !== null) {
      checks.push(
        this.db
          .getRepository(WhatsappEntity)
          .exists({ where: { id: refs.whatsappId, companyId } })
          .then((ok) => {
            if (!ok) throw new DomainError('ERR_NO_WAPP_FOUND');
          }),
      );
    }
    await Promise.all(checks);
  }
}
