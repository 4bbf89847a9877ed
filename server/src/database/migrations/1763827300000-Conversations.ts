import { Table, TableIndex, type MigrationInterface, type QueryRunner, type TableColumnOptions } from 'typeorm';
import { engineColumns, foreignKey as fk, idColumn as id, text, varchar as str } from '../migration-columns.js';

const index = (name: string, columnNames: string[], isUnique = false) =>
  new TableIndex({ name, columnNames, isUnique });

/**
 * Contacts, tickets, messages and what hangs off them. Written with the schema builder so one
 * migration serves MySQL/MariaDB and SQLite; the only dialect-specific part is MySQL's full-text
 * index on message bodies (SQLite searches them with LIKE, fine at an embedded installation's size).
 */
export class Conversations1763827300000 implements MigrationInterface {
  name = 'Conversations1763827300000';

  async up(q: QueryRunner): Promise<void> {
    const { isSqlite, stamp } = engineColumns(q);
    const time = (name: string): TableColumnOptions => ({ name, type: 'datetime', precision: 3, isNullable: true });
    const int = (name: string, nullable = false, value?: number): TableColumnOptions => ({
      name,
      type: 'int',
      isNullable: nullable,
      ...(value === undefined ? {} : { default: value }),
    });
    const flag = (name: string, value = false): TableColumnOptions => ({ name, type: 'boolean', default: value });

    await q.createTable(
      new Table({
        name: 'contacts',
        columns: [
          id,
          int('companyId'),
          str('name', 100),
          str('number', 50),
          // WhatsApp's LID for the same person: messages addressed by it find this contact too.
          str('lid', 50, { isNullable: true }),
          str('email', 120, { default: "''" }),
          str('profilePicUrl', 500, { default: "''" }),
          flag('isGroup'),
          text('extraInfo', true),
          stamp('createdAt'),
          stamp('updatedAt'),
        ],
        foreignKeys: [fk('companyId', 'companies', 'CASCADE')],
        indices: [
          index('UQ_contacts_company_number', ['companyId', 'number'], true),
          index('IDX_contacts_company_lid', ['companyId', 'lid']),
          index('IDX_contacts_company_name', ['companyId', 'name']),
        ],
      }),
    );

    await q.createTable(
      new Table({
        name: 'tickets',
        columns: [
          id,
          str('uuid', 36, { isUnique: true }),
          int('companyId'),
          int('contactId'),
          int('whatsappId', true),
          int('userId', true),
          int('queueId', true),
          str('status', 10, { default: "'pending'" }),
          str('lastMessage', 255, { default: "''" }),
          int('unreadMessages', false, 0),
          flag('isGroup'),
          flag('chatbot'),
          flag('useIntegration'),
          int('promptId', true),
          int('integrationId', true),
          // `${companyId}:${contactId}:${whatsappId}` while open or pending, NULL once closed: the
          // unique index makes "one live ticket per contact and connection" hold on every engine and
          // across server processes (NULLs never collide).
          str('openKey', 64, { isNullable: true, isUnique: true }),
          // Resolved with the rating message sent: the customer's next "1", "2" or "3" is a rating.
          flag('awaitingRating'),
          time('acceptedAt'),
          time('closedAt'),
          stamp('createdAt'),
          stamp('updatedAt'),
        ],
        foreignKeys: [
          fk('companyId', 'companies', 'CASCADE'),
          fk('contactId', 'contacts', 'CASCADE'),
          fk('whatsappId', 'whatsapps', 'SET NULL'),
          fk('userId', 'users', 'SET NULL'),
          fk('queueId', 'queues', 'SET NULL'),
        ],
        indices: [
          index('IDX_tickets_company_status_updated', ['companyId', 'status', 'updatedAt', 'id']),
          index('IDX_tickets_company_updated', ['companyId', 'updatedAt', 'id']),
          index('IDX_tickets_company_queue_status', ['companyId', 'queueId', 'status', 'updatedAt']),
          index('IDX_tickets_company_user_status', ['companyId', 'userId', 'status', 'updatedAt']),
          index('IDX_tickets_contact', ['contactId', 'updatedAt']),
        ],
      }),
    );

    await q.createTable(
      new Table({
        name: 'messages',
        columns: [
          id,
          int('companyId'),
          int('ticketId'),
          // The conversation's contact (the group for a group chat): the history of a contact spans tickets.
          int('contactId', true),
          int('whatsappId', true),
          str('providerId', 128, { isNullable: true }),
          text('body'),
          flag('fromMe'),
          str('mediaType', 20, { default: "'chat'" }),
          str('mediaUrl', 500, { isNullable: true }),
          int('quotedMsgId', true),
          flag('isDeleted'),
          flag('isEdited'),
          int('ack', false, 0),
          flag('read'),
          str('participantName', 100, { isNullable: true }),
          stamp('createdAt'),
          stamp('updatedAt'),
        ],
        foreignKeys: [
          fk('companyId', 'companies', 'CASCADE'),
          fk('ticketId', 'tickets', 'CASCADE'),
          fk('contactId', 'contacts', 'SET NULL'),
          fk('whatsappId', 'whatsapps', 'SET NULL'),
          fk('quotedMsgId', 'messages', 'SET NULL'),
        ],
        indices: [
          // A provider's message id is stored once per connection: redelivery is a no-op.
          index('UQ_messages_whatsapp_provider', ['whatsappId', 'providerId'], true),
          index('IDX_messages_ticket_created', ['ticketId', 'createdAt', 'id']),
          index('IDX_messages_contact_created', ['contactId', 'createdAt', 'id']),
        ],
      }),
    );
    if (!isSqlite) {
      await q.createIndex(
        'messages',
        new TableIndex({ name: 'FT_messages_body', columnNames: ['body'], isFulltext: true }),
      );
    }

    await q.createTable(
      new Table({
        name: 'tags',
        columns: [
          id,
          int('companyId'),
          str('name', 50),
          str('color', 9, { default: "'#A4CCCC'" }),
          int('kanban', false, 0),
          int('userId', true),
          stamp('createdAt'),
          stamp('updatedAt'),
        ],
        foreignKeys: [fk('companyId', 'companies', 'CASCADE'), fk('userId', 'users', 'SET NULL')],
        indices: [index('UQ_tags_company_name', ['companyId', 'name'], true)],
      }),
    );

    await q.createTable(
      new Table({
        name: 'ticket_tags',
        columns: [
          { name: 'ticketId', type: 'int', isPrimary: true },
          { name: 'tagId', type: 'int', isPrimary: true },
        ],
        foreignKeys: [fk('ticketId', 'tickets', 'CASCADE'), fk('tagId', 'tags', 'CASCADE')],
        indices: [index('IDX_ticket_tags_tag', ['tagId'])],
      }),
    );

    await q.createTable(
      new Table({
        name: 'ticket_notes',
        columns: [
          id,
          int('companyId'),
          int('ticketId'),
          int('contactId'),
          // Kept when its author is deleted: the note still belongs to the conversation.
          int('userId', true),
          text('note'),
          stamp('createdAt'),
          stamp('updatedAt'),
        ],
        foreignKeys: [
          fk('companyId', 'companies', 'CASCADE'),
          fk('ticketId', 'tickets', 'CASCADE'),
          fk('contactId', 'contacts', 'CASCADE'),
          fk('userId', 'users', 'SET NULL'),
        ],
        indices: [index('IDX_ticket_notes_contact_ticket', ['contactId', 'ticketId'])],
      }),
    );

    await q.createTable(
      new Table({
        name: 'quick_messages',
        columns: [
          id,
          int('companyId'),
          int('userId', true),
          str('shortcode', 50),
          text('message'),
          flag('geral'),
          str('status', 20, { default: "'active'" }),
          flag('isMedia'),
          str('mediaPath', 500, { isNullable: true }),
          str('mediaName', 255, { isNullable: true }),
          stamp('createdAt'),
          stamp('updatedAt'),
        ],
        foreignKeys: [fk('companyId', 'companies', 'CASCADE'), fk('userId', 'users', 'CASCADE')],
        indices: [index('IDX_quick_messages_company_shortcode', ['companyId', 'shortcode'])],
      }),
    );

    await q.createTable(
      new Table({
        name: 'ticket_ratings',
        columns: [id, int('companyId'), int('ticketId'), int('userId', true), int('rate'), stamp('createdAt')],
        foreignKeys: [
          fk('companyId', 'companies', 'CASCADE'),
          fk('ticketId', 'tickets', 'CASCADE'),
          fk('userId', 'users', 'SET NULL'),
        ],
        indices: [
          // One answer per resolved ticket: a second "3" is just a message.
          index('UQ_ticket_ratings_ticket', ['ticketId'], true),
          index('IDX_ticket_ratings_company_created', ['companyId', 'createdAt']),
        ],
      }),
    );
  }

  async down(q: QueryRunner): Promise<void> {
    for (const table of [
      'ticket_ratings',
      'quick_messages',
      'ticket_notes',
      'ticket_tags',
      'tags',
      'messages',
      'tickets',
      'contacts',
    ]) {
      await q.dropTable(table);
    }
  }
}
