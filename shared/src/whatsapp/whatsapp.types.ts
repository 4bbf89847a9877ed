import type { Id, IsoDate, WeekdaySchedule } from '../common/common.types.js';
import type { QueueSummary } from '../queues/queues.types.js';

/** OUTDATED: WhatsApp refused the WhatsApp Web version the server announces as too old. */
export const CONNECTION_STATUSES = [
  'OPENING',
  'qrcode',
  'PAIRING',
  'CONNECTED',
  'TIMEOUT',
  'DISCONNECTED',
  'OUTDATED',
] as const;
export type ConnectionStatus = (typeof CONNECTION_STATUSES)[number];

/** States that raise the warning badge on the Connections menu entry. */
export const CONNECTION_WARNING_STATUSES: readonly ConnectionStatus[] = [
  'qrcode',
  'PAIRING',
  'DISCONNECTED',
  'TIMEOUT',
  'OPENING',
  'OUTDATED',
];

export const CONNECTION_PROVIDERS = ['beta', 'sandbox'] as const;
export type ConnectionProvider = (typeof CONNECTION_PROVIDERS)[number];

export interface WhatsappConnection {
  id: Id;
  companyId: Id;
  name: string;
  status: ConnectionStatus;
  isDefault: boolean;
  qrcode: string;
  retries: number;
  /**
   * The send-API token (COMPAT: it selects the connection on `POST /api/messages/send`): only for
   * those who may manage connections; everyone else reads the connection without it.
   */
  token?: string;
  provider: ConnectionProvider;
  greetingMessage: string;
  complationMessage: string;
  outOfHoursMessage: string;
  ratingMessage: string;
  expiresInactiveMessage: string;
  expiresTicket: number;
  timeUseBotQueues: number;
  maxUseBotQueues: number;
  transferQueueId: Id | null;
  timeToTransfer: number | null;
  promptId: Id | null;
  integrationId: Id | null;
  queues: QueueSummary[];
  schedules: WeekdaySchedule[];
  updatedAt: IsoDate;
  /**
   * The server node running its session (NODE_ID), null when none does; in `GET /whatsapp` and
   * `GET /whatsapp/{id}`, not in the save events (a session event tells where it runs).
   */
  node?: string | null;
}

export interface WhatsappSessionUpdate {
  id: Id;
  status: ConnectionStatus;
  qrcode: string;
  retries: number;
  updatedAt: IsoDate;
  /** The node running the session now, null when none does. */
  node?: string | null;
}
