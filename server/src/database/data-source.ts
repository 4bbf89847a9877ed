import { join } from 'node:path';
import type { DataSourceOptions, MigrationInterface } from 'typeorm';
import type { AppConfig } from '../config/config.js';
import { TypeOrmLogger } from './typeorm-logger.js';
import {
  FlowCampaignEntity,
  FlowEntity,
  FlowRunEntity,
  FlowVersionEntity,
} from '../modules/flows/entities/flow.entity.js';
import { RefreshTokenEntity } from '../modules/sessions/entities/refresh-token.entity.js';
import { SessionEntity } from '../modules/sessions/entities/session.entity.js';
import { CompanyEntity } from '../modules/companies/entities/company.entity.js';
import { PlanEntity } from '../modules/plans/entities/plan.entity.js';
import { QueueEntity } from '../modules/queues/entities/queue.entity.js';
import { QueueOptionEntity } from '../modules/queues/entities/queue-option.entity.js';
import { SettingEntity } from '../modules/settings/entities/setting.entity.js';
import { UserEntity } from '../modules/users/entities/user.entity.js';
import { WhatsappAuthKeyEntity } from '../modules/whatsapp/entities/whatsapp-auth-key.entity.js';
import { WhatsappEntity } from '../modules/whatsapp/entities/whatsapp.entity.js';
import { ContactEntity } from '../modules/conversations/entities/contact.entity.js';
import { MessageEntity } from '../modules/conversations/entities/message.entity.js';
import { QuickMessageEntity } from '../modules/quick-messages/entities/quick-message.entity.js';
import { TagEntity } from '../modules/conversations/entities/tag.entity.js';
import { TicketNoteEntity } from '../modules/conversations/entities/ticket-note.entity.js';
import { TicketRatingEntity } from '../modules/conversations/entities/ticket-rating.entity.js';
import { TicketEntity } from '../modules/conversations/entities/ticket.entity.js';
import { InvoiceEntity } from '../modules/billing/entities/invoice.entity.js';
import { PaymentChargeEntity } from '../modules/billing/entities/payment-charge.entity.js';
import { PaymentEventEntity } from '../modules/billing/entities/payment-event.entity.js';
import { PasswordResetEntity } from '../modules/password-reset/entities/password-reset.entity.js';
import { AnnouncementEntity } from '../modules/announcements/entities/announcement.entity.js';
import { HelpEntity } from '../modules/helps/entities/help.entity.js';
import { FileListEntity } from '../modules/files/entities/file-list.entity.js';
import { FileListOptionEntity } from '../modules/files/entities/file-list-option.entity.js';
import { ContactListEntity } from '../modules/contact-lists/entities/contact-list.entity.js';
import { ContactListItemEntity } from '../modules/contact-lists/entities/contact-list-item.entity.js';
import { ChatEntity } from '../modules/chats/entities/chat.entity.js';
import { ChatMessageEntity } from '../modules/chats/entities/chat-message.entity.js';
import { ChatUserEntity } from '../modules/chats/entities/chat-user.entity.js';
import { Initial1763740800000 } from './migrations/1763740800000-Initial.js';
import { Connections1763827200000 } from './migrations/1763827200000-Connections.js';
import { Conversations1763827300000 } from './migrations/1763827300000-Conversations.js';
import { TicketBot1764000000000 } from './migrations/1764000000000-TicketBot.js';
import { Billing1764300000000 } from './migrations/1764300000000-Billing.js';
import { DashboardIndexes1764200000000 } from './migrations/1764200000000-DashboardIndexes.js';
import { PasswordResets1764400000000 } from './migrations/1764400000000-PasswordResets.js';
import { HelpsAnnouncements1764400100000 } from './migrations/1764400100000-HelpsAnnouncements.js';
import { TicketPreviewDeleted1764500000000 } from './migrations/1764500000000-TicketPreviewDeleted.js';
import { ContactRemoval1764600000000 } from './migrations/1764600000000-ContactRemoval.js';
import { FileLists1764600200000 } from './migrations/1764600200000-FileLists.js';
import { QueueOptions1764600300000 } from './migrations/1764600300000-QueueOptions.js';
import { ContactLists1764600100000 } from './migrations/1764600100000-ContactLists.js';
import { Chats1764600400000 } from './migrations/1764600400000-Chats.js';
import { Dispatch1764700000000 } from './migrations/1764700000000-Dispatch.js';
import { Prompts1764800000000 } from './migrations/1764800000000-Prompts.js';
import { QueueIntegrations1764800100000 } from './migrations/1764800100000-QueueIntegrations.js';
import { Flows1764900000000 } from './migrations/1764900000000-Flows.js';
import { KanbanLaneOrder1765000000000 } from './migrations/1765000000000-KanbanLaneOrder.js';
import { sealWhatsappAuth } from './migrations/1765100000000-SealWhatsappAuth.js';
import { SecretBox } from '../common/secret-box.js';
import { QueueIntegrationEntity } from '../modules/integrations/entities/queue-integration.entity.js';
import { PromptEntity } from '../modules/ai/entities/prompt.entity.js';
import { ScheduleEntity } from '../modules/schedules/entities/schedule.entity.js';
import { CampaignEntity } from '../modules/campaigns/entities/campaign.entity.js';
import { CampaignShippingEntity } from '../modules/campaigns/entities/campaign-shipping.entity.js';
import { CampaignSettingEntity } from '../modules/campaigns/entities/campaign-setting.entity.js';
import { ConnectionPaceEntity } from '../modules/dispatch/entities/connection-pace.entity.js';

