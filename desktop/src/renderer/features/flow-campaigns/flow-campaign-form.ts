import { type FlowCampaign, flowCampaignSchema, flowCampaignUpdateSchema, type Id } from '@atendo/shared';
import type { FlowCampaignInput } from './flow-campaigns.api';

/** The dialog's values: the flow and the connection as their selects hold them (an id's text, or ''). */
export interface FlowCampaignForm {
  name: string;
  flowId: string;
  whatsappId: string;
  phrase: string;
  status: boolean;
}

/** Spec 2 §4: a new phrase starts active. */
export function formOf(campaign: FlowCampaign | null): FlowCampaignForm {
  if (!campaign) return { name: '', flowId: '', whatsappId: '', phrase: '', status: true };
  return {
    name: campaign.name,
    flowId: String(campaign.flowId),
    whatsappId: String(campaign.whatsappId),
    phrase: campaign.phrase,
    status: campaign.status,
  };
}

/**
 * What the dialog sends, trimmed and typed by the shared schemas the server checks with: the new
 * campaign's, or with `id` the changed one's.
 */
export function flowCampaignInput(values: FlowCampaignForm): FlowCampaignInput;
export function flowCampaignInput(values: FlowCampaignForm, id: Id): FlowCampaignInput & { id: Id };
export function flowCampaignInput(values: FlowCampaignForm, id?: Id): FlowCampaignInput & { id?: Id } {
  if (id === undefined) return flowCampaignSchema.cast(values, { stripUnknown: true });
  return flowCampaignUpdateSchema.cast({ ...values, id }, { stripUnknown: true });
}
