import { type CampaignSettings, campaignSettingsSchema } from '@atendo/shared';
import { type FormikErrors, setIn } from 'formik';
import { ValidationError } from 'yup';

export type CampaignVariable = CampaignSettings['variables'][number];

/** The variables table after adding one, or why it was not added (a message for the key's field). */
export type VariableAdded = { variables: CampaignVariable[] } | { error: unknown };

/**
 * Spec §9: a key already in the table is not added again, and says so; otherwise the key must
 * pass the settings schema (no braces nor spaces, 50 characters, 100 variables at most).
 */
export function addVariable(variables: readonly CampaignVariable[], key: string, value: string): VariableAdded {
  const trimmed = key.trim();
  if (variables.some((variable) => variable.key === trimmed)) return { error: 'campaigns.settings.keyExists' };
  const next = [...variables, { key: trimmed, value }];
  try {
    campaignSettingsSchema.validateSyncAt('variables', { variables: next });
  } catch (error) {
    if (error instanceof ValidationError) return { error: error.message as unknown };
    throw error;
  }
  return { variables: next };
}

/** A 400 answer's fields (`settings.variables[2].key`) as the settings form's errors. */
export function settingsFormErrors<V>(fields: Record<string, unknown>): FormikErrors<V> {
  let errors: FormikErrors<V> = {};
  for (const [field, message] of Object.entries(fields)) {
    errors = setIn(errors, field.replace(/^settings\./, ''), message) as FormikErrors<V>;
  }
  return errors;
}
