import type { WeekdaySchedule } from '@atendo/shared';
import { Field } from '@fluentui/react-components';
import type { i18n as I18n } from 'i18next';
import { validationText } from '../app/errors';
import { MaskedInput } from './MaskedInput';

/** Spec §5: working hours are typed as ##:##. */
const TIME_MASK = '00:00';

interface TimeInputProps {
  value: string;
  label: string;
  onChange: (value: string) => void;
  error?: string;
}

/** One working-hours time, typed through the ##:## mask, with its error under it. */
export function TimeInput({ value, label, onChange, error }: TimeInputProps) {
  return (
    <Field label={label} validationState={error ? 'error' : 'none'} validationMessage={error}>
      <MaskedInput mask={TIME_MASK} inputMode="numeric" value={value} onValueChange={(masked) => onChange(masked)} />
    </Field>
  );
}

/**
 * The translated error of one time in a form's weekday `schedules`, shown once the form was
 * submitted (the times are typed through a mask, so they are never "touched" one by one).
 */
export function scheduleTimeError(
  formik: { errors: { schedules?: unknown }; submitCount: number },
  index: number,
  key: keyof WeekdaySchedule,
  i18n: I18n,
): string | undefined {
  const errors = formik.errors.schedules as unknown as Array<Record<string, unknown>> | undefined;
  return formik.submitCount > 0 ? validationText(i18n, errors?.[index]?.[key]) : undefined;
}
