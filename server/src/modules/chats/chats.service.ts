import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  chatEvent,
  chatUserEvent,
  rooms,
  V,
  type Chat,
  type ChatEventPayloads,
  type ChatInput,
  type ChatMessage,
  type ChatMessageInput,
  type ChatMessagesPage,
  type ChatsPage,
  type CompanyEventPayloads,
  type FieldError,
} from '@atendo/shared';
import { DataSource, In, type EntityManager } from 'typeorm';
import type { AuthUser } from '../../common/auth-user.js';
import { DomainError } from '../../common/domain-error.js';
import { PAGE_SIZE, searchPage, type ListQuery } from '../../common/pagination.js';
import { isForeignKeyViolation } from '../../database/unique-violation.js';
import { Transactions } from '../conversations/transactions.js';
import { RealtimeService } from '../realtime/realtime.service.js';
import { UserEntity } from '../users/entities/user.entity.js';
import { ChatMessageEntity } from './entities/chat-message.entity.js';
import { ChatUserEntity } from './entities/chat-user.entity.js';
import { ChatEntity } from './entities/chat.entity.js';

/** How a path names a chat: its id (the API's calls) or its uuid (the route /chats/{uuid}). */
export type ChatRef = { id: number } | { uuid: string };

/** The chat list's query: the back office's search and page, and optionally only unread chats. */
export type ChatListQuery = ListQuery & { unread?: boolean };

/** The chat list shows this much of the last message (the column's size). */
const LAST_MESSAGE_CHARS = 255;

function toChat(chat: ChatEntity): Chat {
  return {
    id: chat.id,
    uuid: chat.uuid,
    title: chat.title,
    ownerId: chat.ownerId,
    lastMessage: chat.lastMessage,
    updatedAt: chat.updatedAt.toISOString(),
    users: (chat.users ?? []).map((m) => ({
      userId: m.userId,
      unreads: m.unreads,
      user: { id: m.userId, name: m.user?.name ?? '' },
    })),
  };
}

function toMessage(m: ChatMessageEntity): ChatMessage {
  return {
    id: m.id,
    chatId: m.chatId,
    senderId: m.senderId,
    sender: m.sender ? { id: m.sender.id, name: m.sender.name } : null,
    message: m.message,
    createdAt: m.createdAt.toISOString(),
  };
}

/** The start of a message as the chat list shows it, cut on whole characters (an emoji stays whole). */
function preview(message: string): string {
  const chars = Array.from(message.replace(/\s+/g, ' '));
  return chars.length > LAST_MESSAGE_CHARS ? chars.slice(0, LAST_MESSAGE_CHARS).join('') : chars.join('');
}

/**
 * The internal chat (document 2 §2): chats between users of one company. Only members see a
 * chat, its messages and its events (sent to their user rooms); to anyone else it does not exist
 * (404). Only the owner renames it, changes its members or deletes it.
 */
