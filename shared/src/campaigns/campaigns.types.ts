import type { Id, IsoDate } from '../common/common.types.js';
import { fillMessageVariables, type MessageVariableContext } from '../common/message-variables.js';
import type { ContactListItem } from '../contacts/contacts.types.js';

export const CAMPAIGN_STATUSES = ['INATIVA', 'PROGRAMADA', 'EM_ANDAMENTO', 'CANCELADA', 'FINALIZADA'] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];

export const CAMPAIGN_MESSAGE_SLOTS = 5;

/** One contact of a running or finished campaign, as the existing clients read it (`deliveredAt`: sent). */
export interface CampaignShipping {
  id: Id;
  number: string;
  message: string;
  deliveredAt: IsoDate | null;
}

/**
 * Where a campaign stands, counted over its contacts: `contacts` in the audience, `invalid` not on
 * WhatsApp (skipped), `pending` still to send (or waiting for a confirmation), `sent` accepted by
 * WhatsApp, `delivered` reached the phone, `read` opened, `failed` could not be sent.
 */
export interface CampaignTotals {
  contacts: number;
  valid: number;
  invalid: number;
  pending: number;
  awaitingConfirmation: number;
  sent: number;
  delivered: number;
  read: number;
  failed: number;
}

/** Why a connection's campaigns are not sending right now. */
export const CAMPAIGN_PAUSE_REASONS = ['rateLimited', 'disconnected', 'dailyLimit'] as const;
export type CampaignPauseReason = (typeof CAMPAIGN_PAUSE_REASONS)[number];

/** What the pacing of the campaign's connection is doing. */
export interface CampaignPacing {
  nextSendAt: IsoDate | null;
  pausedReason: CampaignPauseReason | null;
  pausedUntil: IsoDate | null;
  sentToday: number;
  dailyLimit: number;
}

export interface CampaignFailure {
  number: string;
  name: string;
  /** An error code (`ERR_*`), translated by the UI. */
  reason: string;
  at: IsoDate;
}

/** `GET /campaigns/{id}/report`: the report page's figures, without the full shipping list. */
export interface CampaignReport {
  campaign: Campaign;
  totals: CampaignTotals;
  pacing: CampaignPacing | null;
  /** The latest failures, newest first (at most CAMPAIGN_REPORT_FAILURES). */
  failures: CampaignFailure[];
}
export const CAMPAIGN_REPORT_FAILURES = 100;

export interface Campaign {
  id: Id;
  companyId: Id;
  name: string;
  message1: string;
  message2: string;
  message3: string;
  message4: string;
  message5: string;
  status: CampaignStatus;
  scheduledAt: IsoDate | null;
  completedAt: IsoDate | null;
  whatsappId: Id | null;
  contactListId: Id | null;
  tagId: Id | null;
  fileListId: Id | null;
  mediaPath: string | null;
  mediaName: string | null;
  /** Ask each contact first (a confirmation message, at random among the filled ones); the campaign's message follows their answer. */
  confirmation: boolean;
  confirmationMessage1: string;
  confirmationMessage2: string;
  confirmationMessage3: string;
  confirmationMessage4: string;
  confirmationMessage5: string;
  createdAt: IsoDate;
  updatedAt: IsoDate;
  /** `contacts` (the list's people) only in `GET /campaigns/{id}`, where the family's report reads them. */
  contactList?: { id: Id; name: string; contacts?: ContactListItem[] } | null;
  tag?: { id: Id; name: string } | null;
  fileList?: { id: Id; name: string } | null;
  whatsapp?: { id: Id; name: string } | null;
  /** Counts while running and after (live in `company-{id}-campaign` updates, at most once a second). */
  totals?: CampaignTotals;
  /** Only in `GET /campaigns/{id}`, as the existing clients read it. */
  shipping?: CampaignShipping[];
}

export interface CampaignsPage {
  records: Campaign[];
  count: number;
  hasMore: boolean;
}

/**
 * Seconds between two sends of a connection (`messageInterval`), and a longer wait
 * (`greaterInterval`) after every `longerIntervalAfter` sends; each wait drawn within ±20%.
 * `dailyLimit`: most campaign sends a connection makes in a day (0: the server's cap).
 */
