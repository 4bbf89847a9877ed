import {
  type IntegrationType,
  type QueueIntegration,
  type QueueIntegrationInput,
  queueIntegrationSchema,
  SIGNED_INTEGRATION_TYPES,
  URL_INTEGRATION_TYPES,
} from '@atendo/shared';
import { type FormikErrors, validateYupSchema, yupToFormErrors } from 'formik';
import { ValidationError } from 'yup';

/** The integration dialog's values: numbers as typed, so a field being edited may be empty. */
export interface IntegrationForm {
  type: IntegrationType;
  name: string;
  projectName: string;
  jsonContent: string;
  language: QueueIntegration['language'];
  urlN8N: string;
  typebotSlug: string;
  typebotExpires: string;
  typebotDelayMessage: string;
  typebotKeywordFinish: string;
  typebotKeywordRestart: string;
  typebotRestartMessage: string;
  typebotUnknownMessage: string;
  /** A flowbuilder integration's flow: its id ('' for none yet) and its name, as the picker shows it. */
  flowId: string;
  flowName: string;
}

const DEFAULTS = queueIntegrationSchema.getDefault();

/** What a new integration starts from: a webhook, the generic type, with the spec's Typebot defaults. */
const NEW_INTEGRATION: IntegrationForm = {
  type: 'webhook',
  name: '',
  projectName: '',
  jsonContent: '',
  language: 'pt-BR',
  urlN8N: '',
  typebotSlug: '',
  typebotExpires: String(DEFAULTS.typebotExpires),
  typebotDelayMessage: String(DEFAULTS.typebotDelayMessage),
  typebotKeywordFinish: '',
  typebotKeywordRestart: '',
  typebotRestartMessage: '',
  typebotUnknownMessage: '',
  flowId: '',
  flowName: '',
};

/** The dialog's values for an integration as the server answers it (its JSON masked), or a new one. */
export function formOf(integration: QueueIntegration | null): IntegrationForm {
  if (!integration) return { ...NEW_INTEGRATION };
  return {
    type: integration.type,
    name: integration.name,
    // For these types the server keeps the name here: nothing of the admin's to show.
    projectName: integration.type === 'dialogflow' ? integration.projectName : '',
    jsonContent: integration.jsonContent,
    language: integration.language,
    urlN8N: integration.urlN8N,
    typebotSlug: integration.typebotSlug,
    typebotExpires: String(integration.typebotExpires),
    typebotDelayMessage: String(integration.typebotDelayMessage),
    typebotKeywordFinish: integration.typebotKeywordFinish,
    typebotKeywordRestart: integration.typebotKeywordRestart,
    typebotRestartMessage: integration.typebotRestartMessage,
    typebotUnknownMessage: integration.typebotUnknownMessage,
    flowId: integration.flowId ? String(integration.flowId) : '',
    flowName: integration.flow?.name ?? '',
  };
}

/** The fields the dialog shows for a type, besides its type and name. */
export function fieldsOf(type: IntegrationType) {
  return {
    url: URL_INTEGRATION_TYPES.includes(type),
    dialogflow: type === 'dialogflow',
    typebot: type === 'typebot',
    flow: type === 'flowbuilder',
    // Only the types the server signs posts for show their signing secret.
    signed: SIGNED_INTEGRATION_TYPES.includes(type),
  };
}

type Draft = { [K in keyof QueueIntegrationInput]?: unknown };

/**
 * What is checked and sent: only the fields of the chosen type. The others are left out, so the
 * schema's defaults (empty, or Typebot's numbers) go instead: a value typed under another type and
 * hidden since is neither refused unseen nor saved. An emptied number also takes its default.
 */
function draftOf(values: IntegrationForm): Draft {
  const shown = fieldsOf(values.type);
  const number = (typed: string) => (typed.trim() === '' ? undefined : typed);
  return {
    type: values.type,
    name: values.name,
    ...(shown.dialogflow && {
      projectName: values.projectName,
      jsonContent: values.jsonContent,
      language: values.language,
    }),
    ...(shown.url && { urlN8N: values.urlN8N }),
    ...(shown.typebot && {
      typebotSlug: values.typebotSlug,
      typebotExpires: number(values.typebotExpires),
      typebotDelayMessage: number(values.typebotDelayMessage),
      typebotKeywordFinish: values.typebotKeywordFinish,
      typebotKeywordRestart: values.typebotKeywordRestart,
      typebotRestartMessage: values.typebotRestartMessage,
      typebotUnknownMessage: values.typebotUnknownMessage,
    }),
    ...(shown.flow && { flowId: values.flowId === '' ? null : values.flowId }),
  };
}

/** The form's errors by the shared schema, on the fields of its type (formik's `validate`). */
export async function validateIntegration(values: IntegrationForm): Promise<FormikErrors<IntegrationForm>> {
  try {
    await validateYupSchema(draftOf(values), queueIntegrationSchema);
    return {};
  } catch (error) {
    // Anything else is a fault of this code, not of the values: it must not pass as "no errors".
    if (!ValidationError.isError(error)) throw error;
    return yupToFormErrors(error);
  }
}

/** The body of the create or update call, once validateIntegration passed. */
export function integrationInput(values: IntegrationForm): QueueIntegrationInput {
  return queueIntegrationSchema.cast(draftOf(values));
}
