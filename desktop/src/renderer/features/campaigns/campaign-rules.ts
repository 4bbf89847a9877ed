import {
  CAMPAIGN_MESSAGE_FIELDS,
  CAMPAIGN_TRANSITIONS,
  type Campaign,
  type CampaignStatus,
  type CampaignTotals,
  isCampaignEditable,
} from '@atendo/shared';

/** The row buttons of a campaign besides report, edit and delete, by its status (spec §4). */
export interface CampaignRowActions {
  /** Stop: a running or programmed campaign is cancelled. */
  cancel: boolean;
  /** Restart: a cancelled campaign resumes where it stopped. */
  restart: boolean;
  /** A running campaign is stopped before it is deleted (the server refuses otherwise). */
  deletable: boolean;
}

export function campaignRowActions(status: CampaignStatus): CampaignRowActions {
  return {
    cancel: CAMPAIGN_TRANSITIONS.cancel.from.includes(status),
    restart: CAMPAIGN_TRANSITIONS.restart.from.includes(status),
    deletable: status !== 'EM_ANDAMENTO',
  };
}

/**
 * What the campaign form lets one change (spec §4): everything while the campaign is a draft or
 * starts more than an hour from now, only the messages once it was cancelled, nothing otherwise.
 * A new campaign is `all`.
 */
export type CampaignFormAccess = 'all' | 'messages' | 'none';

export function campaignFormAccess(
  campaign: Pick<Campaign, 'status' | 'scheduledAt'> | null,
  now = new Date(),
): CampaignFormAccess {
  if (!campaign || isCampaignEditable(campaign.status, campaign.scheduledAt, now)) return 'all';
  return campaign.status === 'CANCELADA' ? 'messages' : 'none';
}

const MESSAGE_FIELDS: ReadonlySet<string> = new Set(CAMPAIGN_MESSAGE_FIELDS);

/** Whether the form's field (a campaign field name, or `media` for the attachment) may change. */
export function campaignFieldEditable(access: CampaignFormAccess, field: string): boolean {
  return access === 'all' || (access === 'messages' && MESSAGE_FIELDS.has(field));
}

/** A share of a whole, for a progress bar (0 to 1) and the figure beside it. */
export interface Progress {
  done: number;
  of: number;
  /** `done / of`, kept within 0 and 1 (0 while there is nothing to count). */
  ratio: number;
}

function progress(done: number, of: number): Progress {
  return { done, of, ratio: of > 0 ? Math.min(1, Math.max(0, done / of)) : 0 };
}

/**
 * The list's small figure: sent over valid contacts, only while the campaign runs (before, there
 * is nothing to count; after, the report tells the whole story).
 */
export function listProgress(campaign: Pick<Campaign, 'status' | 'totals'>): Progress | null {
  if (campaign.status !== 'EM_ANDAMENTO' || !campaign.totals) return null;
  return progress(campaign.totals.sent, campaign.totals.valid);
}

/** The report's bar: the contacts dealt with (sent, failed or not on WhatsApp) over all of them. */
export function reportProgress(totals: CampaignTotals): Progress {
  return progress(totals.sent + totals.failed + totals.invalid, totals.contacts);
}

/** The report's percentage, whole (a bar at 99.6 % is not done). */
export function percentOf({ ratio }: Progress): number {
  return Math.floor(ratio * 100);
}
