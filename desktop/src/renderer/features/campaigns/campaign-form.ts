import {
  CAMPAIGN_MESSAGE_FIELDS,
  type Campaign,
  campaignSchema,
  type Id,
  TIME_HHMM,
  V,
  type WhatsappConnection,
} from '@atendo/shared';
import { type FormikErrors, yupToFormErrors } from 'formik';
import { ValidationError } from 'yup';
import { localDateText, localMoment, localTimeText } from '../../components/DateTimeFields';

export type MessageKey = (typeof CAMPAIGN_MESSAGE_FIELDS)[number];

/** Who receives the campaign: the contacts of a list, or those whose tickets carry a tag. */
export type Audience = 'contactList' | 'tag';

/**
 * The campaign form as its inputs hold it: the selects' ids as text ('' for none), the start as a
 * local date and time (both empty: a draft).
 */
export type CampaignFormValues = Record<MessageKey, string> & {
  name: string;
  whatsappId: string;
  audience: Audience;
  contactListId: string;
  tagListId: string;
  fileListId: Id | null;
  scheduledDate: string;
  scheduledTime: string;
  /** Start as soon as it is saved, instead of at the date and time. */
  sendNow: boolean;
  confirmation: boolean;
};

/** The body of POST and PUT /campaigns, as campaignSchema reads it. */
export type CampaignInput = Record<MessageKey, string> & {
  name: string;
  confirmation: boolean;
  /** ISO instant: the body, and the store's copy of it, hold plain data. */
  scheduledAt: string | null;
  whatsappId: Id | null;
  contactListId: Id | null;
  tagListId: Id | null;
  fileListId: Id | null;
};

const idText = (id: Id | null | undefined) => (id ? String(id) : '');
const idOf = (text: string): Id | null => (text ? Number(text) : null);

/** The connection a new campaign goes out on until one is chosen: the company's default one. */
export function defaultConnectionId(
  connections: Pick<WhatsappConnection, 'id' | 'isDefault'>[] | undefined,
): Id | null {
  return connections?.find((connection) => connection.isDefault)?.id ?? null;
}

export function campaignFormValues(campaign: Campaign | null, defaultWhatsappId: Id | null = null): CampaignFormValues {
  const at = campaign?.scheduledAt ? new Date(campaign.scheduledAt) : null;
  const messages = Object.fromEntries(CAMPAIGN_MESSAGE_FIELDS.map((key) => [key, campaign?.[key] ?? ''])) as Record<
    MessageKey,
    string
  >;
  return {
    ...messages,
    name: campaign?.name ?? '',
    whatsappId: idText(campaign ? campaign.whatsappId : defaultWhatsappId),
    audience: campaign?.tagId && !campaign.contactListId ? 'tag' : 'contactList',
    contactListId: idText(campaign?.contactListId),
    tagListId: idText(campaign?.tagId),
    fileListId: campaign?.fileListId ?? null,
    scheduledDate: at ? localDateText(at) : '',
    scheduledTime: at ? localTimeText(at) : '',
    sendNow: false,
    confirmation: campaign?.confirmation ?? false,
  };
}

/**
 * The start the date and time give (dd/MM/yyyy and HH:mm, local time), as an ISO instant; null for a
 * draft (or a half-filled pair, which the form flags). An impossible one goes as text no date reads,
 * for the schema to refuse.
 */
export function scheduledAtOf({ scheduledDate, scheduledTime }: CampaignFormValues): string | null {
  if (!scheduledDate || !scheduledTime) return null;
  return localMoment(scheduledDate, scheduledTime)?.toISOString() ?? 'invalid';
}

/**
 * Only the chosen audience's id is sent: a campaign goes to a list or to a tag. "Send now" starts it
 * at `now` (the server starts a campaign whose time has come at once).
 */
export function campaignInput(values: CampaignFormValues, now = new Date()): CampaignInput {
  const messages = Object.fromEntries(CAMPAIGN_MESSAGE_FIELDS.map((key) => [key, values[key]])) as Record<
    MessageKey,
    string
  >;
  return {
    ...messages,
    name: values.name.trim(),
    confirmation: values.confirmation,
    scheduledAt: values.sendNow ? now.toISOString() : scheduledAtOf(values),
    whatsappId: idOf(values.whatsappId),
    contactListId: values.audience === 'contactList' ? idOf(values.contactListId) : null,
    tagListId: values.audience === 'tag' ? idOf(values.tagListId) : null,
    fileListId: values.fileListId,
  };
}

/**
 * Errors named after the campaign's fields (the shared schema's, or a 400 answer's) under the
 * form's inputs: the start under its date, a missing audience under the audience's select.
 */
export function formErrorsOf(errors: Record<string, unknown>, audience: Audience): FormikErrors<CampaignFormValues> {
  const mapped: Record<string, unknown> = {};
  for (const [field, message] of Object.entries(errors)) {
    const target =
      field === 'scheduledAt' ? 'scheduledDate' : field === 'contactListId' && audience === 'tag' ? 'tagListId' : field;
    mapped[target] ??= message;
  }
  return mapped as FormikErrors<CampaignFormValues>;
}

/** The date and time typed as a pair: both or neither, the time as HH:mm. */
function datePairErrors(values: CampaignFormValues): Record<string, unknown> {
  const pair: Record<string, unknown> = {};
  if (values.scheduledDate && !values.scheduledTime) pair.scheduledTime = V.required;
  if (values.scheduledTime && !TIME_HHMM.test(values.scheduledTime)) pair.scheduledTime = V.time;
  if (!values.scheduledDate && values.scheduledTime) pair.scheduledDate = V.required;
  return pair;
}

/**
 * The form's validation: the shared campaignSchema over the body it would send, plus the date and
 * time pair (not asked for when the campaign is to start now).
 */
export async function validateCampaignForm(values: CampaignFormValues): Promise<FormikErrors<CampaignFormValues>> {
  const pair = values.sendNow ? {} : datePairErrors(values);
  try {
    await campaignSchema.validate(campaignInput(values), { abortEarly: false });
    return formErrorsOf(pair, values.audience);
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    return formErrorsOf({ ...pair, ...(yupToFormErrors(error) as Record<string, unknown>) }, values.audience);
  }
}
