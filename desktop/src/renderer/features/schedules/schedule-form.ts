import {
  type Id,
  SCHEDULE_ATTACHMENT_EXTENSIONS,
  SCHEDULE_MEDIA_MAX_MIB,
  type Schedule,
  scheduleSchema,
  TIME_HHMM,
  V,
  type ValidationMessage,
} from '@atendo/shared';
import { type FormikErrors, yupToFormErrors } from 'formik';
import { localDateText, localMoment, localTimeText } from '../../components/DateTimeFields';
import type { ScheduleInput } from './schedules.api';

/** The schedule form as its inputs hold it: sendAt as a local date and time, typed through masks. */
export interface ScheduleFormValues {
  contactId: Id | null;
  body: string;
  date: string;
  time: string;
}

export function scheduleFormValues(schedule: Schedule | null, contactId: Id | null, sendAt: Date): ScheduleFormValues {
  const at = schedule ? new Date(schedule.sendAt) : sendAt;
  return {
    contactId: schedule?.contactId ?? contactId,
    body: schedule?.body ?? '',
    date: localDateText(at),
    time: localTimeText(at),
  };
}

/** The moment the date and time give, where the user is; null while either is incomplete or impossible. */
export function sendAtOf({ date, time }: Pick<ScheduleFormValues, 'date' | 'time'>): Date | null {
  return localMoment(date, time);
}

/**
 * The form's errors: the date and the time each as typed, then the rest by scheduleSchema (the
 * server's own rules), whose sendAt errors (required, in the future) show under the date.
 */
export async function validateScheduleForm(values: ScheduleFormValues): Promise<FormikErrors<ScheduleFormValues>> {
  // Messages are i18n keys or `{ key, params }` (validationText reads both), not formik's strings.
  const errors: Record<string, unknown> = {};
  const sendAt = sendAtOf(values);
  if (!TIME_HHMM.test(values.time)) errors.time = V.time;
  else if (!sendAt) errors.date = V.date;
  try {
    await scheduleSchema.validate(
      { body: values.body, contactId: values.contactId, sendAt: sendAt ?? undefined },
      { abortEarly: false },
    );
  } catch (failure) {
    const found: Record<string, unknown> = yupToFormErrors(failure);
    if (found.body) errors.body = found.body;
    if (found.contactId) errors.contactId = found.contactId;
    if (found.sendAt && sendAt) errors.date = found.sendAt;
  }
  return errors as FormikErrors<ScheduleFormValues>;
}

/**
 * The body of the save, the ticket and connection it came with kept as they were; null until the
 * contact, date and time make a schedule.
 */
export function scheduleInput(
  values: ScheduleFormValues,
  origin: Pick<ScheduleInput, 'ticketId' | 'whatsappId'>,
): ScheduleInput | null {
  const sendAt = sendAtOf(values);
  if (!sendAt || !values.contactId) return null;
  return { body: values.body.trim(), contactId: values.contactId, sendAt: sendAt.toISOString(), ...origin };
}

/** Why a chosen file cannot be a schedule's image (a validation message), or null. */
export function scheduleAttachmentProblem(file: File): string | ValidationMessage | null {
  const name = file.name.toLowerCase();
  if (!SCHEDULE_ATTACHMENT_EXTENSIONS.some((extension) => name.endsWith(extension))) return V.fileType;
  if (file.size > SCHEDULE_MEDIA_MAX_MIB * 1024 * 1024) {
    return { key: V.fileTooLarge, params: { max: SCHEDULE_MEDIA_MAX_MIB } };
  }
  if (file.size === 0) return V.required;
  return null;
}
