import type * as yup from 'yup';
import type { campaignSchema, campaignSettingsSchema } from '@atendo/shared';

export type CampaignInput = yup.InferType<typeof campaignSchema>;
export type CampaignSettingsInput = yup.InferType<typeof campaignSettingsSchema>;
