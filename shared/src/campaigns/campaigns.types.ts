import type { Id, IsoDate } from '../common/common.types.js';

export const CAMPAIGN_STATUSES = ['INATIVA', 'PROGRAMADA', 'EM_ANDAMENTO', 'CANCELADA', 'FINALIZADA'] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];

export const CAMPAIGN_MESSAGE_SLOTS = 5;

export interface CampaignShipping {
  id: Id;
  number: string;
  message: string;
  deliveredAt: IsoDate | null;
}

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
  contactList?: { id: Id; name: string } | null;
  whatsapp?: { id: Id; name: string } | null;
  shipping?: CampaignShipping[];
}

export interface CampaignSettings {
  messageInterval: number;
  longerIntervalAfter: number;
  greaterInterval: number;
  variables: { key: string; value: string }[];
}

export const CAMPAIGN_SETTINGS_DEFAULTS: CampaignSettings = {
  messageInterval: 20,
  longerIntervalAfter: 20,
  greaterInterval: 60,
  variables: [],
};
export const MESSAGE_INTERVAL_OPTIONS = [0, 5, 10, 15, 20] as const;
export const LONGER_INTERVAL_OPTIONS = [0, 1, 5, 10, 15, 20, 30, 40, 60, 80, 100, 120] as const;

/** Editable when INATIVA, or PROGRAMADA more than an hour before it starts. */
export function isCampaignEditable(status: CampaignStatus, scheduledAt: string | null, now = new Date()): boolean {
  if (status === 'INATIVA') return true;
  if (status !== 'PROGRAMADA' || !scheduledAt) return false;
  return new Date(scheduledAt).getTime() - now.getTime() > 60 * 60 * 1000;
}

/** cancel: EM_ANDAMENTO -> CANCELADA; restart: CANCELADA -> EM_ANDAMENTO. */
export const CAMPAIGN_TRANSITIONS: Record<'cancel' | 'restart', { from: CampaignStatus; to: CampaignStatus }> = {
  cancel: { from: 'EM_ANDAMENTO', to: 'CANCELADA' },
  restart: { from: 'CANCELADA', to: 'EM_ANDAMENTO' },
};