@Injectable()
export class ChatsService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly tx: Transactions,
    private readonly realtime: RealtimeService,
  ) {}

  /** GET /chats: the caller's chats, latest activity first. */
  async page(auth: AuthUser, query: ChatListQuery): Promise<ChatsPage> {
    const qb = this.db
      .getRepository(ChatEntity)
      .createQueryBuilder('c')
      .innerJoin(ChatUserEntity, 'me', 'me.chatId = c.id AND me.userId = :userId', { userId: auth.userId })
      .where('c.companyId = :companyId', { companyId: auth.companyId });
    if (query.unread) qb.andWhere('me.unreads > 0');
    const { rows, hasMore } = await searchPage(qb, query, {
      search: ['LOWER(c.title)'],
      order: [
        ['c.updatedAt', 'DESC'],
        ['c.id', 'DESC'],
      ],
    });
    const members = await this.membersOf(
      this.db.manager,
      rows.map((c) => c.id),
    );
    return { records: rows.map((c) => toChat({ ...c, users: members.get(c.id) ?? [] })), hasMore };
  }

  async findOne(auth: AuthUser, ref: ChatRef): Promise<Chat> {
    return toChat(await this.memberChat(auth, ref));
  }

  /** The caller owns the new chat and is always one of its members. */
  async create(auth: AuthUser, input: ChatInput): Promise<Chat> {
    const memberIds = await this.memberIds(auth, input, auth.userId);
    const chat = await this.writing(() =>
      this.tx.run(`chat:new:${auth.userId}`, async (em) => {
        const saved = await em.getRepository(ChatEntity).save(
          em.getRepository(ChatEntity).create({
            uuid: randomUUID(),
            companyId: auth.companyId,
            title: input.title,
            ownerId: auth.userId,
            lastMessage: '',
          }),
        );
        await em.getRepository(ChatUserEntity).insert(memberIds.map((userId) => ({ chatId: saved.id, userId })));
        return this.reload(em, saved.id);
      }),
    );
    this.tell(auth.companyId, memberIds, { action: 'create', chat });
    return chat;
  }

  /**
   * PUT /chats/{id}: a new title and member list. Members who stay keep their unread counts;
   * those taken out are told the chat is gone for them.
   */
  async update(auth: AuthUser, ref: ChatRef, input: ChatInput): Promise<Chat> {
    const current = await this.ownedChat(auth, ref);
    // An ownerless chat (its owner's account was deleted) passes to the member who edits it.
    const ownerId = current.ownerId ?? auth.userId;
    const memberIds = await this.memberIds(auth, input, ownerId);
    const { chat, removed } = await this.writing(() =>
      this.tx.run(`chat:${current.id}`, async (em) => {
        // The members as they are now, in the transaction: another edit may have just changed them.
        const members = em.getRepository(ChatUserEntity);
        const before = (await members.find({ select: { userId: true }, where: { chatId: current.id } })).map(
          (m) => m.userId,
        );
        const gone = before.filter((id) => !memberIds.includes(id));
        await em
          .getRepository(ChatEntity)
          .update({ id: current.id }, { title: input.title, ownerId, updatedAt: new Date() });
        if (gone.length) await members.delete({ chatId: current.id, userId: In(gone) });
        // Ignoring a member already there: another server process may have added them meanwhile.
        await members
          .createQueryBuilder()
          .insert()
          .values(memberIds.map((userId) => ({ chatId: current.id, userId })))
          .orIgnore()
          // Not read back: on MySQL/MariaDB an ignored row has no insert id, and TypeORM's read of the
          // new rows' defaults then fails (every edit keeping a member answered 500). `reload` reads them.
          .updateEntity(false)
          .execute();
        return { chat: await this.reload(em, current.id), removed: gone };
      }),
    );
    this.tell(auth.companyId, memberIds, { action: 'update', chat });
    this.tell(auth.companyId, removed, { action: 'delete', chatId: chat.id, id: chat.id });
    return chat;
  }

  async remove(auth: AuthUser, ref: ChatRef): Promise<void> {
    const chat = await this.ownedChat(auth, ref);
    await this.tx.run(`chat:${chat.id}`, (em) => em.getRepository(ChatEntity).delete({ id: chat.id }));
    this.tell(
      auth.companyId,
      (chat.users ?? []).map((m) => m.userId),
      { action: 'delete', chatId: chat.id, id: chat.id },
    );
  }

  /**
   * POST /chats/{id}/read: the caller has seen every message (the body's `userId` of the existing
   * clients is not needed: the token says who). The members hear the new counts only when the
   * caller had unread messages, so opening a read chat costs no write and no event.
   */
  async markRead(auth: AuthUser, ref: ChatRef): Promise<Chat> {
    const current = await this.memberChat(auth, ref);
    const mine = current.users?.find((m) => m.userId === auth.userId);
    if (!mine?.unreads) return toChat(current);
    const chat = await this.tx.run(`chat:${current.id}`, async (em) => {
      await em.getRepository(ChatUserEntity).update({ chatId: current.id, userId: auth.userId }, { unreads: 0 });
      return this.reload(em, current.id);
    });
    this.tell(
      auth.companyId,
      chat.users.map((m) => m.userId),
      { action: 'update', chat },
    );
    return chat;
  }

  /** GET /chats/{id}/messages: newest first, PAGE_SIZE a page; `hasMore` when older ones remain. */
  async messages(auth: AuthUser, ref: ChatRef, pageNumber: number): Promise<ChatMessagesPage> {
    const chat = await this.memberChat(auth, ref);
    const rows = await this.db
      .getRepository(ChatMessageEntity)
      .createQueryBuilder('m')
      .leftJoin('m.sender', 's')
      .addSelect(['s.id', 's.name'])
      .where('m.chatId = :chatId', { chatId: chat.id })
      .orderBy('m.id', 'DESC')
      .skip((pageNumber - 1) * PAGE_SIZE)
      // One more than a page tells whether another page follows, without counting them all.
      .take(PAGE_SIZE + 1)
      .getMany();
    return { records: rows.slice(0, PAGE_SIZE).map(toMessage), hasMore: rows.length > PAGE_SIZE };
  }

  /**
   * POST /chats/{id}/messages. In one transaction: the message, one more unread for every other
   * member (a single UPDATE, so two messages at once both count), none for the sender (who has
   * the chat open), and the chat's last message and activity. The members hear it in commit order.
   */
  async send(auth: AuthUser, ref: ChatRef, input: ChatMessageInput): Promise<ChatMessage> {
    const current = await this.memberChat(auth, ref);
    const { message } = await this.tx.run(
      `chat:${current.id}`,
      async (em) => {
        const inserted = await em
          .getRepository(ChatMessageEntity)
          .insert({ chatId: current.id, senderId: auth.userId, message: input.message });
        const members = em.getRepository(ChatUserEntity);
        await members
          .createQueryBuilder()
          .update()
          .set({ unreads: () => 'unreads + 1' })
          .where('chatId = :chatId AND userId <> :userId', { chatId: current.id, userId: auth.userId })
          .execute();
        await members.update({ chatId: current.id, userId: auth.userId }, { unreads: 0 });
        const saved = await em.getRepository(ChatMessageEntity).findOneOrFail({
          where: { id: Number(inserted.identifiers[0].id) },
          relations: { sender: true },
        });
        // The chat's activity is its last message's time, to the millisecond the message shows.
        await em
          .getRepository(ChatEntity)
          .update({ id: current.id }, { lastMessage: preview(input.message), updatedAt: saved.createdAt });
        return { message: toMessage(saved), chat: await this.reload(em, current.id) };
      },
      (result) =>
        this.tell(
          auth.companyId,
          result.chat.users.map((m) => m.userId),
          { action: 'new-message', chatId: result.chat.id, newMessage: result.message, chat: result.chat },
        ),
    );
    return message;
  }

  /** The chat with its members, if the caller is one of them; otherwise it does not exist. */
  private async memberChat(auth: AuthUser, ref: ChatRef): Promise<ChatEntity> {
    const chat = await this.db.getRepository(ChatEntity).findOneBy({ ...ref, companyId: auth.companyId });
    if (chat) chat.users = (await this.membersOf(this.db.manager, [chat.id])).get(chat.id) ?? [];
    if (!chat?.users?.some((m) => m.userId === auth.userId)) throw new DomainError('ERR_NO_CHAT_FOUND');
    return chat;
  }

  /** A member's chat that the caller may change: theirs, or one whose owner is gone. */
  private async ownedChat(auth: AuthUser, ref: ChatRef): Promise<ChatEntity> {
    const chat = await this.memberChat(auth, ref);
    if (chat.ownerId !== null && chat.ownerId !== auth.userId) throw new DomainError('ERR_CHAT_OWNER_ONLY');
    return chat;
  }

  /**
   * The members a chat input names, plus the owner, each once. Every id must be a user of the
   * caller's company: another company's user answers 400 on that entry, like a missing one.
   */
  private async memberIds(auth: AuthUser, input: ChatInput, ownerId: number): Promise<number[]> {
    const wanted = [...new Set(input.users.map((u) => u.id))];
    const found = await this.db
      .getRepository(UserEntity)
      .find({ select: { id: true }, where: { companyId: auth.companyId, id: In(wanted) } });
    const known = new Set(found.map((u) => u.id));
    const fields: FieldError[] = input.users
      .map((u, index) => ({ id: u.id, index }))
      .filter(({ id }) => !known.has(id))
      .map(({ index }) => ({ field: `users[${index}].id`, message: V.oneOf }));
    if (fields.length) throw new DomainError('ERR_VALIDATION', { fields });
    return [ownerId, ...wanted.filter((id) => id !== ownerId)];
  }

  /** A member deleted between the check and the write is refused like an unknown one. */
  private async writing<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (isForeignKeyViolation(error)) {
        throw new DomainError('ERR_VALIDATION', { fields: [{ field: 'users', message: V.oneOf }] });
      }
      throw error;
    }
  }

  private async reload(em: EntityManager, chatId: number): Promise<Chat> {
    const chat = await em.getRepository(ChatEntity).findOneByOrFail({ id: chatId });
    chat.users = (await this.membersOf(em, [chatId])).get(chatId) ?? [];
    return toChat(chat);
  }

  /** The members of some chats, each with the user's id and name only, in the order they joined. */
  private async membersOf(em: EntityManager, chatIds: number[]): Promise<Map<number, ChatUserEntity[]>> {
    const byChat = new Map<number, ChatUserEntity[]>();
    if (!chatIds.length) return byChat;
    const rows = await em
      .getRepository(ChatUserEntity)
      .createQueryBuilder('m')
      .leftJoin('m.user', 'u')
      .addSelect(['u.id', 'u.name'])
      .where('m.chatId IN (:...chatIds)', { chatIds })
      .orderBy('m.id', 'ASC')
      .getMany();
    for (const row of rows) byChat.set(row.chatId, [...(byChat.get(row.chatId) ?? []), row]);
    return byChat;
  }

  /**
   * A chat event to the sockets of these users only: a chat is nobody else's business. The same
   * change also goes out under the family's names (ChatEventPayloads), to the same members.
   */
  private tell(companyId: number, userIds: number[], payload: CompanyEventPayloads['chat']): void {
    const members = userIds.map((userId) => rooms.user(companyId, userId));
    this.realtime.toRooms(members, companyId, 'chat', payload);
    if (payload.action === 'delete') return;
    const { chat } = payload;
    if (payload.action === 'new-message') {
      const opened: ChatEventPayloads['chat'] = { action: 'new-message', newMessage: payload.newMessage, chat };
      this.realtime.toRoomsNamed(members, chatEvent(companyId, chat.id), opened);
      return;
    }
    if (payload.action === 'update') {
      const opened: ChatEventPayloads['chat'] = { action: 'update', chat };
      this.realtime.toRoomsNamed(members, chatEvent(companyId, chat.id), opened);
    }
    for (const userId of userIds) {
      const listed: ChatEventPayloads['chatUser'] = { action: payload.action, record: chat };
      this.realtime.toRoomsNamed([rooms.user(companyId, userId)], chatUserEvent(companyId, userId), listed);
    }
  }
}
