import { Field, type FieldProps, makeStyles, tokens } from '@fluentui/react-components';
import { format, isValid, parse } from 'date-fns';
import { MaskedInput } from './MaskedInput';

/**
 * Spec §2: dates are typed and read dd/MM/yyyy, times HH:mm, in every language. Masked text rather
 * than the browser's date and time pickers, which follow the system's locale (mm/dd and a 12-hour
 * clock on an en-US machine) whatever the product's language.
 */
export const DATE_PATTERN = 'dd/MM/yyyy';
export const TIME_PATTERN = 'HH:mm';
const DATE_MASK = '00/00/0000';
const TIME_MASK = '00:00';
const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/;

export function localDateText(at: Date): string {
  return format(at, DATE_PATTERN);
}

export function localTimeText(at: Date): string {
  return format(at, TIME_PATTERN);
}

/** The moment a typed date and time give, where the user is; null while either is incomplete or impossible. */
export function localMoment(date: string, time: string): Date | null {
  if (!HHMM.test(time)) return null;
  const at = parse(`${date} ${time}`, `${DATE_PATTERN} ${TIME_PATTERN}`, new Date());
  return isValid(at) && format(at, DATE_PATTERN) === date ? at : null;
}

const useStyles = makeStyles({
  when: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalM, '& > *': { flex: '1 1 160px' } },
});

type FieldState = Pick<FieldProps, 'validationState' | 'validationMessage'>;

interface DateTimeFieldsProps {
  date: { label: string; value: string; onChange: (value: string) => void } & FieldState;
  time: { label: string; value: string; onChange: (value: string) => void } & FieldState;
  required?: boolean;
  readOnly?: boolean;
  /** Both fields were left: the moment they make is checked as one. */
  onBlur?: () => void;
  hint?: string;
}

/** A date and a time side by side (wrapping on a phone), typed through masks. */
export function DateTimeFields({ date, time, required, readOnly, onBlur, hint }: DateTimeFieldsProps) {
  const styles = useStyles();
  return (
    <div className={styles.when}>
      <Field
        label={date.label}
        required={required}
        validationState={date.validationState}
        validationMessage={date.validationMessage}
        hint={hint}
      >
        <MaskedInput
          mask={DATE_MASK}
          inputMode="numeric"
          readOnly={readOnly}
          value={date.value}
          onValueChange={(masked) => date.onChange(masked)}
          onBlur={onBlur}
        />
      </Field>
      <Field
        label={time.label}
        required={required}
        validationState={time.validationState}
        validationMessage={time.validationMessage}
      >
        <MaskedInput
          mask={TIME_MASK}
          inputMode="numeric"
          readOnly={readOnly}
          value={time.value}
          onValueChange={(masked) => time.onChange(masked)}
          onBlur={onBlur}
        />
      </Field>
    </div>
  );
}