export interface CampaignSettings {
  messageInterval: number;
  longerIntervalAfter: number;
  greaterInterval: number;
  dailyLimit: number;
  variables: { key: string; value: string }[];
}

export const CAMPAIGN_SETTINGS_DEFAULTS: CampaignSettings = {
  messageInterval: 20,
  longerIntervalAfter: 20,
  greaterInterval: 60,
  dailyLimit: 0,
  variables: [],
};

/** `GET /campaign-settings` answers the rows the existing clients read: each value JSON-encoded. */
export type CampaignSettingRow = { key: keyof CampaignSettings; value: string };

export function campaignSettingsFromRows(rows: readonly { key: string; value: string }[]): CampaignSettings {
  const settings: CampaignSettings = { ...CAMPAIGN_SETTINGS_DEFAULTS, variables: [] };
  for (const row of rows) {
    if (!Object.prototype.hasOwnProperty.call(CAMPAIGN_SETTINGS_DEFAULTS, row.key)) continue;
    try {
      (settings as unknown as Record<string, unknown>)[row.key] = JSON.parse(row.value);
    } catch {
      // A value that is not JSON keeps the default.
    }
  }
  return settings;
}

/**
 * The variables a campaign message may use, in the campaigns' own spelling, besides the settings
 * table's `{key}`s: the contact's name, first name, number and e-mail. Every message variable
 * (see MESSAGE_VARIABLES) works too.
 */
export const CAMPAIGN_CONTACT_VARIABLES = ['nome', 'primeiroNome', 'numero', 'email'] as const;

/** Fills a campaign's text: the message variables and each `{key}` of the settings; unknown ones stay as written. */
export function fillCampaignMessage(
  text: string,
  contact: { name: string; number: string; email?: string | null },
  variables: readonly { key: string; value: string }[],
  extra: Omit<MessageVariableContext, 'contact' | 'custom'> = {},
): string {
  return fillMessageVariables(text, { ...extra, contact, custom: variables });
}

/** The message slots that hold text, as 1-based indexes (message1 → 1). */
export function filledSlots(messages: readonly string[]): number[] {
  return messages.flatMap((text, index) => (text.trim() ? [index + 1] : []));
}
export const MESSAGE_INTERVAL_OPTIONS = [0, 5, 10, 15, 20] as const;
export const LONGER_INTERVAL_OPTIONS = [0, 1, 5, 10, 15, 20, 30, 40, 60, 80, 100, 120] as const;

/** Editable when INATIVA, or PROGRAMADA more than an hour before it starts. */
export function isCampaignEditable(status: CampaignStatus, scheduledAt: string | null, now = new Date()): boolean {
  if (status === 'INATIVA') return true;
  if (status !== 'PROGRAMADA' || !scheduledAt) return false;
  return new Date(scheduledAt).getTime() - now.getTime() > 60 * 60 * 1000;
}

/** cancel: EM_ANDAMENTO -> CANCELADA; restart: CANCELADA -> EM_ANDAMENTO. */
/** cancel stops a running or programmed campaign; restart resumes a cancelled one where it stopped. */
export const CAMPAIGN_TRANSITIONS: Record<
  'cancel' | 'restart',
  { from: readonly CampaignStatus[]; to: CampaignStatus }
> = {
  cancel: { from: ['EM_ANDAMENTO', 'PROGRAMADA'], to: 'CANCELADA' },
  restart: { from: ['CANCELADA'], to: 'EM_ANDAMENTO' },
};

/** The message variants, and the confirmation variants, in slot order. */
export const CAMPAIGN_MESSAGE_KEYS = ['message1', 'message2', 'message3', 'message4', 'message5'] as const;
export const CAMPAIGN_CONFIRMATION_KEYS = [
  'confirmationMessage1',
  'confirmationMessage2',
  'confirmationMessage3',
  'confirmationMessage4',
  'confirmationMessage5',
] as const;

/** The fields a cancelled campaign still lets one change (spec §4). */
export const CAMPAIGN_MESSAGE_FIELDS = [...CAMPAIGN_MESSAGE_KEYS, ...CAMPAIGN_CONFIRMATION_KEYS] as const;

/** Campaign media: what WhatsApp sends as an image, video, audio or document, up to this size. */
export const CAMPAIGN_MEDIA_MAX_BYTES = 16 * 1024 * 1024;
