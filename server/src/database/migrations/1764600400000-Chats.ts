import { Table, TableIndex, type MigrationInterface, type QueryRunner } from 'typeorm';
import { engineColumns, foreignKey as fk, idColumn as id, text, varchar as str } from '../migration-columns.js';

const index = (name: string, columnNames: string[], isUnique = false) =>
  new TableIndex({ name, columnNames, isUnique });

/** The internal chat: chats of a company, their members with unread counts, and their messages. */
export class Chats1764600400000 implements MigrationInterface {
  name = 'Chats1764600400000';

  async up(q: QueryRunner): Promise<void> {
    const { stamp } = engineColumns(q);

    await q.createTable(
      new Table({
        name: 'chats',
        columns: [
          id,
          str('uuid', 36, { isUnique: true }),
          { name: 'companyId', type: 'int' },
          str('title', 100),
          { name: 'ownerId', type: 'int', isNullable: true },
          str('lastMessage', 255, { default: "''" }),
          stamp('createdAt'),
          stamp('updatedAt'),
        ],
        foreignKeys: [fk('companyId', 'companies', 'CASCADE'), fk('ownerId', 'users', 'SET NULL')],
        indices: [index('IDX_chats_company_updated', ['companyId', 'updatedAt'])],
      }),
    );

    await q.createTable(
      new Table({
        name: 'chat_users',
        columns: [
          id,
          { name: 'chatId', type: 'int' },
          { name: 'userId', type: 'int' },
          { name: 'unreads', type: 'int', default: 0 },
          stamp('createdAt'),
          stamp('updatedAt'),
        ],
        foreignKeys: [fk('chatId', 'chats', 'CASCADE'), fk('userId', 'users', 'CASCADE')],
        indices: [
          index('UQ_chat_users_chat_user', ['chatId', 'userId'], true),
          // A user's chats: the chat list starts from the caller's memberships.
          index('IDX_chat_users_user_chat', ['userId', 'chatId']),
        ],
      }),
    );

    await q.createTable(
      new Table({
        name: 'chat_messages',
        columns: [
          id,
          { name: 'chatId', type: 'int' },
          { name: 'senderId', type: 'int', isNullable: true },
          text('message'),
          stamp('createdAt'),
        ],
        foreignKeys: [fk('chatId', 'chats', 'CASCADE'), fk('senderId', 'users', 'SET NULL')],
        // Pages of a chat's messages, newest first, by id.
        indices: [index('IDX_chat_messages_chat_id', ['chatId', 'id'])],
      }),
    );
  }

  async down(q: QueryRunner): Promise<void> {
    for (const table of ['chat_messages', 'chat_users', 'chats']) await q.dropTable(table);
  }
}
