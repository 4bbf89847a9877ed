import { TableIndex, type MigrationInterface, type QueryRunner } from 'typeorm';

const index = (name: string, columnNames: string[]) => new TableIndex({ name, columnNames });

/**
 * Indexes that cover the dashboard's aggregates, so each one reads only the period's index
 * entries and never the table rows: tickets by creation (the charts: per day and per owner), by
 * resolution (finished, talk time per owner) and by first acceptance (wait time); contacts by
 * creation (new contacts, groups apart); ratings by date with their owner and rate, which
 * replaces the narrower (companyId, createdAt) index.
 */
export class DashboardIndexes1764200000000 implements MigrationInterface {
  name = 'DashboardIndexes1764200000000';

  async up(q: QueryRunner): Promise<void> {
    await q.createIndex('tickets', index('IDX_tickets_company_created', ['companyId', 'createdAt', 'userId']));
    await q.createIndex(
      'tickets',
      index('IDX_tickets_company_closed', ['companyId', 'closedAt', 'userId', 'acceptedAt']),
    );
    await q.createIndex('tickets', index('IDX_tickets_company_accepted', ['companyId', 'acceptedAt', 'createdAt']));
    await q.createIndex('contacts', index('IDX_contacts_company_group_created', ['companyId', 'isGroup', 'createdAt']));
    await q.createIndex(
      'ticket_ratings',
      index('IDX_ticket_ratings_company_created_user', ['companyId', 'createdAt', 'userId', 'rate']),
    );
    await q.dropIndex('ticket_ratings', 'IDX_ticket_ratings_company_created');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.createIndex('ticket_ratings', index('IDX_ticket_ratings_company_created', ['companyId', 'createdAt']));
    await q.dropIndex('ticket_ratings', 'IDX_ticket_ratings_company_created_user');
    await q.dropIndex('contacts', 'IDX_contacts_company_group_created');
    await q.dropIndex('tickets', 'IDX_tickets_company_accepted');
    await q.dropIndex('tickets', 'IDX_tickets_company_closed');
    await q.dropIndex('tickets', 'IDX_tickets_company_created');
  }
}