export const ENTITIES = [
  PlanEntity,
  CompanyEntity,
  QueueEntity,
  QueueOptionEntity,
  UserEntity,
  SettingEntity,
  SessionEntity,
  RefreshTokenEntity,
  WhatsappEntity,
  WhatsappAuthKeyEntity,
  ContactEntity,
  TicketEntity,
  MessageEntity,
  TagEntity,
  TicketNoteEntity,
  QuickMessageEntity,
  TicketRatingEntity,
  InvoiceEntity,
  PaymentChargeEntity,
  PaymentEventEntity,
  PasswordResetEntity,
  HelpEntity,
  AnnouncementEntity,
  FileListEntity,
  FileListOptionEntity,
  ContactListEntity,
  ContactListItemEntity,
  ChatEntity,
  ChatUserEntity,
  ChatMessageEntity,
  ScheduleEntity,
  CampaignEntity,
  CampaignShippingEntity,
  CampaignSettingEntity,
  ConnectionPaceEntity,
  PromptEntity,
  QueueIntegrationEntity,
  FlowEntity,
  FlowVersionEntity,
  FlowCampaignEntity,
  FlowRunEntity,
];
export const MIGRATIONS = [
  Initial1763740800000,
  Connections1763827200000,
  Conversations1763827300000,
  TicketBot1764000000000,
  Billing1764300000000,
  DashboardIndexes1764200000000,
  PasswordResets1764400000000,
  HelpsAnnouncements1764400100000,
  TicketPreviewDeleted1764500000000,
  ContactRemoval1764600000000,
  FileLists1764600200000,
  QueueOptions1764600300000,
  ContactLists1764600100000,
  Chats1764600400000,
  Dispatch1764700000000,
  Prompts1764800000000,
  QueueIntegrations1764800100000,
  Flows1764900000000,
  KanbanLaneOrder1765000000000,
];

/** Every migration: MIGRATIONS and those that need the server's keys, given them from `config`. */
export function migrationsOf(config: AppConfig): Array<new () => MigrationInterface> {
  return [...MIGRATIONS, sealWhatsappAuth(new SecretBox(config.secretsKey, config.secretsKeysPrevious))];
}

/** MySQL/MariaDB when DB_URL is set, else an embedded SQLite file under DATA_DIR. */
export function dataSourceOptions(config: AppConfig): DataSourceOptions {
  const logging =
    config.logLevel === 'silent'
      ? false
      : config.logLevel === 'debug'
        ? ['query' as const, 'error' as const]
        : ['error' as const];
  const common = {
    entities: ENTITIES,
    migrations: migrationsOf(config),
    // Run by runMigrationsOnce under a lock: several nodes may start together.
    migrationsRun: false,
    synchronize: false,
    logging,
    logger: new TypeOrmLogger(logging),
  };
  if (config.dbUrl) {
    return {
      ...common,
      type: 'mysql',
      url: config.dbUrl.replace(/^mariadb:/, 'mysql:'),
      charset: 'utf8mb4_unicode_ci',
      timezone: 'Z',
      // Every datetime is UTC; mysql2 must not shift it by the process's zone.
      extra: { connectionLimit: config.dbPoolSize },
      // mysql2 otherwise captures a stack trace for every query (to decorate a possible error):
      // a measured 6% of the server's CPU under inbound load. Failed queries are still logged with
      // their SQL by TypeORM.
      trace: false,
      migrationsTransactionMode: 'each',
    } as unknown as DataSourceOptions;
  }
  return {
    ...common,
    type: 'better-sqlite3',
    database: join(config.dataDir, 'atendo.sqlite'),
    prepareDatabase: (db: { pragma(sql: string): unknown }) => {
      db.pragma('journal_mode = WAL');
      // With WAL, NORMAL syncs at checkpoints instead of on every commit: a crash of the process
      // loses nothing, a power cut at most the last commits, and each inbound message no longer
      // waits for the disk.
      db.pragma('synchronous = NORMAL');
      db.pragma('busy_timeout = 5000');
    },
  } as unknown as DataSourceOptions;
}
