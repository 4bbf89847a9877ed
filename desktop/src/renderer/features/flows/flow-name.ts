import { flowNameSchema, toValidationMessage, V } from '@atendo/shared';
import { type FormikErrors, validateYupSchema, yupToFormErrors } from 'formik';
import { ValidationError } from 'yup';

export interface FlowNameForm {
  name: string;
}

/** Spec 2 §5: a flow without a name is asked for one ('Digite um nome!'), in the flows' own words. */
export const FLOW_NAME_REQUIRED = 'flows.validation.nameRequired';

/** A name error as the dialog shows it: the shared message, except for a missing name. */
export function flowNameMessage(message: unknown): unknown {
  return message && toValidationMessage(message).key === V.required ? FLOW_NAME_REQUIRED : message;
}

/** The add and rename dialogs' check: the shared `flowNameSchema` (2 to 50 characters, required). */
export async function validateFlowName(values: FlowNameForm): Promise<FormikErrors<FlowNameForm>> {
  try {
    await validateYupSchema(values, flowNameSchema);
    return {};
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    const errors = yupToFormErrors<FlowNameForm>(error);
    return errors.name ? { ...errors, name: flowNameMessage(errors.name) as string } : errors;
  }
}

/** What the dialogs send: the name as the server keeps it (trimmed). */
export function flowNameInput(values: FlowNameForm): FlowNameForm {
  return flowNameSchema.cast(values, { stripUnknown: true });
}
